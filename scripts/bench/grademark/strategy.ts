/**
 * examples/strategies/sma-cross-10-20.json as grademark strategies (one per side, since grademark holds one
 * position at a time), with grademark computing its own SMA(10) and SMA(20) of close and its own crosses. Shared
 * by the engine bench (in-process comparison) and grademark's command line (whole-process comparison).
 */
import { DataFrame } from "data-forge";
import type { IStrategy } from "grademark";
import { TradeDirection } from "grademark/build/lib/strategy";

/** A bar as grademark reads it (its IBar), the input of its backtest(). */
export interface GmBar {
  time: Date;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A bar after grademark's prepIndicators: its own SMA(10) and SMA(20) of close, this bar and the one before. */
interface GmSmaBar extends GmBar {
  fast: number;
  slow: number;
  prevFast: number;
  prevSlow: number;
}

/** sma-cross-10-20's side `direction` as a grademark strategy, with its own SMAs and crosses. */
export function gmSide(direction: TradeDirection): IStrategy<GmBar, GmSmaBar> {
  // The strategy's tie rule: 1 above, -1 below, 0 equal within 1e-9 relative, NaN before the SMAs exist.
  const order = (a: number, b: number) => {
    const d = a - b;
    const t = 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
    return d > t ? 1 : d < -t ? -1 : Number.isNaN(d) ? Number.NaN : 0;
  };
  const crossesUp = (b: GmSmaBar) => order(b.prevFast, b.prevSlow) <= 0 && order(b.fast, b.slow) === 1;
  const crossesDown = (b: GmSmaBar) => order(b.prevFast, b.prevSlow) >= 0 && order(b.fast, b.slow) === -1;
  const isLong = direction === TradeDirection.Long;
  return {
    prepIndicators: ({ inputSeries }) => {
      const bars = inputSeries.toArray();
      const fast = smaOfClose(bars, 10);
      const slow = smaOfClose(bars, 20);
      return new DataFrame<number, GmSmaBar>(
        bars.map((b, i) => ({
          ...b,
          fast: fast[i],
          slow: slow[i],
          prevFast: i > 0 ? fast[i - 1] : Number.NaN,
          prevSlow: i > 0 ? slow[i - 1] : Number.NaN,
        })),
      );
    },
    entryRule: (enter, { bar }) => {
      if (isLong ? crossesUp(bar) : crossesDown(bar)) enter({ direction });
    },
    exitRule: (exit, { bar }) => {
      if (isLong ? crossesDown(bar) : crossesUp(bar)) exit();
    },
  };
}

/** SMA of close over grademark's bars: NaN for the first period - 1 bars, then a sliding sum. */
function smaOfClose(bars: readonly GmBar[], period: number): number[] {
  const out: number[] = new Array(bars.length).fill(Number.NaN);
  let sum = 0;
  for (let i = 0; i < bars.length; i++) {
    sum += bars[i].close;
    if (i >= period) sum -= bars[i - period].close;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}
