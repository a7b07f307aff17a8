/**
 * Real prices from Dukascopy's public datafeed (issue 18), pure parts:
 *   bi5         hourly tick files (LZMA, ../lzma.ts)   ticks       columnar ticks in feed points
 *   tick-chunk  one day of ticks per R2 object         m1          ticks to the store's M1 bars
 *   integrity   checks and the per-month report        mapping     catalogue symbol -> feed instrument
 */
export * from "./bi5";
export * from "./integrity";
export * from "./keys";
export * from "./m1";
export * from "./mapping";
export * from "./tick-chunk";
export * from "./ticks";
