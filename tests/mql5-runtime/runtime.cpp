// The runtime's translation unit: the MQL5 API, the broker, the indicators and the tester's main,
// compiled once per test run and linked with each translated EA (harness.ts compileEa).
#define MQL5RT_IMPLEMENTATION
#include "mql5.hpp"
