/**
 * Test-only builders for hand-made scenarios: a few bars with chosen prices, a spec from a literal and
 * settings with the defaults of the backtest form (EURUSD, USD 10,000, leverage 100, no delay), spread 0.
 */

import type { z } from "zod";
import { barsFromRows } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import type { Bars, Period } from "../market/types";
import { type OperandSchema, parseSpec, type StrategySpec, type StrategySpecInput } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { Broker } from "./broker";
import { Converter } from "./conversion";
import { DrawdownTracker } from "./drawdown";
import type { BacktestResult, BacktestSettings } from "./types";

/** Monday 2020-01-06 00:00 UTC. */
export const MONDAY = Date.UTC(2020, 0, 6);
export const MINUTE = 60_000;
export const HOUR = 3_600_000;

export type Ohlc = readonly [open: number, high: number, low: number, close: number];

/** `seconds` into M1 bar `bar` from Monday 00:00. */
export const at = (bar: number, seconds = 0) => MONDAY + bar * MINUTE + seconds * 1000;

/** The close crosses above 1.1000 on bar 1 (low 1.0988), so levelCross(1.1) buys at bar 2's open, 1.1000. */
export const CROSS_UP: Ohlc[] = [
  [1.099, 1.0995, 1.0985, 1.099],
  [1.099, 1.1004, 1.0988, 1.1002],
];

/** CROSS_UP, then the close crosses back below 1.1000 on bar 3: under levelCross(1.1) a long, then a short. */
export const LONG_THEN_SHORT: Ohlc[] = [
  ...CROSS_UP,
  [1.1, 1.103, 1.0995, 1.1005],
  [1.1005, 1.101, 1.098, 1.0985],
  [1.098, 1.099, 1.097, 1.0975],
];

/** Consecutive bars `stepMs` apart from `start`, with one spread (points) and tick volume for all. */
export function barsOf(rows: readonly Ohlc[], start = MONDAY, stepMs = MINUTE, spread = 0, volume = 4): Bars {
  return barsFromRows(
    rows.map(([open, high, low, close], i) => ({
      time: start + i * stepMs,
      open,
      high,
      low,
      close,
      volume,
      spread,
    })),
  );
}

export function specOf(input: StrategySpecInput): StrategySpec {
  const r = parseSpec(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

type OperandInput = z.input<typeof OperandSchema>;

export const CLOSE = { type: "price", field: "CLOSE" } as const;
export const indicator = (ref: string) => ({ type: "indicator", ref }) as const;
export const constant = (value: number) => ({ type: "constant", value }) as const;

/** Long when `left` crosses above `right`, short when it crosses below `shortRight` (by default `right`). */
export function crossEntry(left: OperandInput, right: OperandInput, shortRight: OperandInput = right) {
  return {
    long: { all: [{ type: "crossesAbove" as const, left, right }] },
    short: { all: [{ type: "crossesBelow" as const, left, right: shortRight }] },
  };
}

/** SMA(fast) against SMA(slow) on `timeframe`: long on the cross up, short on the cross down, 1 lot. */
export function smaCross(
  timeframe: Period,
  extra: Partial<StrategySpecInput> = {},
  [fast, slow]: readonly [fast: number, slow: number] = [10, 20],
): StrategySpec {
  return specOf({
    specVersion: 2,
    timeframe,
    indicators: [
      { id: "fast", kind: "SMA", period: fast },
      { id: "slow", kind: "SMA", period: slow },
    ],
    entry: crossEntry(indicator("fast"), indicator("slow")),
    sizing: { type: "fixed", lots: 1 },
    ...extra,
  });
}

/** Long when the closed bar's close crosses above `level`; short when it crosses below. */
export function levelCross(level: number, extra: Partial<StrategySpecInput> = {}): StrategySpec {
  return specOf({
    specVersion: 2,
    timeframe: "M1",
    entry: crossEntry(CLOSE, constant(level)),
    sizing: { type: "fixed", lots: 1 },
    ...extra,
  });
}

export function settingsOf(bars: Bars, extra: Partial<BacktestSettings> = {}): BacktestSettings {
  return {
    symbol: getSymbol("EURUSD"),
    period: "M1",
    from: bars.time[0],
    to: bars.time[bars.length - 1] + 1,
    model: 2,
    executionMode: 0,
    deposit: 10_000,
    currency: "USD",
    // Spread-free unless a test asks for one, so hand-computed prices stay round.
    spreadPoints: 0,
    ...extra,
  };
}

/** `spec` over M1 bars made of `rows` from Monday 00:00 (one spread for all), with settingsOf(bars, extra). */
export function runM1(
  spec: StrategySpec,
  rows: readonly Ohlc[],
  extra: Partial<BacktestSettings> = {},
  spread = 0,
): BacktestResult {
  const bars = barsOf(rows, MONDAY, MINUTE, spread);
  return runBacktest(spec, { bars, period: "M1" }, settingsOf(bars, extra));
}

/** A bare broker with the form's defaults (EURUSD, USD 10,000, leverage 100, stop-out 50 %), hedging. */
export function defaultBroker(): Broker {
  const eurusd = getSymbol("EURUSD");
  return new Broker(
    eurusd,
    100,
    new Converter(eurusd, "USD", undefined),
    new DrawdownTracker(10_000),
    50,
    10_000,
    0,
  );
}
