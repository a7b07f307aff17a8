/**
 * Shared market-data shapes. Pure: no I/O (DESIGN D9).
 *
 * Bars are columnar (one typed array per field) so that the engine and the aggregator walk memory
 * linearly and a year of M1 (~370k bars) costs ~20 MB instead of millions of objects (DESIGN D6).
 */

/** The 21 periods of spec 2 section 3, finest first. */
export const PERIODS = [
  "M1",
  "M2",
  "M3",
  "M4",
  "M5",
  "M6",
  "M10",
  "M12",
  "M15",
  "M20",
  "M30",
  "H1",
  "H2",
  "H3",
  "H4",
  "H6",
  "H8",
  "H12",
  "D1",
  "W1",
  "MN1",
] as const;

export type Period = (typeof PERIODS)[number];

/**
 * A run of bars of one symbol and period, oldest first, times strictly increasing.
 * Prices are bid prices as decimals (e.g. 1.08345). `spread` is in points of the symbol
 * (ask = bid + spread * point). `volume` is the tick volume.
 */
export interface Bars {
  readonly length: number;
  /** Bar open time, UTC epoch milliseconds. */
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  readonly spread: Float64Array;
}

export interface SymbolInfo {
  /** e.g. "EURUSD" */
  readonly name: string;
  readonly description: string;
  readonly base: string;
  readonly quote: string;
  /** Decimal digits of a quote: 5 for EURUSD, 3 for USDJPY. */
  readonly digits: number;
  /** Smallest price step: 10^-digits. */
  readonly point: number;
  /** Units of base currency per lot: 100,000 for every catalogue pair. */
  readonly contractSize: number;
  /** Default spread in points, used when the data has none. */
  readonly spread: number;
  /** "major" | "minor" | "exotic" */
  readonly group: "major" | "minor" | "exotic";
  /** A typical price level, used by the demo-data generator and as a conversion fallback. */
  readonly typicalPrice: number;
  /**
   * Default commission per lot per side, in the deposit currency (issue 16); a backtest may change it.
   * 0: the catalogue's spreads are a standard account's, whose broker earns the spread, not a commission.
   */
  readonly commission: number;
}
