import type { Drawdown } from "./types";

/**
 * Streaming drawdown of one curve (balance per deal, equity per tick), MT5 definitions [TR], [HR]:
 * - Absolute = B0 - lowest value, 0 when the curve never goes below B0.
 * - Maximal = largest (LocalHigh - following low) in money, with the % of that same drawdown.
 * - Relative = largest (LocalHigh - following low) / LocalHigh * 100, with the money of that drawdown.
 * A new local high starts only when the previous one is exceeded, so the "local high" is the running
 * peak; this is [AV]'s update rule, and [YS] matched real MT5 equity/balance drawdowns with it.
 * O(1) and allocation-free per update: the engine calls it on every modelled tick.
 */
export class DrawdownTracker {
  private readonly initial: number;
  // Readable so that a hot loop can test unchangedWithin's first case without a call (open-prices.ts).
  /** The running peak of the curve. */
  peak: number;
  /** The lowest value seen. */
  lowest: number;
  private maximal = 0;
  private maximalPercent = 0;
  private relative = 0;
  private relativePercent = 0;
  /**
   * A drawdown (below the current peak) already known to change nothing: it is <= maximal and its % is
   * <= relativePercent. The % grows with the drawdown for a fixed peak, so any drawdown up to this one
   * changes nothing either and needs no divide. Reset at every new peak.
   */
  settled = 0;

  constructor(initial: number) {
    this.initial = initial;
    this.peak = initial;
    this.lowest = initial;
  }

  update(value: number): void {
    if (value < this.lowest) this.lowest = value;
    if (value >= this.peak) {
      if (value > this.peak) {
        this.peak = value;
        this.settled = 0;
      }
      return;
    }
    const dd = this.peak - value;
    if (dd <= this.settled) return;
    // A non-positive peak has no meaningful percentage (only possible with a non-positive deposit).
    const percent = this.peak > 0 ? (dd / this.peak) * 100 : 0;
    // Strict comparisons: on ties the first drawdown is kept, with its own companion figure.
    if (dd > this.maximal) {
      this.maximal = dd;
      this.maximalPercent = percent;
    }
    if (percent > this.relativePercent) {
      this.relativePercent = percent;
      this.relative = dd;
    }
    // Now dd <= maximal and percent <= relativePercent hold (whichever was just raised).
    this.settled = dd;
  }

  /**
   * Would update(v) leave the tracker unchanged for every v in [min, max]? True when that whole range
   * is below the peak, not below the lowest value, and its deepest drawdown is not beyond the settled
   * one (the same comparisons update makes, at the worst value: both figures grow as v falls). NaN: false.
   */
  unchangedWithin(min: number, max: number): boolean {
    if (!(max < this.peak) || !(min >= this.lowest)) return false;
    const dd = this.peak - min;
    if (dd <= this.settled) return true;
    if (dd > this.maximal) return false;
    const percent = this.peak > 0 ? (dd / this.peak) * 100 : 0;
    return !(percent > this.relativePercent);
  }

  result(): Drawdown {
    return {
      absolute: this.lowest < this.initial ? this.initial - this.lowest : 0,
      maximal: this.maximal,
      maximalPercent: this.maximalPercent,
      relativePercent: this.relativePercent,
      relative: this.relative,
    };
  }
}
