/**
 * The runner's real ticks (issue 18) over stored objects in memory: months without stored ticks are driven
 * a month at a time and labelled together, a month with stored ticks a day per step, each step reading
 * one day's chunk at most.
 */
import { describe, expect, it } from "vitest";
import { startWindowedBacktest } from "../../engine/backtest";
import { levelCross } from "../../engine/scenario.fixture";
import { Aggregator } from "../../market/aggregate";
import { concatBars } from "../../market/bars";
import { getSymbol } from "../../market/catalogue";
import { monthRange } from "../../market/chunks";
import { demoMonth } from "../../market/demo";
import { concatTicks, encodeTickChunk, hourKey, type MonthLog, ticksToM1 } from "../../market/feed";
import { MemoryBlobStore } from "../../market/store";
import { syntheticHour } from "../../market/test-helpers/bi5";
import { tickObjects } from "../market-ingest-store";
import { RunTicks, storedTickPorts, type TickPorts } from "./backtest-ticks";

const EURUSD = getSymbol("EURUSD");
const HOUR = 3_600_000;
/** Two stored days of March 2024 (Monday and Tuesday), 600 ticks an hour. */
const STORED_DAYS = [Date.UTC(2024, 2, 4), Date.UTC(2024, 2, 5)];

const spec = levelCross(1.08);

async function storeDays(blobs: MemoryBlobStore) {
  const objects = tickObjects(blobs);
  const log: MonthLog = { version: 1, hours: {} };
  const marchBars = [];
  for (const day of STORED_DAYS) {
    const hours = Array.from({ length: 24 }, (_, h) => syntheticHour(day + h * HOUR, 600, h + 1));
    const ticks = concatTicks(hours);
    const raw = encodeTickChunk(ticks, { symbol: "EURUSD", digits: 5, dayStart: day });
    await objects.putDay("EURUSD", day, raw, null);
    hours.forEach((t, h) => {
      log.hours[hourKey(day + h * HOUR)] = {
        status: "ok",
        ticks: t.length,
        weekend: 0,
        crossed: 0,
        spikes: 0,
      };
    });
    marchBars.push(ticksToM1(ticks, 5, EURUSD));
  }
  await objects.putMonthLog("EURUSD", "2024-03", log);
  return concatBars(marchBars);
}

describe("RunTicks", () => {
  it("labels months by their ticks and reads one stored day per step", async () => {
    const blobs = new MemoryBlobStore();
    const march = await storeDays(blobs);
    const stored = storedTickPorts(blobs);
    let reads = 0;
    const ports: TickPorts = {
      tickDays: (s, m) => stored.tickDays(s, m),
      dayTicks: (s, d) => {
        reads++;
        return stored.dayTicks(s, d);
      },
    };
    const from = Date.UTC(2024, 0, 1);
    const to = Date.UTC(2024, 3, 1);
    const months = ["2024-01", "2024-02", "2024-03"].map((m) => monthRange(m));
    const data = [demoMonth(EURUSD, "2024-01"), demoMonth(EURUSD, "2024-02"), march];
    const ticks = new RunTicks("EURUSD", from, to, ports);
    const agg = new Aggregator("M1", spec.timeframe);
    for (const [i, m] of months.entries()) {
      await ticks.scan(m, i < 2);
      agg.add(data[i]);
    }
    expect(ticks.any).toBe(true);
    const all = concatBars(data);
    const run = startWindowedBacktest(
      spec,
      {
        period: "M1",
        signalBars: agg.finish(),
        inRange: { count: all.length, first: all.time[0], last: all.time[all.length - 1] },
        realTicks: true,
      },
      {
        symbol: EURUSD,
        period: "H1",
        from,
        to,
        model: 1,
        executionMode: 0,
        deposit: 10_000,
        currency: "USD",
      },
    );
    const steps: number[] = [];
    for (const [i, m] of months.entries()) {
      let monthDone = false;
      let n = 0;
      while (!monthDone) {
        const before = reads;
        ({ monthDone } = await ticks.driveStep(run, m, async () => data[i]));
        expect(reads - before).toBeLessThanOrEqual(1);
        n++;
      }
      steps.push(n);
    }
    // A month without stored ticks in one step; March a step per day with bars.
    expect(steps).toEqual([1, 1, STORED_DAYS.length]);
    expect(reads).toBe(STORED_DAYS.length);
    expect(ticks.notes()).toEqual([
      "2024-01 to 2024-02: ticks generated from demo M1 bars (not real prices).",
      "2024-03: real ticks (Dukascopy).",
    ]);
    expect(run.result().report.ticks).toBeGreaterThan(0);
  });
});
