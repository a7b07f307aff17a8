// The built-in assistant's time per turn (issue 6: "the assistant's time per turn"), moved here from a timed
// test: speed is measured in `npm run bench`, never asserted in tests.
import { interpret } from "../../worker/strategy/interpreter";

const MESSAGES = [
  "Hi! I trade EURUSD on the 1 hour chart. When the 21 EMA crosses above the 55 EMA and the RSI is above 50 I buy, when the 21 crosses below the 55 and RSI under 50 I sell. SL 25 pips, TP 50 pips, risk 1% per trade, London and New York sessions only.",
  "Buy when stochastic %K crosses %D below 20, sell when %K crosses below %D above 80. Stop 2x ATR, trail by 20 pips, no trading on Fridays.",
  "Go long when the 6 MA crosses the 12 MA.",
];

export async function bench(): Promise<void> {
  for (let i = 0; i < 50; i++) interpret(MESSAGES[i % MESSAGES.length], null);
  const times: number[] = [];
  for (let i = 0; i < 600; i++) {
    const t0 = performance.now();
    interpret(MESSAGES[i % MESSAGES.length], null);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * (times.length - 1))].toFixed(3);
  console.log(
    `assistant (interpreter) per turn: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (goal: well under 5 ms)`,
  );
}
