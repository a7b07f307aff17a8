/**
 * The hour files the FAKE datafeed serves (tests/fake-feed/server.ts) and the worker tests read back:
 * known GBPUSD ticks (incl. a spike and a crossed quote), an empty hour, a corrupt file, a file that comes
 * too late (SLOW_HOUR, in a month of its own so the day's counts above stay as they are); every other hour
 * answers 404 (missing).
 */
export const FEED_SYMBOL = "GBPUSD";
export const DAY = Date.UTC(2024, 0, 2); // a Tuesday: every hour is a trading hour
export const HOUR = 3_600_000;

export interface FixtureTick {
  ms: number;
  bid: number;
  ask: number;
}

export type HourFile =
  | { kind: "ticks"; ticks: FixtureTick[] }
  | { kind: "empty" }
  | { kind: "corrupt" }
  | { kind: "slow"; ticks: FixtureTick[] };

/** An hour whose (valid) file the fake feed sends only after SLOW_FEED_DELAY_MS: past the ingest's timeout. */
export const SLOW_HOUR = Date.UTC(2024, 1, 1); // a Thursday
export const SLOW_FEED_DELAY_MS = 5_000;

export const FILES: Record<number, HourFile> = {
  [DAY + 10 * HOUR]: {
    kind: "ticks",
    ticks: [
      { ms: 1_000, bid: 127_000, ask: 127_002 },
      { ms: 20_000, bid: 127_005, ask: 127_006 },
      { ms: 59_000, bid: 126_998, ask: 127_001 },
      { ms: 61_000, bid: 127_010, ask: 127_012 },
      { ms: 62_000, bid: 140_000, ask: 140_002 }, // spike
      { ms: 63_000, bid: 127_011, ask: 127_013 },
      { ms: 64_000, bid: 127_015, ask: 127_013 }, // crossed
      { ms: 125_000, bid: 127_020, ask: 127_021 },
    ],
  },
  [DAY + 11 * HOUR]: { kind: "empty" },
  [DAY + 12 * HOUR]: { kind: "corrupt" },
  [DAY + 13 * HOUR]: { kind: "ticks", ticks: [{ ms: 0, bid: 127_030, ask: 127_032 }] },
  [SLOW_HOUR]: { kind: "slow", ticks: [{ ms: 0, bid: 127_200, ask: 127_202 }] },
  // The next day, for the Cron path.
  [DAY + 25 * HOUR]: { kind: "ticks", ticks: [{ ms: 30_000, bid: 127_100, ask: 127_102 }] },
};
