/**
 * The one place the strategy services touch the engine (DESIGN D6): spec + bars + the request's inputs in,
 * the stored sections out. Pure: candles are loaded by the caller.
 */
import {
  type BacktestRun,
  startBacktest,
  startWindowedBacktest,
  type WindowedRun,
  type WindowedSource,
} from "../../engine/backtest";
import type { CostSettings } from "../../engine/costs";
import { computeReport, type ReportNumbers } from "../../engine/report";
import { equityCurve } from "../../engine/report/equity-curve";
import { tradeRows } from "../../engine/report/trades";
import { dealRows, orderRows } from "../../engine/rows";
import {
  type AccountType,
  type BacktestResult,
  type BacktestSettings,
  DEPOSIT_CURRENCIES,
  type DepositCurrency,
  type Model,
} from "../../engine/types";
import { getSymbol } from "../../market/catalogue";
import { DemoRates } from "../../market/demo-rates";
import { periodMs } from "../../market/periods";
import type { Bars, Period } from "../../market/types";
import { indicatorLookback, type StrategySpec, sourcedLookback } from "../../strategy/spec";
import type { ResultSections } from "./backtest-sections";
import { type CrossRateBars, priceAt } from "./cross-rates";
import { mapInPieces, type Pieces, runToEnd } from "./in-pieces";

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
  /** Hedging when absent (the engine's default). */
  account?: AccountType;
  /** The broker's server time zone the bars are in (report header); UTC when absent. */
  timeZone?: string;
  /** None when absent. */
  costs?: CostSettings;
  /** The broker's stops level in points (pending orders' minimum distance); none when absent. */
  stopsLevel?: number;
}

/** History before `from` for indicator warm-up: 3x the longest indicator period, at least a month. */
export function warmUpMs(spec: StrategySpec): number {
  // A higher-timeframe indicator needs its look-back in bars of its own period (issue 14).
  let longest = 1;
  for (const ind of spec.indicators)
    longest = Math.max(
      longest,
      // An average of another indicator adds its source's look-back to its own.
      sourcedLookback(ind, spec.indicators, indicatorLookback) * periodMs(ind.timeframe ?? spec.timeframe),
    );
  return Math.min(3 * 366 * DAY, Math.max(31 * DAY, 3 * longest));
}

/** The resolution the engine needs for a model: M1 for tick and OHLC modelling, the test period otherwise. */
export function dataPeriodFor(model: number, period: Period): Period {
  return model <= 2 ? "M1" : period;
}

