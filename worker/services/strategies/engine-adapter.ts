/**
 * The one place the strategy services touch the engine (DESIGN D6): spec + bars + the request's inputs in,
 * the stored sections out. Pure: candles are loaded by the caller.
 */
import { runBacktest } from "../../engine/backtest";
import { computeReport, type ReportNumbers } from "../../engine/report";
import { dealRows, orderRows } from "../../engine/rows";
import { DEPOSIT_CURRENCIES, type DepositCurrency, type Model } from "../../engine/types";
import { getSymbol } from "../../market/catalogue";
import { DemoRates } from "../../market/demo-rates";
import { periodMs } from "../../market/periods";
import type { Bars, Period } from "../../market/types";
import type { StrategySpec } from "../../strategy/spec";

const DAY = 86_400_000;
const MODELS: readonly Model[] = [0, 1, 2, 3, 4];

export interface EngineInputs {
  symbol: string;
  period: Period;
  /** UTC ms, inclusive. */
  from: number;
  /** UTC ms, exclusive. */
  to: number;
  model: number;
  delayMs: number;
  deposit: number;
  currency: string;
}

/** History before `from` for indicator warm-up: 3x the longest indicator period, at least a month. */
export function warmUpMs(spec: StrategySpec): number {
  let longest = 1;
  for (const ind of spec.indicators) {
    const p =
      "period" in ind
        ? ind.period
        : ind.kind === "MACD"
          ? ind.slow + ind.signal
          : ind.kPeriod + ind.dPeriod + ind.slowing;
    longest = Math.max(longest, p);
  }
  return Math.min(3 * 366 * DAY, Math.max(31 * DAY, 3 * longest * periodMs(spec.timeframe)));
}

/** The resolution the engine needs for a model: M1 for tick and OHLC modelling, the test period otherwise. */
export function dataPeriodFor(model: number, period: Period): Period {
  return model <= 2 ? "M1" : period;
}

function conversionNote(inputs: EngineInputs, rates: DemoRates): string {
  const pairs = [...rates.asked].join(", ");
  return `Profits and margins were converted into ${inputs.currency} with generated demo prices of ${pairs}, not real market history: the conversion at the time of each deal is approximate, whatever the source of the ${inputs.symbol} prices.`;
}

function currencyOf(code: string): DepositCurrency {
  const found = DEPOSIT_CURRENCIES.find((c) => c === code);
  return found ?? "USD";
}

export interface ChartOrder {
  date: number;
  type: "buy" | "sell";
  orderId: number;
  price: number;
}

export interface EngineOutput {
  results: Record<string, string>;
  numbers: ReportNumbers;
  orders: ReturnType<typeof orderRows>;
  deals: ReturnType<typeof dealRows>;
  summary: unknown;
  chartOrders: ChartOrder[];
  notes: string[];
}

export function runEngine(
  spec: StrategySpec,
  bars: Bars,
  dataPeriod: Period,
  inputs: EngineInputs,
): EngineOutput {
  const symbol = getSymbol(inputs.symbol);
  // Cross rates (a deposit currency that is neither the symbol's base nor its quote) come from the
  // demo generator: the engine asks for them synchronously, tick by tick, and the candle store is async.
  // The notes say so whenever one was used, because the symbol's own prices may be real imported data.
  const rates = new DemoRates();
  const result = runBacktest(
    spec,
    { bars, period: dataPeriod },
    {
      symbol,
      period: inputs.period,
      from: inputs.from,
      to: inputs.to,
      model: MODELS[inputs.model] ?? 0,
      executionMode: inputs.delayMs,
      deposit: inputs.deposit,
      currency: currencyOf(inputs.currency),
      rates: rates.priceAt,
    },
  );
  const report = computeReport(result.report);
  return {
    results: report.values,
    numbers: report.numbers,
    orders: orderRows(result.orders, symbol.digits),
    deals: dealRows(result.deals, symbol.digits),
    summary: result.summary,
    chartOrders: result.orders
      .filter((o) => o.state === "filled")
      .map((o) => ({ date: Math.floor(o.timeDone / 1000), type: o.type, orderId: o.ticket, price: o.price })),
    notes: rates.asked.size > 0 ? [...result.notes, conversionNote(inputs, rates)] : [...result.notes],
  };
}
