/**
 * Holding period returns on the balance curve [B0 .. BN] [TR], [A1492], [AV].
 * AHPR = (1/N) * sum Bi/B(i-1); GHPR = (BN/B0)^(1/N). Both are null without trades.
 */
export interface Hpr {
  readonly ahpr: number;
  readonly ghpr: number;
}

export function holdingPeriodReturns(balance: Float64Array): Hpr | null {
  const n = balance.length - 1;
  if (n < 1) return null;
  let sum = 0;
  let counted = 0;
  for (let i = 1; i <= n; i++) {
    // A ratio after a non-positive balance has no meaning (the account was already wiped out); as [YS], skip it.
    if (balance[i - 1] <= 0) continue;
    sum += balance[i] / balance[i - 1];
    counted++;
  }
  const first = balance[0];
  const last = balance[n];
  // A wiped-out account has no geometric mean growth: report 0 rather than NaN.
  const ghpr = first > 0 && last > 0 ? (last / first) ** (1 / n) : 0;
  return { ahpr: counted === 0 ? 0 : sum / counted, ghpr };
}
