/**
 * The behaviour each example strategy's description promises (issue 4), run through the engine on
 * hand-made H1 bars at open prices only: ema-cross-12-26-long-only buys only when flat and its exit
 * cross closes without going short; rsi-14-30-70 ignores a signal in the direction already held;
 * sma-cross-sl50-tp100 puts SL/TP 50/100 pips from the fill price and stays flat after a stop or a
 * target until the next cross. Closes step between levels so that the crosses fall on known bars.
 */
import { describe, expect, it } from "vitest";
import emaLongOnlyDoc from "../../examples/strategies/ema-cross-12-26-long-only.json";
import rsiDoc from "../../examples/strategies/rsi-14-30-70.json";
import smaSlTpDoc from "../../examples/strategies/sma-cross-sl50-tp100.json";
import { rsi } from "../indicators";
import { parseSpec, type StrategySpec } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { barsOf, HOUR, MINUTE, MONDAY, type Ohlc, settingsOf } from "./scenario.fixture";
import type { BacktestSettings } from "./types";

function load(doc: unknown): StrategySpec {
  const r = parseSpec(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

/** Closes holding `level` for `count` bars, one run after the other. */
function levels(...runs: [level: number, count: number][]): number[] {
  return runs.flatMap(([level, count]) => Array.from({ length: count }, () => level));
}

/**
 * H1 bars from closes: each opens at the previous close and reaches 2 pips beyond its body, except
 * where `extremes` gives a bar's high or low (to reach a stop or a target).
 */
function h1Rows(
  closes: readonly number[],
  extremes: Record<number, { high?: number; low?: number }> = {},
): Ohlc[] {
  return closes.map((close, i) => {
    const open = i === 0 ? close : closes[i - 1];
    const e = extremes[i] ?? {};
    return [open, e.high ?? Math.max(open, close) + 0.0002, e.low ?? Math.min(open, close) - 0.0002, close];
  });
}

function runH1(spec: StrategySpec, rows: Ohlc[], extra: Partial<BacktestSettings> = {}) {
  const bars = barsOf(rows, MONDAY, HOUR);
  return runBacktest(spec, { bars, period: "H1" }, settingsOf(bars, { model: 3, period: "H1", ...extra }));
}

const bar = (i: number) => MONDAY + i * HOUR;

describe("ema-cross-12-26-long-only", () => {
  // EMA(12) and EMA(26) start equal (both seeded at 1.10). A 200-pip step moves EMA(12) further than
  // EMA(26) on the step bar itself, so each step is a cross on that bar: down at 60, up at 120, down at
  // 180, up at 240.
  const closes = levels([1.1, 60], [1.08, 60], [1.1, 60], [1.08, 60], [1.1, 20]);
  const r = runH1(load(emaLongOnlyDoc), h1Rows(closes));

  it("opens nothing on a cross down while flat, and buys 1 lot at the bar after each cross up", () => {
    expect(r.trades.map((t) => [t.direction, t.entryTime, t.entryPrice, t.volume])).toEqual([
      ["long", bar(121), 1.1, 1],
      ["long", bar(241), 1.1, 1],
    ]);
  });

  it("the cross down closes the long at the next open and does not go short", () => {
    expect(r.trades[0]).toMatchObject({ exitReason: "signal", exitTime: bar(181), exitPrice: 1.08 });
    expect(r.trades[0].profit).toBeCloseTo(-2000, 6);
    // Deals after the deposit: in/out pairs, every "in" a buy.
    expect(r.deals.slice(1).map((d) => `${d.type} ${d.entry}`)).toEqual([
      "buy in",
      "sell out",
      "buy in",
      "sell out",
    ]);
    expect(r.trades[1].exitReason).toBe("end");
  });
});

describe("rsi-14-30-70", () => {
  // Wilder RSI(14) of these closes (pips per bar x bars): down 10 x 15 puts it at 0; then it crosses up
  // through 30 at bar 17, dips under 30 and crosses up again at 19; up 30 x 14 takes it above 70, and it
  // crosses down through 70 at 36, rises over 70 and crosses down again at 40; the long fall and the
  // rise after it cross up through 30 at 56.
  const steps: [pips: number, count: number][] = [
    [-10, 15],
    [30, 2],
    [-30, 1],
    [30, 1],
    [30, 14],
    [-30, 3],
    [30, 3],
    [-30, 3],
    [-30, 12],
    [30, 3],
    [10, 3],
  ];
  const closes = [1.1];
  for (const [pips, count] of steps) {
    for (let k = 0; k < count; k++)
      closes.push(Math.round((closes[closes.length - 1] + pips * 1e-4) * 1e5) / 1e5);
  }
  const r = runH1(load(rsiDoc), h1Rows(closes));

  it("the bars cross where the comments say (the kernel is checked in rsi.test.ts)", () => {
    const v = rsi(Float64Array.from(closes), 14);
    const up30: number[] = [];
    const down70: number[] = [];
    for (let i = 1; i < v.length; i++) {
      if (v[i - 1] <= 30 && v[i] > 30) up30.push(i);
      if (v[i - 1] >= 70 && v[i] < 70) down70.push(i);
    }
    expect(up30).toEqual([17, 19, 56]);
    expect(down70).toEqual([36, 40]);
  });

  it("a second cross up while long and a second cross down while short are ignored", () => {
    expect(r.trades.map((t) => [t.direction, t.entryTime, t.exitTime, t.exitReason])).toEqual([
      ["long", bar(18), bar(37), "signal"],
      ["short", bar(37), bar(57), "signal"],
      ["long", bar(57), bar(closes.length - 1) + 45 * MINUTE, "end"],
    ]);
    expect(r.orders.every((o) => o.volume === 1)).toBe(true);
  });

  it("each reversal closes the held position and opens the other way at the same open price", () => {
    expect(r.trades[0].exitPrice).toBe(closes[36]);
    expect(r.trades[1].entryPrice).toBe(closes[36]);
    expect(r.trades[1].exitPrice).toBe(closes[56]);
    expect(r.trades[2].entryPrice).toBe(closes[56]);
  });
});

describe("sma-cross-sl50-tp100", () => {
  // SMA(10) and SMA(20) equal on a flat run; a step up is a cross up on the step bar, a step down a
  // cross down; a flat run after a move brings them back to equal, which is no cross.
  const closes = levels(
    [1.1, 25], // 0-24
    [1.102, 1], // 25: cross up -> buy at 26's open
    [1.103, 1], // 26
    [1.106, 23], // 27: reaches the target; 28-49 flat, no cross
    [1.104, 1], // 50: cross down -> sell at 51's open
    [1.103, 23], // 51: reaches the stop; 52-73 flat, no cross
    [1.105, 3], // 74: cross up -> buy at 75's open; 75-76
  );
  // 1 pip of spread: buys fill at the ask, so SL/TP must sit 50/100 pips from that fill, not the bid.
  const spread = 10;
  const r = runH1(load(smaSlTpDoc), h1Rows(closes, { 27: { high: 1.1125 }, 51: { high: 1.1095 } }), {
    spreadPoints: spread,
  });

  it("sets the stop 50 pips and the target 100 pips from each fill price", () => {
    const buy = r.orders[0];
    expect(buy).toMatchObject({ type: "buy", timeSetup: bar(26) });
    expect(buy.price).toBeCloseTo(1.102 + 0.0001, 10);
    expect(buy.sl).toBeCloseTo(1.1021 - 0.005, 10);
    expect(buy.tp).toBeCloseTo(1.1021 + 0.01, 10);
    const sell = r.orders.find((o) => o.type === "sell" && o.timeSetup === bar(51));
    // A sell fills at the bid (the bar's open); its stop and target are read on the ask.
    expect(sell?.price).toBeCloseTo(1.104, 10);
    expect(sell?.sl).toBeCloseTo(1.104 + 0.005, 10);
    expect(sell?.tp).toBeCloseTo(1.104 - 0.01, 10);
  });

  it("the target closes +$1000, the stop -$500, and it stays flat after each until the next cross", () => {
    expect(r.trades.map((t) => [t.direction, t.entryTime, t.exitReason])).toEqual([
      ["long", bar(26), "tp"],
      ["short", bar(51), "sl"],
      ["long", bar(75), "end"],
    ]);
    expect(r.trades[0].exitPrice).toBeCloseTo(1.1121, 10);
    expect(r.trades[0].profit).toBeCloseTo(1000, 6);
    expect(r.trades[1].exitPrice).toBeCloseTo(1.109, 10);
    expect(r.trades[1].profit).toBeCloseTo(-500, 6);
    // Exits inside bars 27 and 51; nothing opens again before the crosses at 50 and 74.
    expect(r.trades[0].exitTime).toBeGreaterThan(bar(27));
    expect(r.trades[0].exitTime).toBeLessThan(bar(28));
    expect(r.trades[1].exitTime).toBeGreaterThan(bar(51));
    expect(r.trades[1].exitTime).toBeLessThan(bar(52));
  });
});
