/**
 * The market-data library (DESIGN D6, D9): pure, no I/O. Services pass a BlobStore (R2) and a clock.
 *   catalogue  ~130 forex pairs            periods    the 21 periods and the UTC alignment rule
 *   bars       columnar builders/views      aggregate  one-pass aggregation (min-spread rule)
 *   codec      binary month chunks          chunks     object keys and month arithmetic
 *   demo       deterministic demo M1        importers  MT5, HistData, Dukascopy, Lean, generic CSV
 *   store      read-through candle store    datafeed   the candles endpoint's query
 *   conversion cross rates for the engine   demo-rates  demo prices of the cross pairs, for the engine
 */
export * from "./aggregate";
export * from "./bars";
export * from "./cache";
export * from "./catalogue";
export * from "./chunks";
export * from "./codec";
export * from "./conversion";
export * from "./datafeed";
export * from "./demo";
export * from "./demo-rates";
export * from "./errors";
export * from "./importers";
export * from "./periods";
export * from "./server-time";
export * from "./store";
export * from "./types";
