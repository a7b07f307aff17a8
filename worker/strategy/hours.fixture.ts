/**
 * Test-only: the spec of the time-filter tests (spec-zone.test.ts, mql5/zone-time.test.ts). An H1 spec
 * that buys while the close is above EMA(50), trading only in the given hours (and weekdays).
 */
import type { StrategySpecInput } from "./spec";

export type HoursInput = { from: number; to: number; zone?: string };

export const emaHoursInput = (hours: HoursInput, weekdays?: number[]): StrategySpecInput => ({
  specVersion: 2,
  timeframe: "H1",
  indicators: [{ id: "ema", kind: "EMA", period: 50 }],
  entry: {
    long: {
      all: [
        {
          type: "greaterThan",
          left: { type: "price", field: "CLOSE" },
          right: { type: "indicator", ref: "ema" },
        },
      ],
    },
  },
  timeFilter: weekdays ? { hours, weekdays } : { hours },
});
