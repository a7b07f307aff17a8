import { describe, expect, it } from "vitest";
import { mq5ToCpp } from "./source";

const MQ5 = `#property copyright "StratForge"
#property strict

#include <Trade\\Trade.mqh>

input group "Trading"
input int InpMaxPositions = 1; // Maximum open positions

CTrade trade;

int OnInit()
  {
   return(Helper(2) > 0.0 ? INIT_SUCCEEDED : INIT_FAILED);
  }

double Helper(int index)
  {
   double values[];
   return(values.size() + index);
  }
`;

describe("mq5ToCpp (the MQL5 runtime's source pass)", () => {
  const cpp = mq5ToCpp(MQ5);

  it("includes the runtime instead of #property and #include lines", () => {
    expect(cpp.startsWith('#include "mql5.hpp"\n')).toBe(true);
    expect(cpp).not.toContain("#property");
    expect(cpp).not.toContain("Trade.mqh");
  });

  it("turns inputs into globals and drops input groups", () => {
    expect(cpp).toContain("int InpMaxPositions = 1; // Maximum open positions");
    expect(cpp).not.toMatch(/\binput\b/);
  });

  it("declares dynamic arrays as MqlArray and every function before the first one", () => {
    expect(cpp).toContain("   MqlArray<double> values;");
    const declared = cpp.indexOf("double Helper(int index);");
    expect(declared).toBeGreaterThan(0);
    expect(declared).toBeLessThan(cpp.indexOf("int OnInit()\n"));
  });
});
