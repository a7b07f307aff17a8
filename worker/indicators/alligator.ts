import type { MaMethod } from "../strategy/spec-indicators";
import { movingAverage } from "./ma-on-buffer";

export interface AlligatorParams {
  readonly jawPeriod: number;
  readonly jawShift: number;
  readonly teethPeriod: number;
  readonly teethShift: number;
  readonly lipsPeriod: number;
  readonly lipsShift: number;
  readonly maMethod: MaMethod;
}

export interface AlligatorResult {
  readonly jaw: Float64Array;
  readonly teeth: Float64Array;
  readonly lips: Float64Array;
}

/** `src` moved `shift` bars forward: out[i] = src[i - shift] (what MetaTrader's PLOT_SHIFT draws at i). */
export function shiftForward(src: Float64Array, shift: number): Float64Array {
  const out = new Float64Array(src.length).fill(Number.NaN);
  out.set(src.subarray(0, Math.max(0, src.length - shift)), Math.min(shift, src.length));
  return out;
}

/**
 * Bill Williams' Alligator as MetaQuotes' Alligator.mq5 (iAlligator): three iMA of the applied price
 * (SMMA of the median by default), each drawn `shift` bars to the right. The lines here are the values
 * drawn at each bar, which is what CopyBuffer returns for a shifted plot: jaw[i] = MA(jawPeriod)[i -
 * jawShift]. Warm-up: each line NaN before index period-1+shift.
 */
export function alligator(src: Float64Array, p: AlligatorParams): AlligatorResult {
  return {
    jaw: shiftForward(movingAverage(p.maMethod, src, p.jawPeriod), p.jawShift),
    teeth: shiftForward(movingAverage(p.maMethod, src, p.teethPeriod), p.teethShift),
    lips: shiftForward(movingAverage(p.maMethod, src, p.lipsPeriod), p.lipsShift),
  };
}
