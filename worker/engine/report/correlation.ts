/**
 * Pearson correlation of two series of equal length n, read through accessors so that callers can
 * correlate fields of their records without copying them.
 * Null when undefined (fewer than 2 points, or a series without variance): the report prints "-"
 * rather than MT5's 0.00, which would read as a measured "no correlation".
 */
export function pearson(n: number, x: (i: number) => number, y: (i: number) => number): number | null {
  if (n < 2) return null;
  let meanX = 0;
  let meanY = 0;
  for (let i = 0; i < n; i++) {
    meanX += x(i);
    meanY += y(i);
  }
  meanX /= n;
  meanY /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x(i) - meanX;
    const dy = y(i) - meanY;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  if (sxx <= 0 || syy <= 0) return null;
  // Rounding can push |r| a hair above 1.
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}
