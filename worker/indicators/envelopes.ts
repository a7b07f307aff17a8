import type { MaMethod } from "../strategy/spec-indicators";
import { movingAverage } from "./ma-on-buffer";

export interface EnvelopesResult {
  readonly upper: Float64Array;
  readonly lower: Float64Array;
}

/**
 * Envelopes as MetaQuotes' Envelopes.mq5 (iEnvelopes): MA * (1 + deviation/100) and MA * (1 -
 * deviation/100), MA = iMA(period, method) of the price. Warm-up: NaN before index period-1.
 */
export function envelopes(
  src: Float64Array,
  period = 14,
  method: MaMethod = "SMA",
  deviation = 0.1,
): EnvelopesResult {
  const ma = movingAverage(method, src, period);
  const upper = new Float64Array(ma.length);
  const lower = new Float64Array(ma.length);
  for (let i = 0; i < ma.length; i++) {
    upper[i] = ma[i] * (1 + deviation / 100);
    lower[i] = ma[i] * (1 - deviation / 100);
  }
  return { upper, lower };
}
