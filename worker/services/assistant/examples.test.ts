import { describe, expect, it } from "vitest";
import { runBacktest } from "../../engine/backtest";
import { leanEurusdH1 } from "../../engine/lean.fixture";
import { getSymbol } from "../../market/catalogue";
import { EXAMPLE_PROMPTS } from "../../strategy/interpreter/examples";
import { createInterpreterAssistant } from "./interpreter";

// The New Strategy screen's example prompts (issue 15): each one, sent as a first message to the embedded
// assistant, must give a strategy that trades all through a year of real EURUSD H1 data (Lean/OANDA bid
// bars, 2018, open prices only: the data is H1), not one that asks back or opens a single trade and holds it to the end of the test.

const DAY = 86_400_000;
const FROM = Date.UTC(2018, 0, 1);
const TO = Date.UTC(2019, 0, 1);

describe.each(EXAMPLE_PROMPTS.map((p) => [p]))("example prompt %j", (prompt) => {
  it("builds a spec without a question and trades in every part of 2018", async () => {
    const turn = await createInterpreterAssistant().turn(prompt, null);
    expect(turn.followUpQuestion).toBeNull();
    const spec = turn.spec;
    if (!spec) throw new Error(`no spec: ${turn.clarifications}`);
    const result = runBacktest(
      spec,
      { bars: leanEurusdH1(), period: "H1" },
      {
        symbol: getSymbol("EURUSD"),
        period: spec.timeframe,
        from: FROM,
        to: TO,
        model: 3,
        executionMode: 0,
        deposit: 10_000,
        currency: "USD",
      },
    );
    const trades = result.trades;
    const months = new Set(trades.map((t) => new Date(t.entryTime).getUTCMonth()));
    expect(months.size, `entries in months ${[...months].join(",")}`).toBeGreaterThanOrEqual(10);
    // No trade spans the year: the longest is held for less than a quarter of it.
    const longest = Math.max(...trades.map((t) => t.exitTime - t.entryTime));
    expect(longest / DAY).toBeLessThan(90);
    // And trades close on the strategy's own rules, not only at the end of the test.
    expect(trades.filter((t) => t.exitReason !== "end").length).toBeGreaterThanOrEqual(12);
  });
});