function conversionNotes(
  inputs: EngineInputs,
  imported: ReadonlySet<string>,
  generated: ReadonlySet<string>,
  crossRates: ReadonlyMap<string, CrossRateBars>,
): string[] {
  const notes: string[] = [];
  if (imported.size > 0) {
    const pairs = [...imported]
      .sort()
      .map((p) => `${p} (${crossRates.get(p)?.period ?? ""})`)
      .join(", ");
    notes.push(
      `Profits and margins were converted into ${inputs.currency} at the time of each deal with the imported prices of ${pairs}.`,
    );
  }
  if (generated.size > 0) {
    notes.push(
      `Profits and margins were converted into ${inputs.currency} with generated demo prices of ${[...generated].sort().join(", ")}, not real market history: the conversion at the time of each deal is approximate, whatever the source of the ${inputs.symbol} prices.`,
    );
  }
  return notes;
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

/** The stored sections are typed by their schemas (backtest-sections.ts): what is written is what is read. */
export interface EngineOutput extends ResultSections {
  numbers: ReportNumbers;
  chartOrders: ChartOrder[];
  notes: string[];
}

/** A run the BacktestRunner drives in slices (issue 11): advance `run`, then `finish()` once it is over. */
export interface EngineRun {
  readonly run: BacktestRun;
  finish(): EngineOutput;
  /**
   * finish()'s work in pieces (in-pieces.ts): the report, then the rows a few hundred at a time, so the
   * runner yields between them instead of blocking its isolate for the whole of a long run's tables.
   */
  finishing(): Pieces<EngineOutput>;
}

/** The whole run in one call (tests, the bench and the CLI). */
export function runEngine(
  spec: StrategySpec,
  bars: Bars,
  dataPeriod: Period,
  inputs: EngineInputs,
  crossRates: ReadonlyMap<string, CrossRateBars> = new Map(),
): EngineOutput {
  const engine = startEngine(spec, bars, dataPeriod, inputs, crossRates);
  while (!engine.run.advance(Number.POSITIVE_INFINITY)) {
    // one call drives every bar
  }
  return engine.finish();
}

/**
 * `crossRates`: imported bars of the cross pairs the conversion needs (cross-rates.ts), loaded by the
 * caller because the engine asks for rates synchronously, tick by tick. A pair without them is priced
 * from the demo generator, and the notes say so, since the symbol's own prices may be real.
 */
export function startEngine(
  spec: StrategySpec,
  bars: Bars,
  dataPeriod: Period,
  inputs: EngineInputs,
  crossRates: ReadonlyMap<string, CrossRateBars> = new Map(),
): EngineRun {
  return engineOf(inputs, crossRates, (settings) =>
    startBacktest(spec, { bars, period: dataPeriod }, settings),
  );
}

/** A run fed its M1 window by window (issue 11): startEngine's run, built from startWindowedBacktest. */
export function startWindowedEngine(
  spec: StrategySpec,
  source: WindowedSource,
  inputs: EngineInputs,
  crossRates: ReadonlyMap<string, CrossRateBars> = new Map(),
): EngineRun & { readonly run: WindowedRun } {
  return engineOf(inputs, crossRates, (settings) => startWindowedBacktest(spec, source, settings));
}

/**
 * The engine's settings for the request's inputs, with the cross-rate lookup the conversion asks (imported
 * bars, else the demo generator); `imported` and `demo.asked` say afterwards which pairs were used. The
 * optimiser (issue 17) runs every combination with these very settings, so its runs equal single backtests.
 */
export function engineSettings(inputs: EngineInputs, crossRates: ReadonlyMap<string, CrossRateBars>) {
  const symbol = getSymbol(inputs.symbol);
  const demo = new DemoRates();
  const imported = new Set<string>();
  const rates = (pair: string, timeMs: number): number | undefined => {
    const real = crossRates.get(pair);
    if (!real) return demo.priceAt(pair, timeMs);
    imported.add(pair);
    return priceAt(real, timeMs);
  };
  const settings: BacktestSettings = {
    symbol,
    period: inputs.period,
    from: inputs.from,
    to: inputs.to,
    model: MODELS[inputs.model] ?? 0,
    executionMode: inputs.delayMs,
    deposit: inputs.deposit,
    currency: currencyOf(inputs.currency),
    ...(inputs.account === undefined ? {} : { account: inputs.account }),
    ...(inputs.costs === undefined ? {} : { costs: inputs.costs }),
    ...(inputs.stopsLevel ? { stopsLevelPoints: inputs.stopsLevel } : {}),
    ...(inputs.timeZone === undefined ? {} : { timeZone: inputs.timeZone }),
    rates,
  };
  return { settings, symbol, demo, imported };
}

function engineOf<R extends BacktestRun>(
  inputs: EngineInputs,
  crossRates: ReadonlyMap<string, CrossRateBars>,
  start: (settings: BacktestSettings) => R,
): EngineRun & { readonly run: R } {
  const { settings, symbol, demo, imported } = engineSettings(inputs, crossRates);
  const run = start(settings);
  function* finishing(): Pieces<EngineOutput> {
    const result = run.result();
    yield;
    const report = computeReport(result.report);
    yield;
    const orders = yield* mapInPieces(result.orders, (os) => orderRows(os, symbol.digits));
    yield;
    const deals = yield* mapInPieces(result.deals, (ds) => dealRows(ds, symbol.digits));
    yield;
    const trades = yield* mapInPieces(result.trades, (ts, first) => tradeRows(ts, symbol.digits, first));
    yield;
    // The results screen's balance/equity chart over time (issue 16), stored with the other charts' data.
    const summary = { ...result.summary, equityCurve: equityCurve(result.curve, curveEnd(result)) };
    yield;
    const chartOrders = yield* mapInPieces(result.orders, (os) =>
      os
        .filter((o) => o.state === "filled")
        .map((o) => ({
          date: Math.floor(o.timeDone / 1000),
          // A filled buy stop or buy limit is a buy on the chart.
          type: o.type.startsWith("buy") ? ("buy" as const) : ("sell" as const),
          orderId: o.ticket,
          price: o.price,
        })),
    );
    return {
      results: report.values,
      numbers: report.numbers,
      orders,
      deals,
      trades,
      summary,
      chartOrders,
      notes: [...result.notes, ...conversionNotes(inputs, imported, demo.asked, crossRates)],
    };
  }
  return { run, finish: () => runToEnd(finishing()), finishing };
}

/** The run's last moment (its last deal, if after the last bar's start) with the final balance. */
function curveEnd(result: BacktestResult): { time: number; balance: number } {
  const lastDeal = result.deals.at(-1)?.time ?? 0;
  const lastBar = result.curve.time.at(-1) ?? 0;
  return { time: Math.max(lastDeal, lastBar), balance: result.finalBalance };
}
