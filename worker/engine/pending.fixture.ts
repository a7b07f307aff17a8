/**
 * Test-only: the breakout and the bracket of the pending-entry tests (pending-orders, pending-history) and
 * the bars they were priced on, so both read the same scenarios.
 */
import type { StrategySpecInput } from "../strategy/spec";
import { CLOSE, constant, type Ohlc, specOf } from "./scenario.fixture";

/** Buy stop 20 pips above the 2-bar high when the close crosses above 1.1000 (long only). */
export function breakout(extra: Partial<StrategySpecInput> = {}, pending: Record<string, unknown> = {}) {
  return specOf({
    specVersion: 2,
    timeframe: "M1",
    direction: "long",
    entry: { long: { all: [{ type: "crossesAbove", left: CLOSE, right: constant(1.1) }] } },
    pendingEntry: {
      order: "stop",
      long: {
        type: "expression",
        a: { type: "extreme", side: "highest", bars: 2 },
        offset: { value: 20, unit: "pips" },
      },
      ...pending,
    },
    sizing: { type: "fixed", lots: 1 },
    stopLoss: { unit: "pips", value: 30 },
    takeProfit: { unit: "pips", value: 60 },
    ...extra,
  } as StrategySpecInput);
}

// Bar 1 closes above 1.1000 (the signal); the 2-bar high is 1.1012, so the buy stop waits at 1.1032
// from bar 2's open. Bar 3 rises through it.
export const BASE: Ohlc[] = [
  [1.099, 1.0995, 1.0985, 1.099],
  [1.099, 1.1012, 1.0988, 1.101],
  [1.101, 1.102, 1.1005, 1.1015],
  [1.1015, 1.104, 1.101, 1.1035],
  [1.1035, 1.1038, 1.103, 1.1036],
];

/**
 * A bracket: both rules hold on every bar; stop orders 20 pips beyond the last closed bar's high and low,
 * one cancelling the other when `oco`.
 */
export function bracket(oco: boolean) {
  return specOf({
    specVersion: 2,
    timeframe: "M1",
    entry: {
      long: { all: [{ type: "greaterThan", left: CLOSE, right: constant(0) }] },
      short: { all: [{ type: "greaterThan", left: CLOSE, right: constant(0) }] },
    },
    pendingEntry: {
      order: "stop",
      long: { type: "expression", a: { type: "price", field: "HIGH" }, offset: { value: 20, unit: "pips" } },
      short: { type: "expression", a: { type: "price", field: "LOW" }, offset: { value: -20, unit: "pips" } },
      oco,
    },
    sizing: { type: "fixed", lots: 1 },
  });
}

// Bar 1 is bullish: its low (1.0970) comes before its high (1.1030), so the sell stop at 1.0975 fills first.
export const BRACKET_BARS: Ohlc[] = [
  [1.1, 1.1005, 1.0995, 1.1001],
  [1.1, 1.103, 1.097, 1.101],
  [1.101, 1.1015, 1.1005, 1.1012],
];
