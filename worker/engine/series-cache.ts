/**
 * Indicator series shared between the runs of one optimisation (issue 17): runs that differ only in,
 * say, a stop distance or the slow period compute each distinct indicator once. Keyed by the bars (by
 * identity: the same loaded data) and by the declaration without its id (an id does not change values).
 * Kernels only read their inputs and nobody writes a series, so one array can serve every run. The
 * cache holds at most `maxValues` numbers (oldest series dropped first), so a huge search stays bounded.
 */
import type { Bars, Period } from "../market/types";
import { type Indicator, resolvedDeclaration } from "../strategy/spec";
import type { IndicatorSeries } from "./indicator-series";

export class SeriesCache {
  private readonly byBars = new WeakMap<Bars, Map<string, { series: IndicatorSeries; size: number }>>();
  private readonly order: { bars: Bars; key: string }[] = [];
  private held = 0;
  hits = 0;
  misses = 0;

  constructor(readonly maxValues = 24_000_000) {}

  /**
   * The series of `ind` on `bars`, computed by `compute` on the first request only. `all` (the spec's
   * declarations) resolves an average's source, whose values are part of the key.
   */
  get(
    ind: Indicator,
    bars: Bars,
    period: Period,
    compute: () => IndicatorSeries,
    all: readonly Indicator[] = [],
  ): IndicatorSeries {
    const key = `${period}:${JSON.stringify(resolvedDeclaration(ind, all))}`;
    let map = this.byBars.get(bars);
    if (!map) {
      map = new Map();
      this.byBars.set(bars, map);
    }
    const hit = map.get(key);
    if (hit) {
      this.hits++;
      return hit.series;
    }
    this.misses++;
    const series = compute();
    const size = Object.keys(series.lines).length * bars.length;
    map.set(key, { series, size });
    this.order.push({ bars, key });
    this.held += size;
    while (this.held > this.maxValues && this.order.length > 1) {
      const old = this.order.shift();
      const entry = old && this.byBars.get(old.bars)?.get(old.key);
      if (old && entry) {
        this.byBars.get(old.bars)?.delete(old.key);
        this.held -= entry.size;
      }
    }
    return series;
  }
}
