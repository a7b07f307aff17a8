/**
 * "Every tick based on real ticks" (model 1, issue 18): the stored ticks of an M1 bar's minute replace
 * the generated ones. The driver (backtest.ts createDriver) is given the real ticks of a window beside its
 * M1 bars; a bar whose minute holds real ticks runs them, a bar without any falls back to generated
 * ticks (model 0), so a run over partly stored history uses every real tick there is.
 */
import type { Simulation } from "./simulation";

/** Real ticks, columnar, prices as integers of 10^-digits (the shape of worker/market/feed Ticks). */
export interface RealTicks {
  readonly length: number;
  readonly time: Float64Array;
  readonly bid: Int32Array;
  readonly ask: Int32Array;
}

/** The real ticks given with a window of M1 bars: time-ordered, any span (ticks outside the bars are skipped). */
export interface RealTickWindow {
  readonly ticks: RealTicks;
  /** Decimal digits of the tick prices: price = points / 10^digits. */
  readonly digits: number;
}

/** Walks a window's ticks bar by bar: bars come in time order, so one cursor serves the whole window. */
export class RealTickCursor {
  private k = 0;
  private readonly scale: number;
  /** [start, end) of the ticks of the bar last asked for by `bar()`. */
  start = 0;
  end = 0;

  constructor(private readonly w: RealTickWindow) {
    this.scale = 10 ** w.digits;
  }

  /** Finds the ticks of the minute [t, t + lenMs); returns their number (0: none stored). */
  bar(t: number, lenMs: number): number {
    const time = this.w.ticks.time;
    const n = this.w.ticks.length;
    let k = this.k;
    while (k < n && time[k] < t) k++;
    const start = k;
    const stop = t + lenMs;
    while (k < n && time[k] < stop) k++;
    this.k = k;
    this.start = start;
    this.end = k;
    return k - start;
  }

  /**
   * Runs the ticks of the last bar found through the simulation, each with its own spread (ask - bid).
   * The bar's first tick is its gap tick; when after it nothing can happen before the next bar (flat, no
   * request waiting) and `shortcuts`, the others are counted, not run, as for generated ticks.
   */
  drive(sim: Simulation, shortcuts: boolean): void {
    const { time, bid, ask } = this.w.ticks;
    const scale = this.scale;
    const end = this.end;
    let k = this.start;
    sim.firstTickOfBar = true;
    sim.spreadPrice = (ask[k] - bid[k]) / scale;
    sim.tickTime = time[k];
    sim.tickBid = bid[k] / scale;
    sim.step();
    if (shortcuts && sim.quiet()) {
      sim.ticks += end - k - 1;
      return;
    }
    for (k++; k < end; k++) {
      sim.spreadPrice = (ask[k] - bid[k]) / scale;
      sim.tickTime = time[k];
      sim.tickBid = bid[k] / scale;
      sim.step();
    }
  }
}
