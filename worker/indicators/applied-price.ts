import type { Bars } from "../market/types";

/** MT5's ENUM_APPLIED_PRICE without the PRICE_ prefix. */
export const APPLIED_PRICES = ["CLOSE", "OPEN", "HIGH", "LOW", "MEDIAN", "TYPICAL", "WEIGHTED"] as const;
export type AppliedPrice = (typeof APPLIED_PRICES)[number];

export type PriceBars = Pick<Bars, "open" | "high" | "low" | "close">;

/**
 * The price series an indicator is applied to, with MT5's definitions: MEDIAN = (high+low)/2,
 * TYPICAL = (high+low+close)/3, WEIGHTED = (high+low+2*close)/4. Always a new array, so a kernel
 * or caller writing into it can never corrupt the bars.
 */
export function appliedPrice(bars: PriceBars, kind: AppliedPrice): Float64Array {
  const { open, high, low, close } = bars;
  switch (kind) {
    case "CLOSE":
      return close.slice();
    case "OPEN":
      return open.slice();
    case "HIGH":
      return high.slice();
    case "LOW":
      return low.slice();
    case "MEDIAN":
      return combine(close.length, (i) => (high[i] + low[i]) / 2);
    case "TYPICAL":
      return combine(close.length, (i) => (high[i] + low[i] + close[i]) / 3);
    case "WEIGHTED":
      return combine(close.length, (i) => (high[i] + low[i] + 2 * close[i]) / 4);
  }
}

function combine(n: number, at: (i: number) => number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = at(i);
  return out;
}
