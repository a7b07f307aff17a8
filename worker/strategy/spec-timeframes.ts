/**
 * The timeframes below the chart's that a spec reads (spec-indicators.ts, LOWER TIMEFRAME): the backtest
 * builds bars of each from its data (worker/engine/backtest.ts), and refuses data too coarse for them. Pure.
 */
import { PERIODS, type Period } from "../market/types";
import type { StrategySpec } from "./spec";

const PERIOD_SET: ReadonlySet<string> = new Set(PERIODS);
const isPeriod = (s: string): s is Period => PERIOD_SET.has(s);

/** Lower timeframes of the spec's indicators and price operands (in rules, exits, orders), finest first. */
export function lowerTimeframes(spec: StrategySpec): Period[] {
  const chart = PERIODS.indexOf(spec.timeframe);
  const found = new Set<Period>();
  const note = (tf: unknown) => {
    if (typeof tf === "string" && isPeriod(tf) && PERIODS.indexOf(tf) < chart) found.add(tf);
  };
  for (const ind of spec.indicators) note(ind.timeframe);
  // Price operands sit in many places (rules, groups, windows, expressions, exit and order levels): any
  // object of type "price" anywhere below the rules is one.
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v !== null && typeof v === "object") {
      const o: Record<string, unknown> = { ...v };
      if (o.type === "price") note(o.timeframe);
      for (const x of Object.values(o)) walk(x);
    }
  };
  walk([spec.entry, spec.exit, spec.exits, spec.pendingEntry]);
  return PERIODS.filter((p) => found.has(p));
}
