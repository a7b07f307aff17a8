/**
 * R2 objects of the feed ingest (beside the candle store's candles/...):
 *   ticks/<SYMBOL>/<YYYY-MM-DD>.bin     one day of real ticks (tick-chunk.ts, deflated)
 *   ticks/<SYMBOL>/log/<YYYY-MM>.json   what each hour file gave (integrity.ts MonthLog)
 *   ticks/<SYMBOL>/state.json           {lastHour}: the newest hour with a final answer (the Cron's start)
 * Pure.
 */
export const DAY_MS = 86_400_000;

export function tickDayKey(symbol: string, dayStartMs: number): string {
  return `ticks/${symbol}/${new Date(dayStartMs).toISOString().slice(0, 10)}.bin`;
}

export function monthLogKey(symbol: string, month: string): string {
  return `ticks/${symbol}/log/${month}.json`;
}

export function feedStateKey(symbol: string): string {
  return `ticks/${symbol}/state.json`;
}

export function dayStartOf(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}
