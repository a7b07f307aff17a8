const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);

/**
 * Error function by the everywhere-convergent series (Abramowitz & Stegun 7.1.6)
 * erf(x) = 2/sqrt(pi) * exp(-x^2) * sum_{n>=0} 2^n x^(2n+1) / (1*3*...*(2n+1)).
 * Every term is positive, so there is no cancellation: the result is accurate to ~1e-15, well inside
 * the 1e-7 the Z-Score percentage needs. Beyond |x| = 6, erf is 1 to double precision.
 */
export function erf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const ax = Math.abs(x);
  if (ax >= 6) return x > 0 ? 1 : -1;
  const x2 = ax * ax;
  let term = ax;
  let sum = ax;
  for (let n = 1; n < 400; n++) {
    term *= (2 * x2) / (2 * n + 1);
    sum += term;
    if (term <= sum * 1e-17) break;
  }
  const value = TWO_OVER_SQRT_PI * Math.exp(-x2) * sum;
  return x < 0 ? -value : value;
}

/** Standard normal cumulative distribution Phi(z). */
export function normalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}
