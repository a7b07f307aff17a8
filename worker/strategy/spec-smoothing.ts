/**
 * An indicator of an indicator ("the 5-period EMA of the 2-period RSI", "ATR(20) smoothed by a 10-period
 * SMA"): a moving average declaration with `source` averages another declaration's line instead of a
 * price, as MetaTrader's iMA does when its applied_price is another indicator's handle. Pure (DESIGN D9).
 *
 * WARM-UP (MetaTrader's, matched by the engine and the EA): the terminal passes the average the source's
 * values with `begin` = the source's PLOT_DRAW_BEGIN (its first drawn bar; MQL5's OnCalculate "begin"),
 * and the average starts there as MetaQuotes' Moving Average does: SMA, SMMA and LWMA have their first
 * value at begin + period - 1 (the SMMA seeded with the SMA of that window), the EMA starts with
 * out[begin] = source[begin] and is read from begin + period - 1 on. A source bar from `begin` on that has
 * no value in the engine holds what MetaTrader's buffer holds there: 0 (Momentum draws from period - 1
 * but computes from period). Draw begins, from MetaQuotes' indicator sources: RSI, ATR period; CCI,
 * Momentum period - 1; Stochastic main K + slowing - 2; ADX 2 x period; Volumes 0; a moving average
 * period - 1 on a price, its own begin + period - 1 on a source.
 *
 * MetaTrader averages a handle's first buffer only, so an average reads its source's first line; the
 * source must be one of SMOOTHABLE_KINDS (a terminal built-in whose draw begin is known) on the same
 * timeframe, and references may not form a cycle.
 */
import { INDICATOR_LINES, type Indicator, type IndicatorKind } from "./spec-indicators";

/** The kinds an average may read (their first line, MetaTrader's buffer 0). */
export const SMOOTHABLE_KINDS: ReadonlySet<IndicatorKind> = new Set<IndicatorKind>([
  "SMA",
  "EMA",
  "SMMA",
  "LWMA",
  "RSI",
  "ATR",
  "CCI",
  "MOMENTUM",
  "STOCHASTIC",
  "ADX",
  "VOLUMES",
]);

type Declarations = readonly Indicator[];

/** The declaration an average reads, when it has a source and the reference resolves. */
export function sourceOf(ind: Indicator, all: Declarations): Indicator | undefined {
  if (!("source" in ind) || ind.source === undefined) return undefined;
  const ref = ind.source.ref;
  return all.find((i) => i.id === ref);
}

/**
 * MetaTrader's PLOT_DRAW_BEGIN of a smoothable declaration's first plot (see WARM-UP above): the bar an
 * average of it starts at. Only meaningful for SMOOTHABLE_KINDS with resolvable, acyclic sources.
 */
export function drawBegin(ind: Indicator, all: Declarations, depth = 0): number {
  switch (ind.kind) {
    case "SMA":
    case "EMA":
    case "SMMA":
    case "LWMA": {
      const src = depth < all.length ? sourceOf(ind, all) : undefined;
      return (src ? drawBegin(src, all, depth + 1) : 0) + ind.period - 1;
    }
    case "RSI":
    case "ATR":
      return ind.period;
    case "CCI":
    case "MOMENTUM":
      return ind.period - 1;
    case "STOCHASTIC":
      return ind.kPeriod + ind.slowing - 2;
    case "ADX":
      return 2 * ind.period;
    default:
      return 0;
  }
}

/** The declaration with its source written out in full (ids do not change values): a cache key's value. */
export function resolvedDeclaration(ind: Indicator, all: Declarations, depth = 0): unknown {
  const { id: _id, ...values } = ind;
  const src = depth < all.length ? sourceOf(ind, all) : undefined;
  if (!src || !("source" in values)) return values;
  return { ...values, source: { ...values.source, ref: resolvedDeclaration(src, all, depth + 1) } };
}

/** Bars of history an average of a source needs: the source's own plus the average's period. */
export function sourcedLookback(ind: Indicator, all: Declarations, own: (i: Indicator) => number): number {
  let total = own(ind);
  let cur = sourceOf(ind, all);
  for (let depth = 0; cur && depth < all.length; depth++) {
    total += own(cur);
    cur = sourceOf(cur, all);
  }
  return total;
}

/** What a source reference cannot say by itself; `index` is the declaration's place in `indicators`. */
export function sourceIssues(
  all: Declarations,
  chart: string,
): { index: number; field: string; message: string }[] {
  const out: { index: number; field: string; message: string }[] = [];
  for (const [index, ind] of all.entries()) {
    if (!("source" in ind) || ind.source === undefined) continue;
    const { ref, line } = ind.source;
    const src = all.find((i) => i.id === ref);
    const add = (field: string, message: string) => out.push({ index, field, message });
    if (!src) {
      add("source.ref", `unknown indicator "${ref}"`);
      continue;
    }
    if (src.id === ind.id) {
      add("source.ref", `${ind.id} cannot average itself`);
      continue;
    }
    if (!SMOOTHABLE_KINDS.has(src.kind)) {
      add(
        "source.ref",
        `${ind.id}: an average can read ${[...SMOOTHABLE_KINDS].join(", ")}, not ${src.kind}`,
      );
      continue;
    }
    const first = INDICATOR_LINES[src.kind][0];
    if (line !== undefined && line !== first)
      add("source.line", `${ind.id}: an average reads ${src.kind}'s first line "${first}" only`);
    if ((ind.timeframe ?? chart) !== (src.timeframe ?? chart))
      add("timeframe", `${ind.id} must be on the timeframe of ${src.id}, the indicator it averages`);
    if (ind.appliedPrice !== "CLOSE")
      add("appliedPrice", `${ind.id} averages ${src.id}: it has no applied price of its own`);
    // A chain of sources that comes back to this declaration never starts.
    let cur: Indicator | undefined = src;
    for (let steps = 0; cur && steps < all.length; steps++) {
      if (cur.id === ind.id) {
        add("source.ref", `${ind.id}: its sources form a cycle`);
        break;
      }
      cur = sourceOf(cur, all);
    }
  }
  return out;
}
