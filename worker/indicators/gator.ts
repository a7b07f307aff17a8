import { type AlligatorParams, alligator } from "./alligator";

export interface GatorResult {
  readonly upper: Float64Array;
  readonly lower: Float64Array;
}

/**
 * Gator Oscillator as MetaQuotes' Gator.mq5 (iGator), as drawn: upper = |jaw - teeth|, lower =
 * -|teeth - lips| of the Alligator's drawn (shifted) lines at the same bar. MT5 computes the upper
 * buffer from index jawShift+teethPeriod and draws it teethShift bars right, the lower from
 * teethShift+lipsPeriod drawn lipsShift right. Warm-up: upper NaN before max(jawShift+teethPeriod+
 * teethShift, jawPeriod-1+jawShift, teethPeriod-1+teethShift), lower likewise with teeth/lips.
 */
export function gator(src: Float64Array, p: AlligatorParams): GatorResult {
  const a = alligator(src, p);
  const n = src.length;
  const upper = new Float64Array(n).fill(Number.NaN);
  const lower = new Float64Array(n).fill(Number.NaN);
  const [u0, l0] = gatorWarmUp(p);
  for (let i = u0; i < n; i++) upper[i] = Math.abs(a.jaw[i] - a.teeth[i]);
  for (let i = l0; i < n; i++) lower[i] = -Math.abs(a.teeth[i] - a.lips[i]);
  return { upper, lower };
}

/** First index of the upper and lower lines. */
export function gatorWarmUp(p: AlligatorParams): [number, number] {
  return [
    Math.max(
      p.jawShift + p.teethPeriod + p.teethShift,
      p.jawPeriod - 1 + p.jawShift,
      p.teethPeriod - 1 + p.teethShift,
    ),
    Math.max(
      p.teethShift + p.lipsPeriod + p.lipsShift,
      p.teethPeriod - 1 + p.teethShift,
      p.lipsPeriod - 1 + p.lipsShift,
    ),
  ];
}
