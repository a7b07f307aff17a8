// The New Strategy screen's example prompts (spec 2: "Go long when the 6 MA crosses the 12 MA."). Kept beside
// the interpreter so that a test can hold each one to what the screen promises: the embedded assistant builds
// it without a question, and its backtest trades all year (examples.test.ts in worker/services/assistant).
export const EXAMPLE_PROMPTS = [
  "Go long when the 6 MA crosses the 12 MA.",
  "When the 60 moving average crosses the 120 moving average, go long. Do the opposite for short.",
] as const;
