/**
 * Walk-forward analysis (issue 17): optimise on an in-sample window, trade the best inputs on the
 * out-of-sample window that follows, move both on by the out-of-sample length, and repeat. Only the
 * out-of-sample runs count: their balance/equity curves are stitched into one (each window starts from a
 * fresh deposit, as a separate test; its curve is shifted by the profit of the windows before it), so the
 * stitched curve is what trading the re-optimised strategy would have made.
 *
 * Windows: in-sample [s, s + IS), out-of-sample [s + IS, s + IS + OOS), s = from, from + OOS, ... while
 * the out-of-sample window ends by `to`. Anchored: every in-sample window starts at `from` (it grows).
 *
 * EFFICIENCY RATIO (Pardo's walk-forward efficiency): the annualised out-of-sample net profit divided by
 * the annualised in-sample net profit of the chosen runs, both summed over the windows:
 *   (sum OOS profit / OOS years) / (sum IS profit / IS years);
 * about 1 when the strategy keeps earning at its optimised rate on unseen data, near 0 or negative when
 * the optimisation fitted noise. Null when the in-sample profit is not positive (nothing to compare to).
 * Pure: runs the engine in-process on the data given (DESIGN D9).
 */
import { SeriesCache } from "../engine/series-cache";
import type { InputValues } from "./apply";
import type { RunFigures } from "./figures";
import { runFigures } from "./figures";
import { type OptimiseRequest, optimise } from "./optimise";

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

export interface WalkForwardRequest extends Omit<OptimiseRequest, "periods" | "slice" | "cache"> {
  readonly inSampleDays: number;
  readonly outOfSampleDays: number;
  readonly anchored?: boolean;
}

export interface WalkForwardWindow {
  readonly inSample: { readonly from: number; readonly to: number };
  readonly outOfSample: { readonly from: number; readonly to: number };
  /** The in-sample best; null when no in-sample run traded (the window is then not traded). */
  readonly inputs: InputValues | null;
  readonly inSampleFigures: RunFigures | null;
  readonly outOfSampleFigures: RunFigures | null;
}

export interface WalkForwardResult {
  readonly windows: readonly WalkForwardWindow[];
  /** The out-of-sample curves end to end: bar times, equity and balance (the first deposit + profit so far). */
  readonly stitched: { readonly time: number[]; readonly equity: number[]; readonly balance: number[] };
  readonly outOfSampleProfit: number;
  readonly outOfSampleTrades: number;
  readonly efficiency: number | null;
}

/** The windows of [from, to). */
export function walkForwardWindows(
  from: number,
  to: number,
  inSampleDays: number,
  outOfSampleDays: number,
  anchored = false,
): { inSample: { from: number; to: number }; outOfSample: { from: number; to: number } }[] {
  const is = inSampleDays * DAY;
  const oos = outOfSampleDays * DAY;
  if (!(is > 0 && oos > 0)) return [];
  const out = [];
  for (let s = from; s + is + oos <= to; s += oos)
    out.push({
      inSample: { from: anchored ? from : s, to: s + is },
      outOfSample: { from: s + is, to: s + is + oos },
    });
  return out;
}

export function walkForward(
  req: WalkForwardRequest,
): { ok: true; result: WalkForwardResult } | { ok: false; error: string } {
  const spans = walkForwardWindows(
    req.settings.from,
    req.settings.to,
    req.inSampleDays,
    req.outOfSampleDays,
    req.anchored,
  );
  if (spans.length === 0)
    return { ok: false, error: "the dates hold no in-sample and out-of-sample window of these lengths" };
  const cache = new SeriesCache();
  const windows: WalkForwardWindow[] = [];
  const stitched = { time: [] as number[], equity: [] as number[], balance: [] as number[] };
  let carried = 0;
  let oosProfit = 0;
  let oosTrades = 0;
  let isProfit = 0;
  let isMs = 0;
  let oosMs = 0;
  for (const span of spans) {
    const r = optimise({ ...req, periods: { back: span.inSample, forward: null }, cache });
    if (!r.ok) return r;
    const best = r.result.best;
    if (!best || best.back.trades === 0) {
      windows.push({ ...span, inputs: null, inSampleFigures: null, outOfSampleFigures: null });
      continue;
    }
    const applied = r.result.evaluator.specOf(best.values);
    if (!applied.ok) return { ok: false, error: applied.reason };
    const result = r.result.evaluator.backtest(applied.spec, span.outOfSample);
    const figures = runFigures(result);
    const { time, equity, balance } = result.curve;
    for (let i = 0; i < time.length; i++) {
      stitched.time.push(time[i]);
      stitched.equity.push(equity[i] + carried);
      stitched.balance.push(balance[i] + carried);
    }
    // The per-bar curve stops at the last bar's start; the test then closes what is open. The window ends on
    // that final balance (deposit + its net profit), so the stitched curve ends on the sum of the windows.
    const end = req.settings.deposit + figures.profit + carried;
    stitched.time.push(Math.max(span.outOfSample.to - 1, time.at(-1) ?? span.outOfSample.from));
    stitched.equity.push(end);
    stitched.balance.push(end);
    carried += figures.profit;
    oosProfit += figures.profit;
    oosTrades += figures.trades;
    isProfit += best.back.profit;
    isMs += span.inSample.to - span.inSample.from;
    oosMs += span.outOfSample.to - span.outOfSample.from;
    windows.push({ ...span, inputs: best.values, inSampleFigures: best.back, outOfSampleFigures: figures });
  }
  const efficiency =
    isProfit > 0 && oosMs > 0 ? oosProfit / (oosMs / YEAR) / (isProfit / (isMs / YEAR)) : null;
  return {
    ok: true,
    result: { windows, stitched, outOfSampleProfit: oosProfit, outOfSampleTrades: oosTrades, efficiency },
  };
}
