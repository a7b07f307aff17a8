/**
 * Ticks to M1 candles, the shape of the candle store (types.ts Bars): bid OHLC as decimals, tick volume
 * (the number of ticks), and the spread in points of the SYMBOL as the minimum ask - bid of the minute
 * (the store's min-spread rule, aggregate.ts), so the ask side of each bar survives. Pure.
 */
import { BarsBuilder } from "../bars";
import type { Bars, SymbolInfo } from "../types";
import type { Ticks } from "./ticks";

const MINUTE = 60_000;

export function ticksToM1(t: Ticks, feedDigits: number, symbol: SymbolInfo): Bars {
  const out = new BarsBuilder(Math.max(16, Math.ceil(t.length / 20)));
  const scale = 10 ** feedDigits;
  const toSymbolPoints = 10 ** (symbol.digits - feedDigits);
  const price = (p: number) => p / scale;
  let i = 0;
  while (i < t.length) {
    const minute = Math.floor(t.time[i] / MINUTE) * MINUTE;
    const end = minute + MINUTE;
    const open = t.bid[i];
    let high = open;
    let low = open;
    let close = open;
    let spread = t.ask[i] - t.bid[i];
    let count = 0;
    for (; i < t.length && t.time[i] < end; i++) {
      const b = t.bid[i];
      if (b > high) high = b;
      if (b < low) low = b;
      close = b;
      const s = t.ask[i] - b;
      if (s < spread) spread = s;
      count++;
    }
    out.push(
      minute,
      price(open),
      price(high),
      price(low),
      price(close),
      count,
      Math.max(0, Math.round(spread * toSymbolPoints)),
    );
  }
  return out.finish();
}
