import type { ReportTrade } from "./types";

/**
 * The balance curve [B0, B1 .. BN]: B0 the initial deposit, Bi the balance after trade i.
 * Bi = B(i-1) + p_i because p_i already holds profit, swap and commission ([AV], types.ts), so the
 * statistics that read the balance (drawdown, AHPR/GHPR, LR) and the balance chart agree with the trades.
 */
export function balanceSeries(initialDeposit: number, trades: readonly ReportTrade[]): Float64Array {
  const series = new Float64Array(trades.length + 1);
  let balance = initialDeposit;
  series[0] = balance;
  for (let i = 0; i < trades.length; i++) {
    balance += trades[i].profit;
    series[i + 1] = balance;
  }
  return series;
}
