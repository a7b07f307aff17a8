/** The backtest engine's public surface (DESIGN D6). Pure: no I/O. */
export { type BacktestRun, runBacktest, startBacktest } from "./backtest";
export { Converter } from "./conversion";
export { type DealRow, dealRows, mtTime, type OrderRow, orderRows } from "./rows";
export * from "./types";
