/**
 * The worker that scripts/bench/workerd-memory.ts runs inside workerd: one year of demo EURUSD M1 backtested at
 * every tick with sma-cross-10-20, as the BacktestRunner would (bars in memory, the engine, the report figures).
 * Bundled by esbuild; answers the tick count so the bench knows the run happened.
 */

import smaCross from "../../../examples/strategies/sma-cross-10-20.json";
import { runBacktest } from "../../../worker/engine/backtest";
import { computeReport } from "../../../worker/engine/report/metrics";
import { concatBars } from "../../../worker/market/bars";
import { getSymbol } from "../../../worker/market/catalogue";
import { monthsInRange } from "../../../worker/market/chunks";
import { demoMonth } from "../../../worker/market/demo";
import { parseSpec } from "../../../worker/strategy/spec";

export default {
  async fetch(): Promise<Response> {
    const parsed = parseSpec(smaCross);
    if (!parsed.ok) return new Response("spec does not parse", { status: 500 });
    const symbol = getSymbol("EURUSD");
    const year = concatBars(
      monthsInRange(Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1)).map((m) => demoMonth(symbol, m)),
    );
    const result = runBacktest(
      parsed.spec,
      { bars: year, period: "M1" },
      {
        symbol,
        period: "H1",
        from: year.time[0],
        to: year.time[year.length - 1] + 60_000,
        model: 0,
        executionMode: 0,
        deposit: 10_000_000,
        currency: "USD",
      },
    );
    const report = computeReport(result.report);
    return Response.json({
      ticks: result.report.ticks,
      bars: year.length,
      figures: Object.keys(report.values).length,
    });
  },
};
