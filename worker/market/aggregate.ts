/**
 * Aggregation of bars into a coarser period, in one pass.
 *
 * RULE: each output bar covers one bucket of the alignment rule in periods.ts (`bucketStart`) and
 * takes: time = the bucket start (not the first input bar's time), open of the first input bar,
 * the highest high, the lowest low, close of the last input bar, the SUM of tick volumes, and the
 * MINIMUM spread of its input bars. Minimum, because a bar's spread is read as the best quote of
 * the bar (the tightest spread it saw), so the rollover spike at 22:00 UTC does not stamp a whole
 * H4/D1 bar as wide; and min is associative, so D1 built from M1 equals D1 built from H1 built
 * from M1, whatever resolution a month is stored at. Buckets with no input bar produce no output
 * (weekends, holidays): bars are never invented.
 */
import { BarsBuilder } from "./bars";
import { assertAggregatable, bucketEnd, bucketStart, isFixed, PERIOD_SECONDS } from "./periods";
import type { Bars, Period } from "./types";

/**
 * Aggregates `bars` stored at `from` into period `to`. Throws PeriodError when `to` is finer than
 * `from` or not a whole multiple of it. `input` may be several time-ordered runs (e.g. one per month
 * chunk) so a year of M1 is never copied into one array first.
 */
export function aggregate(input: Bars | readonly Bars[], from: Period, to: Period): Bars {
  assertAggregatable(from, to);
  const parts: readonly Bars[] = Array.isArray(input) ? input : [input as Bars];
  if (from === to && parts.length === 1) return parts[0];
  let n = 0;
  for (const p of parts) n += p.length;
  const agg = new Aggregator(from, to, n);
  for (const p of parts) agg.add(p);
  return agg.finish();
}

/**
 * aggregate() fed in windows (issue 11): the runner aggregates a month of M1 at a time and drops it, so
 * the strategy's bars of 20 years are built without 20 years of M1 in memory. A bucket that spans two
 * windows (a week across a month end) is carried over; finish() equals aggregate() of all the windows.
 */
export class Aggregator {
  private readonly out: BarsBuilder;
  private readonly fixedLen: number;
  private has = false;
  private start = 0;
  private end = Number.NEGATIVE_INFINITY;
  private o = 0;
  private h = 0;
  private l = 0;
  private c = 0;
  private v = 0;
  private s = 0;

  constructor(
    from: Period,
    private readonly to: Period,
    expectedInput = 0,
  ) {
    assertAggregatable(from, to);
    const ratio = isFixed(to) ? PERIOD_SECONDS[to] / PERIOD_SECONDS[from] : 5;
    this.out = new BarsBuilder(Math.max(16, Math.ceil(expectedInput / Math.max(1, ratio)) + 16));
    this.fixedLen = isFixed(to) ? PERIOD_SECONDS[to] * 1000 : 0;
  }

  /** The next bars, after every bar added before. */
  add(b: Bars): void {
    const { out, fixedLen, to } = this;
    let { has, start, end, o, h, l, c, v, s } = this;
    const { time, open, high, low, close, volume, spread } = b;
    for (let i = 0; i < b.length; i++) {
      const t = time[i];
      if (t >= end) {
        if (has) out.push(start, o, h, l, c, v, s);
        if (fixedLen) {
          start = Math.floor(t / fixedLen) * fixedLen;
          end = start + fixedLen;
        } else {
          start = bucketStart(t, to);
          end = bucketEnd(t, to);
        }
        has = true;
        o = open[i];
        h = high[i];
        l = low[i];
        c = close[i];
        v = volume[i];
        s = spread[i];
        continue;
      }
      if (high[i] > h) h = high[i];
      if (low[i] < l) l = low[i];
      c = close[i];
      v += volume[i];
      if (spread[i] < s) s = spread[i];
    }
    Object.assign(this, { has, start, end, o, h, l, c, v, s });
  }

  /** Every bar, the last bucket closed; call once. */
  finish(): Bars {
    if (this.has) this.out.push(this.start, this.o, this.h, this.l, this.c, this.v, this.s);
    this.has = false;
    return this.out.finish();
  }
}
