/**
 * Broker server time on real M1 data (issue 16): a month of FXCM GBPUSD M1 (February 2012), bid and ask,
 * read from the shared data folder at test time. Cut in server time (GMT+2/+3, New York close) a trading
 * week has five D1 bars, Monday to Friday; cut at UTC midnight it has a sixth, the Sunday evening. An
 * SMA(2)/SMA(4) crossover on D1 then trades each cut's own crosses: both runs are checked against a
 * reference written here from the D1 closes of their cut, and the trades that differ are counted.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { aggregate } from "../market/aggregate";
import { lowerBound, withAskSpread } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { importBars } from "../market/importers";
import { serverZone, toServerTime } from "../market/server-time";
import type { Bars } from "../market/types";
import { runBacktest } from "./backtest";
import { smaCross } from "./scenario.fixture";
import type { ClosedTrade } from "./types";

const symbol = getSymbol("GBPUSD");

function fxcm(side: "bid" | "ask"): Bars {
  const file = path.resolve(
    process.cwd(),
    `../shared/data/fx/nautilus_fxcm_m1_bidask/gbpusd-m1-${side}-2012.csv.gz`,
  );
  const text = gunzipSync(readFileSync(file)).toString("utf8");
  const r = importBars(text, { symbol, fileName: `gbpusd-m1-${side}-2012.csv` });
  if (r.errors.length > 0) throw new Error(`${side}: ${r.errorCount} bad rows`);
  return r.bars;
}

const m1Utc = withAskSpread(fxcm("bid"), fxcm("ask"), symbol.point);
const zone = serverZone("GMT+2/+3");
const m1Server = toServerTime(m1Utc, zone);

const spec = smaCross("D1", { maxOpenPositions: 1, closeOnOpposite: true }, [2, 4]);

const DAY = 86_400_000;
const weekday = (t: number) => new Date(t).getUTCDay();

/** D1 bars per Monday-based week, over the weeks wholly inside the data. */
function barsPerWeek(d1: Bars): number[] {
  const counts = new Map<number, number>();
  for (const t of d1.time) {
    const monday = t - ((weekday(t) + 6) % 7) * DAY;
    counts.set(monday, (counts.get(monday) ?? 0) + 1);
  }
  return [...counts.values()].slice(1, -1);
}

/** Entries and exits of an always-in-the-market SMA(2)/SMA(4) cross: (time, bid) of the next D1 bar's first M1 bar. */
function reference(m1: Bars, from: number, to: number): { time: number; price: number; dir: 1 | -1 }[] {
  const d1 = aggregate(m1, "M1", "D1");
  const mean = (i: number, p: number) => {
    let s = 0;
    for (let k = i - p + 1; k <= i; k++) s += d1.close[k];
    return s / p;
  };
  const out: { time: number; price: number; dir: 1 | -1 }[] = [];
  for (let t = 4; t + 1 < d1.length; t++) {
    const d0 = mean(t - 1, 2) - mean(t - 1, 4);
    const d = mean(t, 2) - mean(t, 4);
    const dir = d0 <= 0 && d > 0 ? 1 : d0 >= 0 && d < 0 ? -1 : 0;
    if (dir === 0 || d1.time[t + 1] < from || d1.time[t + 1] >= to) continue;
    const i = lowerBound(m1.time, d1.time[t + 1]);
    out.push({ time: m1.time[i], price: m1.open[i], dir });
  }
  return out;
}

function run(m1: Bars, from: number, to: number, extra = {}) {
  return runBacktest(
    spec,
    { bars: m1, period: "M1" },
    {
      symbol,
      period: "H1",
      from,
      to,
      model: 2,
      executionMode: 0,
      deposit: 100_000,
      currency: "USD",
      spreadPoints: 0,
      ...extra,
    },
  );
}

const entries = (trades: readonly ClosedTrade[]) => trades.map((t) => `${t.entryTime} ${t.direction}`);

describe("D1 bars and a D1 SMA cross in broker server time (FXCM GBPUSD M1, February 2012)", () => {
  const from = Date.UTC(2012, 1, 6);
  const to = Date.UTC(2012, 2, 1);

  it("has five D1 bars per trading week in server time, six when cut at UTC midnight", () => {
    const server = aggregate(m1Server, "M1", "D1");
    const utc = aggregate(m1Utc, "M1", "D1");
    expect(barsPerWeek(server)).toEqual([5, 5, 5]);
    expect(barsPerWeek(utc)).toEqual([6, 6, 6]);
    expect(new Set(Array.from(server.time, weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(Array.from(utc.time, weekday)).toContain(0);
  });

  const serverRun = run(m1Server, from, to);
  const utcRun = run(m1Utc, from, to);

  it("trades the crosses of each cut's own D1 closes, at the next D1 bar's first price", () => {
    for (const [m1, result] of [
      [m1Server, serverRun],
      [m1Utc, utcRun],
    ] as const) {
      const ref = reference(m1, from, to);
      expect(ref.length).toBeGreaterThan(3);
      expect(result.trades.map((t) => [t.entryTime, t.entryPrice, t.direction === "long" ? 1 : -1])).toEqual(
        ref.map((r) => [r.time, r.price, r.dir]),
      );
    }
  });

  it("differs from the UTC cut where the Sunday bar and the 22:00 cut move a cross", () => {
    const a = new Set(entries(serverRun.trades));
    const b = new Set(entries(utcRun.trades));
    const onlyServer = [...a].filter((x) => !b.has(x)).length;
    const onlyUtc = [...b].filter((x) => !a.has(x)).length;
    console.info(
      `server time: ${serverRun.trades.length} trades, UTC: ${utcRun.trades.length}; entries only in server time: ${onlyServer}, only in UTC: ${onlyUtc}`,
    );
    expect(onlyServer).toBeGreaterThan(0);
    expect(onlyUtc).toBeGreaterThan(0);
    // Every server-time entry is at server midnight: the first M1 bar of a Monday-to-Friday D1 bar.
    for (const t of serverRun.trades) expect([1, 2, 3, 4, 5]).toContain(weekday(t.entryTime));
  });
});
