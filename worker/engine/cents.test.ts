/**
 * Cents: MT5 books each deal's profit in the deposit currency's cents and the balance is the sum of the
 * booked deals (issue: a EUR deposit's deals summed to -746.28 while the report said -746.34).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getSymbol } from "../market/catalogue";
import { parseSpec } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { leanEurusdH1 } from "./lean.fixture";
import { computeReport } from "./report";
import { money } from "./report/format";
import { dealRows } from "./rows";

const cents = (x: number) => Math.round(x * 100);

describe("deal profits and the balance in a EUR deposit", () => {
  const spec = parseSpec(
    JSON.parse(readFileSync(path.resolve(process.cwd(), "examples/strategies/sma-cross-10-20.json"), "utf8")),
  );
  if (!spec.ok) throw new Error("example does not parse");
  const bars = leanEurusdH1();
  // EURUSD profits are in USD; a EUR deposit divides them by EURUSD, so almost none is a whole cent.
  const result = runBacktest(
    { ...spec.spec, sizing: { type: "fixed", lots: 0.37 } },
    { bars, period: "H1" },
    {
      symbol: getSymbol("EURUSD"),
      period: "H1",
      from: Date.UTC(2015, 0, 1),
      to: Date.UTC(2016, 0, 1),
      model: 3,
      executionMode: 0,
      deposit: 10_000,
      currency: "EUR",
    },
  );
  const trading = result.deals.filter((d) => d.type !== "balance");

  it("every deal's profit is a whole number of cents", () => {
    expect(trading.length).toBeGreaterThan(100);
    for (const d of trading) expect(Math.abs(d.profit * 100 - cents(d.profit))).toBeLessThan(1e-6);
  });

  it("each Balance row is the deposit plus the deals above it, to the cent", () => {
    let running = cents(10_000);
    for (const row of dealRows(result.deals, 5).slice(1)) {
      running += Math.round(Number(row.Profit) * 100);
      expect(row.Balance).toBe((running / 100).toFixed(2));
    }
  });

  it("the report's Total Net Profit is exactly the sum of the deals, and the final balance agrees", () => {
    const sum = trading.reduce((s, d) => s + cents(d.profit), 0);
    const report = computeReport(result.report);
    expect(report.values["Total Net Profit"]).toBe(money(sum / 100));
    expect(cents(report.numbers.totalNetProfit)).toBe(sum);
    expect(cents(result.finalBalance)).toBe(cents(10_000) + sum);
    expect(result.summary.balanceData.at(-1)?.balance).toBe(((cents(10_000) + sum) / 100).toFixed(2));
  });
});
