import { power } from "./bears";
import { checkPeriod } from "./series";

/** Bulls Power as MetaQuotes' Bulls.mq5 (iBullsPower): high - EMA(close, period). Warm-up as Bears. */
export function bulls(high: Float64Array, close: Float64Array, period = 13): Float64Array {
  checkPeriod("bulls period", period);
  return power(high, close, period);
}
