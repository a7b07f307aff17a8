/**
 * LR Correlation and LR Standard Error of the balance curve y = [B0 .. BN] against x = 0..N [AV];
 * [YS] matched 9 real MT5 reports to 5-6 decimals with exactly this (B0 included, residuals / (n - 2)).
 * Correlation = Pearson(x, y); StdErr = sqrt(sum (y - fit)^2 / (n - 2)), n = N + 1.
 * Null when undefined: correlation of a flat balance, standard error with fewer than 3 points.
 */
export interface LinearRegression {
  readonly correlation: number | null;
  readonly standardError: number | null;
}

export function linearRegression(y: Float64Array): LinearRegression {
  const n = y.length;
  if (n < 2) return { correlation: null, standardError: null };
  const meanX = (n - 1) / 2;
  let meanY = 0;
  for (let i = 0; i < n; i++) meanY += y[i];
  meanY /= n;
  // Centred sums (two passes) keep precision on balances of 1e5 over 1e5 trades.
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = i - meanX;
    const dy = y[i] - meanY;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  const correlation = syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
  const residuals = Math.max(syy - (sxy * sxy) / sxx, 0);
  const standardError = n > 2 ? Math.sqrt(residuals / (n - 2)) : null;
  return { correlation, standardError };
}
