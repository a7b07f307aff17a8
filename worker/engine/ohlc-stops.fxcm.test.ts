/**
 * 1-minute OHLC modelling on real data: an SMA(10)/SMA(20) crossover on M15 bars with a 10-pip stop and
 * a 20-pip target, on a month of real FXCM GBPUSD M1 bid bars (February 2012), spread 0, against a
 * reference written here from MT5's rules: M15 bars are built from M1; a cross on a closed M15 bar is
 * traded at the open of the first M1 bar of the next M15 bar; each M1 bar is walked as Open, then Low
 * and High (bull bar) or High and Low (bear bar; a doji is the opposite of the bar before), then Close,
 * at 0/15/30/45 s; a stop or target touched fills at its own price (at the open when the bar gaps past
 * it); stops are checked before the signal of the same tick; a cross in the held direction is ignored.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { getSymbol } from "../market/catalogue";
import type { Bars } from "../market/types";
import { runBacktest } from "./backtest";
import { settingsOf, smaCross } from "./scenario.fixture";

function fxcmBid(): Bars {
  const file = path.resolve(
    process.cwd(),
    "../shared/data/fx/nautilus_fxcm_m1_bidask/gbpusd-m1-bid-2012.csv.gz",
  );
  const lines = gunzipSync(readFileSync(file)).toString("utf8").trim().split("\n").slice(1);
  const n = lines.length;
  const cols = Array.from({ length: 7 }, () => new Float64Array(n));
  const [time, open, high, low, close] = cols;
  lines.forEach((line, i) => {
    const f = line.split(",");
    time[i] = Date.parse(f[0].replace(" ", "T"));
    open[i] = +f[1];
    high[i] = +f[2];
    low[i] = +f[3];
    close[i] = +f[4];
  });
  return { length: n, time, open, high, low, close, volume: cols[5], spread: cols[6] };
}

interface Ref {
  entryTime: number;
  exitTime: number;
  direction: "long" | "short";
  entryPrice: number;
  exitPrice: number;
  exitReason: string;
}

const M15 = 15 * 60_000;
const PIP = 0.0001;
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

function reference(m1: Bars): Ref[] {
  // M15 bars from M1 (only closes are needed for the SMAs).
  const qTime: number[] = [];
  const qClose: number[] = [];
  for (let i = 0; i < m1.length; i++) {
    const b = Math.floor(m1.time[i] / M15) * M15;
    if (qTime.at(-1) !== b) {
      qTime.push(b);
      qClose.push(m1.close[i]);
    } else qClose[qClose.length - 1] = m1.close[i];
  }
  const sma = (p: number, i: number) => {
    if (i < p - 1) return Number.NaN;
    let s = 0;
    for (let k = i - p + 1; k <= i; k++) s += qClose[k];
    return s / p;
  };
  const trades: Ref[] = [];
  let pos: { dir: 1 | -1; entryTime: number; entryPrice: number; sl: number; tp: number } | null = null;
  const exit = (time: number, price: number, reason: string) => {
    if (!pos) return;
    trades.push({
      entryTime: pos.entryTime,
      exitTime: time,
      direction: pos.dir === 1 ? "long" : "short",
      entryPrice: pos.entryPrice,
      exitPrice: price,
      exitReason: reason,
    });
    pos = null;
  };
  const touch = (time: number, bid: number, gap: boolean) => {
    if (!pos) return;
    if (pos.dir === 1) {
      if (bid <= pos.sl) exit(time, gap && bid < pos.sl ? bid : pos.sl, "sl");
      else if (bid >= pos.tp) exit(time, gap && bid > pos.tp ? bid : pos.tp, "tp");
    } else if (bid >= pos.sl) exit(time, gap && bid > pos.sl ? bid : pos.sl, "sl");
    else if (bid <= pos.tp) exit(time, gap && bid < pos.tp ? bid : pos.tp, "tp");
  };
  let q = -1;
  let bullish = true;
  for (let i = 0; i < m1.length; i++) {
    const t = m1.time[i];
    const o = m1.open[i];
    touch(t, o, true);
    const bucket = Math.floor(t / M15) * M15;
    if (q < 0 || qTime[q] !== bucket) {
      q = qTime.indexOf(bucket, q + 1);
      const c = q - 1;
      if (c >= 1) {
        const d0 = sma(10, c - 1) - sma(20, c - 1);
        const d1 = sma(10, c) - sma(20, c);
        const up = d0 <= 1e-9 && d1 > 1e-9;
        const down = d0 >= -1e-9 && d1 < -1e-9;
        const want = up ? 1 : down ? -1 : 0;
        if (want !== 0 && pos && pos.dir !== want) exit(t, o, "signal");
        if (want !== 0 && !pos) {
          pos = {
            dir: want,
            entryTime: t,
            entryPrice: o,
            sl: round5(o - want * 10 * PIP),
            tp: round5(o + want * 20 * PIP),
          };
        }
      }
    }
    const h = m1.high[i];
    const l = m1.low[i];
    const c = m1.close[i];
    bullish = c > o ? true : c < o ? false : !bullish;
    touch(t + 15_000, bullish ? l : h, false);
    touch(t + 30_000, bullish ? h : l, false);
    touch(t + 45_000, c, false);
  }
  const last = m1.length - 1;
  exit(m1.time[last] + 45_000, m1.close[last], "end");
  return trades;
}

describe("1-minute OHLC on real GBPUSD M1 (FXCM, Feb 2012): M15 SMA cross with 10-pip SL, 20-pip TP", () => {
  const m1 = fxcmBid();
  const spec = smaCross("M15", {
    stopLoss: { unit: "pips", value: 10 },
    takeProfit: { unit: "pips", value: 20 },
  });
  const result = runBacktest(
    spec,
    { bars: m1, period: "M1" },
    settingsOf(m1, {
      symbol: getSymbol("GBPUSD"),
      period: "M15",
      to: m1.time[m1.length - 1] + 60_000,
      deposit: 1_000_000,
    }),
  );
  const expected = reference(m1);

  it("has enough trades of every kind to mean something", () => {
    const count = (r: string) => expected.filter((t) => t.exitReason === r).length;
    expect(expected.length).toBeGreaterThan(80);
    expect(count("sl")).toBeGreaterThan(20);
    expect(count("tp")).toBeGreaterThan(5);
    expect(count("signal")).toBeGreaterThan(5);
  });

  it("makes exactly the reference's trades, exits and exit ticks", () => {
    const got = result.trades.map((t) => ({
      entryTime: t.entryTime,
      exitTime: t.exitTime,
      direction: t.direction,
      entryPrice: t.entryPrice,
      exitPrice: t.exitPrice,
      exitReason: t.exitReason,
    }));
    const firstDiff = got.findIndex((g, i) => JSON.stringify(g) !== JSON.stringify(expected[i]));
    expect(
      firstDiff === -1 ? null : { at: firstDiff, got: got[firstDiff], expected: expected[firstDiff] },
    ).toBeNull();
    expect(got.length).toBe(expected.length);
  });
});
