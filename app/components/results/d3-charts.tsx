/**
 * The d3 charts, as one module that the results screen imports on demand (lazy-module.ts), so d3 is not in
 * the page's first JavaScript.
 */
export { BalanceChart } from "../charts/balance-chart";
export { EntriesChart } from "../charts/entries-chart";
export { ProfitLossChart } from "../charts/profit-loss-chart";
