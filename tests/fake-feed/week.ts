/**
 * A trading week of EURUSD ticks the FAKE datafeed serves (tests/fake-feed/server.ts) for the model-1
 * backtest test (issue 18): Monday 2024-03-04 to Friday 2024-03-08, a tick every 10 s at 3,137 ms past
 * the 10 s (times no generated tick lands on), bids on a 20-hour wave of 80 pips so an H1 SMA cross
 * trades, and a spread of 2 to 10 points that changes tick by tick. Deterministic.
 */
import { isWeekendTime } from "../../worker/market/feed/integrity";
import type { FixtureTick } from "./fixture";

export const WEEK_SYMBOL = "EURUSD";
export const WEEK_DAYS = [4, 5, 6, 7, 8].map((d) => Date.UTC(2024, 2, d));
const HOUR = 3_600_000;
const STEP = 10_000;
const OFFSET = 3_137;

/** Hour starts of the week with ticks: every hour of its five days but Friday's after the market closes. */
export function weekHours(): number[] {
  return WEEK_DAYS.flatMap((day) => Array.from({ length: 24 }, (_, h) => day + h * HOUR)).filter(
    (h) => !isWeekendTime(h),
  );
}

/** The ticks of the hour starting at `hour` (ms into the hour, bid and ask in 10^-5). */
export function weekTicks(hour: number): FixtureTick[] {
  const out: FixtureTick[] = [];
  for (let ms = OFFSET; ms < HOUR; ms += STEP) {
    const t = hour + ms;
    const wave = 800 * Math.sin((2 * Math.PI * (t - WEEK_DAYS[0])) / (20 * HOUR));
    const k = Math.floor(t / STEP);
    const bid = 108_000 + Math.round(wave) + (k % 5) - 2;
    out.push({ ms, bid, ask: bid + 2 + ((k * 7) % 9) });
  }
  return out;
}
