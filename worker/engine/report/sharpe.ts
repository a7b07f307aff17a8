/** Observed lower clamp: every negative Sharpe in [YS]'s 10 real reports printed as -5.00 (undocumented). */
export const SHARPE_FLOOR = -5;

const TRADING_DAYS_PER_YEAR = 252;
const SECONDS_PER_DAY = 86400;

/**
 * MT5's Sharpe Ratio since build 3210 [B3210], [A9171], as [YS] reproduced it within 0.001%:
 * r = ln(E_t / E_(t-1)) over consecutive bars whose equity changed (equity at each bar's first tick),
 * Sharpe = mean(r) / population sd(r) * sqrt(252 * 86400 / PeriodSeconds), risk-free rate 0,
 * clamped below at SHARPE_FLOOR. Positive values are not clamped (23.32 observed).
 * Null when undefined: fewer than 2 returns, or returns without variance.
 * Single pass (Welford) and no allocation: barEquity may hold every M1 bar of a long test.
 */
export function sharpeRatio(
  barEquity: Float64Array | readonly number[],
  periodSeconds: number,
): number | null {
  if (!(periodSeconds > 0)) return null;
  let count = 0;
  let mean = 0;
  let m2 = 0;
  for (let i = 1; i < barEquity.length; i++) {
    const before = barEquity[i - 1];
    const after = barEquity[i];
    // Unchanged bars are skipped by definition; a non-positive equity has no log return (as [YS]).
    if (after === before || before <= 0 || after <= 0) continue;
    const r = Math.log(after / before);
    count++;
    const delta = r - mean;
    mean += delta / count;
    m2 += delta * (r - mean);
  }
  if (count < 2) return null;
  const sd = Math.sqrt(m2 / count);
  if (!(sd > 0)) return null;
  const annualise = Math.sqrt((TRADING_DAYS_PER_YEAR * SECONDS_PER_DAY) / periodSeconds);
  return Math.max(SHARPE_FLOOR, (mean / sd) * annualise);
}
