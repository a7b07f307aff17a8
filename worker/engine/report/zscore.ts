import { normalCdf } from "./normal";

export interface ZScore {
  readonly z: number;
  /** (2 * Phi(|Z|) - 1) * 100: the confidence that the win/loss order is not random. */
  readonly confidencePercent: number;
}

/**
 * Runs test on the win/loss sequence [A1492]: Z = (N(R - 0.5) - P) / sqrt(P(P - N) / (N - 1)),
 * P = 2WL, W = wins (p >= 0), L = losses, R = number of runs. [YS] reproduced real reports with this
 * form (not the textbook (R - E(R)) / sd(R)). Null when undefined: no wins or no losses, or P <= N.
 */
export function zScore(trades: number, wins: number, runs: number): ZScore | null {
  const losses = trades - wins;
  if (trades < 2 || wins === 0 || losses === 0) return null;
  const p = 2 * wins * losses;
  const variance = (p * (p - trades)) / (trades - 1);
  if (!(variance > 0)) return null;
  const z = (trades * (runs - 0.5) - p) / Math.sqrt(variance);
  return { z, confidencePercent: (2 * normalCdf(Math.abs(z)) - 1) * 100 };
}
