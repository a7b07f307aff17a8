/**
 * Trading costs of a backtest (issue 16), as MetaTrader charges them:
 *   - Commission per lot per side, in the deposit currency: every deal (in and out) pays
 *     lots x commission, booked in the deal's Commission column and taken from the balance at once.
 *   - Swap in points per lot per night (SYMBOL_SWAP_MODE_POINTS): at each rollover, 00:00 server time,
 *     a position held across it is charged swapLong or swapShort x point x contract size x lots, in the
 *     quote currency converted into the deposit currency at that moment, and rounded to cents. The
 *     rollovers are the ends of Monday to Friday (five a week); the one ending the triple-swap weekday
 *     (default Wednesday) counts three nights, which pays for the weekend. Swap accrues on the position
 *     (equity moves, the balance does not) and is booked in the closing deal's Swap column.
 *   - Slippage in points: every market fill (entries, exits on a signal, at the end, at a stop-out, and a
 *     triggered stop loss, which the broker fills at market) is that many points worse for the trader;
 *     a take profit is a limit order and fills at its price.
 * A trade's result (the report's p_i) is its profit + swap + both deals' commissions, so the report's
 * Total Net Profit equals the final balance minus the deposit.
 */

export interface CostSettings {
  /** Deposit currency per lot per side, >= 0. */
  readonly commission: number;
  /** Points per lot per night; negative is a charge, positive a credit (MT5's sign). */
  readonly swapLong: number;
  readonly swapShort: number;
  /** ISO weekday whose rollover counts three nights: 1 Monday ... 7 Sunday (default 3, Wednesday). */
  readonly tripleSwapDay: number;
  /** Points, >= 0. */
  readonly slippage: number;
}

export const NO_COSTS: CostSettings = {
  commission: 0,
  swapLong: 0,
  swapShort: 0,
  tripleSwapDay: 3,
  slippage: 0,
};

const DAY_MS = 86_400_000;

/** Nights a rollover at server midnight `midnightMs` charges: 0 after Saturday and Sunday, 3 after the triple day. */
export function rolloverNights(midnightMs: number, tripleSwapDay: number): number {
  // The day that ends at this midnight; 1970-01-01 (day 0) was a Thursday (ISO 4).
  const day = Math.floor(midnightMs / DAY_MS) - 1;
  const iso = ((((day + 3) % 7) + 7) % 7) + 1;
  if (iso >= 6) return 0;
  return iso === tripleSwapDay ? 3 : 1;
}

/** The first server midnight after `timeMs`. */
export function nextMidnight(timeMs: number): number {
  return (Math.floor(timeMs / DAY_MS) + 1) * DAY_MS;
}

export function chargesSwap(c: CostSettings): boolean {
  return c.swapLong !== 0 || c.swapShort !== 0;
}
