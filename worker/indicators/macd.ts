import { emaRaw } from "./ema";
import { checkPeriod, nanSeries } from "./series";

export interface MacdResult {
  /** EMA(fast) - EMA(slow). */
  readonly main: Float64Array;
  /** SMA(main, signal). */
  readonly signal: Float64Array;
}

/**
 * MACD as MetaQuotes' MACD.mq5 (iMACD): main = iMA(fast, EMA) - iMA(slow, EMA), both EMAs
 * seeded with the first price as iMA does (see ema.ts); signal = SimpleMAOnBuffer(main, signal),
 * an SMA, not an EMA. MT5 has no histogram buffer (main - signal is the OsMA indicator).
 *
 * MT5 computes main from bar 0 (the EMAs' undrawn warm-up values included) and its signal SMA
 * averages those values too. We compute exactly that, then hide what is not meaningful yet:
 * main is NaN before index max(fast,slow)-1 (both EMAs past their warm-up), signal is NaN before
 * index max(fast,slow)+signal-2 (its window holds no hidden main value). The visible values are
 * MT5's.
 */
export function macd(src: Float64Array, fast = 12, slow = 26, signal = 9): MacdResult {
  checkPeriod("macd fast period", fast);
  checkPeriod("macd slow period", slow);
  checkPeriod("macd signal period", signal);
  const n = src.length;
  const main = new Float64Array(n);
  const slowEma = new Float64Array(n);
  emaRaw(src, fast, main);
  emaRaw(src, slow, slowEma);
  for (let i = 0; i < n; i++) main[i] -= slowEma[i];

  const sig = nanSeries(n);
  if (n >= signal) {
    let sum = 0;
    for (let i = 0; i < signal; i++) sum += main[i];
    sig[signal - 1] = sum / signal;
    for (let i = signal; i < n; i++) {
      sum += main[i] - main[i - signal];
      sig[i] = sum / signal;
    }
  }
  const mainStart = Math.max(fast, slow) - 1;
  main.fill(Number.NaN, 0, Math.min(mainStart, n));
  sig.fill(Number.NaN, 0, Math.min(mainStart + signal - 1, n));
  return { main, signal: sig };
}
