/**
 * Costs (issue 16) on real data. Commission and swap: the SMA(10)/SMA(20) cross of examples/ on a year of
 * Lean/OANDA EURUSD H1 (open prices only, spread 0, 1 lot, a deposit no margin call reaches), run without
 * and with costs: the trades are the same, and the net profit moves by exactly the commissions and swaps
 * computed here from the trades' times (Monday to Friday rollovers at server midnight, Wednesday's counting
 * three nights). Spread: a month of FXCM GBPUSD M1 bid and ask, where every buy fills at its bar's ask.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { lowerBound, withAskSpread } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { importBars } from "../market/importers";
import type { Bars } from "../market/types";
import { parseSpec } from "../strategy/spec";
import { runBacktest } from "./backtest";
import { chargesSwap, NO_COSTS, rolloverNights } from "./costs";
import { leanEurusdH1 } from "./lean.fixture";
import { CLOSE, crossEntry, indicator, specOf } from "./scenario.fixture";
import type { BacktestSettings } from "./types";

const DAY = 86_400_000;
const parsed = parseSpec(
  JSON.parse(readFileSync(path.resolve(process.cwd(), "examples/strategies/sma-cross-10-20.json"), "utf8")),
);
if (!parsed.ok) throw new Error("bad example");
const smaCross = parsed.spec;

const base: BacktestSettings = {
  symbol: getSymbol("EURUSD"),
  period: "H1",
  from: Date.UTC(2017, 0, 1),
  to: Date.UTC(2018, 0, 1),
  model: 3,
  executionMode: 0,
  deposit: 1_000_000,
  currency: "USD",
  spreadPoints: 0,
};

/** Nights charged to a position held from `entry` to `exit`: each midnight in (entry, exit], by the weekday it ends. */
function nightsHeld(entry: number, exit: number, triple: number): number {
  let n = 0;
  for (let m = (Math.floor(entry / DAY) + 1) * DAY; m <= exit; m += DAY) {
    const ended = new Date(m - DAY).getUTCDay(); // 0 Sunday .. 6 Saturday
    if (ended === 0 || ended === 6) continue;
    n += ended === triple % 7 ? 3 : 1;
  }
  return n;
}

const cents = (x: number) => Math.round(x * 100) / 100;

describe("commission and swap on EURUSD H1 2017 (Lean/OANDA)", () => {
  const bars = leanEurusdH1();
  const costs = { commission: 3.5, swapLong: -6.3, swapShort: 1.2, tripleSwapDay: 3, slippage: 0 };
  // On H4 bars (built from the H1 data) positions are held for days, across many Wednesdays.
  const spec = { ...smaCross, timeframe: "H4" as const };
  const plain = runBacktest(spec, { bars, period: "H1" }, base);
  const costed = runBacktest(spec, { bars, period: "H1" }, { ...base, costs });

  it("keeps the trades and moves the net profit by exactly the computed commissions and swaps", () => {
    expect(costed.trades.map((t) => [t.entryTime, t.exitTime, t.entryPrice, t.exitPrice])).toEqual(
      plain.trades.map((t) => [t.entryTime, t.exitTime, t.entryPrice, t.exitPrice]),
    );
    let commission = 0;
    let swap = 0;
    let tripleNights = 0;
    for (const t of plain.trades) {
      commission -= 2 * cents(t.volume * costs.commission);
      const nights = nightsHeld(t.entryTime, t.exitTime, costs.tripleSwapDay);
      tripleNights +=
        nightsHeld(t.entryTime, t.exitTime, costs.tripleSwapDay) - nightsHeld(t.entryTime, t.exitTime, -1);
      // EURUSD in USD: a point of one lot is 0.00001 x 100,000 = 1 USD a night.
      swap += nights * (t.direction === "long" ? costs.swapLong : costs.swapShort) * t.volume;
    }
    expect(plain.trades.length).toBeGreaterThan(40);
    expect(tripleNights).toBeGreaterThan(20);
    expect(commission).toBeCloseTo(-7 * plain.trades.length, 6);
    expect(cents(costed.finalBalance - plain.finalBalance)).toBe(cents(commission + swap));
    expect(costed.totalCommission).toBe(cents(commission));
    expect(costed.totalSwap).toBe(cents(swap));
    // The report's net profit is the trades' results: they carry the costs too.
    const net = (r: typeof plain) => cents(r.trades.reduce((s, t) => s + t.profit, 0));
    expect(cents(net(costed) - net(plain))).toBe(cents(commission + swap));
  });

  it("books commission on both deals of a trade and the swap on the closing deal", () => {
    const ins = costed.deals.filter((d) => d.entry === "in");
    const outs = costed.deals.filter((d) => d.entry === "out");
    expect(ins.every((d) => d.commission === -3.5 && d.swap === 0)).toBe(true);
    expect(outs.every((d) => d.commission === -3.5)).toBe(true);
    expect(outs.some((d) => d.swap < 0) && outs.some((d) => d.swap > 0)).toBe(true);
    // The Balance column is the running sum of every deal's profit, commission and swap.
    let balance = 0;
    for (const d of costed.deals) {
      balance = cents(balance + d.profit + d.commission + d.swap);
      expect(d.balance).toBe(balance);
    }
  });

  it("counts Wednesday's rollover three times and never Saturday's or Sunday's", () => {
    // 2017-01-05 00:00 ends Wednesday 4 January; 2017-01-07 ends Friday; 01-08 and 01-09 end the weekend.
    expect(rolloverNights(Date.UTC(2017, 0, 5), 3)).toBe(3);
    expect(rolloverNights(Date.UTC(2017, 0, 7), 3)).toBe(1);
    expect(rolloverNights(Date.UTC(2017, 0, 8), 3)).toBe(0);
    expect(rolloverNights(Date.UTC(2017, 0, 9), 3)).toBe(0);
    expect(chargesSwap(NO_COSTS)).toBe(false);
  });

  it("slips every market fill against the trader by the slippage in points", () => {
    const slipped = runBacktest(
      spec,
      { bars, period: "H1" },
      { ...base, costs: { ...NO_COSTS, slippage: 3 } },
    );
    expect(slipped.trades.length).toBe(plain.trades.length);
    slipped.trades.forEach((t, i) => {
      const p = plain.trades[i];
      const side = t.direction === "long" ? 1 : -1;
      expect(t.entryPrice).toBeCloseTo(p.entryPrice + side * 0.00003, 9);
      expect(t.exitPrice).toBeCloseTo(p.exitPrice - side * 0.00003, 9);
    });
  });

  it("charges the same on the open-prices bar-level path as on the per-tick reference (swaps at rollovers)", () => {
    // The bar-level path repeats the per-tick path's expressions: equal to the last bit.
    const tick = runBacktest(spec, { bars, period: "H1" }, { ...base, costs }, { barLevel: false });
    expect(costed.deals).toEqual(tick.deals);
    expect(costed.report.equityDrawdown).toEqual(tick.report.equityDrawdown);
    expect(Array.from(costed.curve.equity)).toEqual(Array.from(tick.curve.equity));
    expect(costed.report.marginLevelMin).toBe(tick.report.marginLevelMin);
    // Without any shortcut (equity summed per position, not as a + b x bid): the same deals, equity to float noise.
    const full = runBacktest(spec, { bars, period: "H1" }, { ...base, costs }, { shortcuts: false });
    expect(costed.deals).toEqual(full.deals);
    expect(costed.report.equityDrawdown.maximal).toBeCloseTo(full.report.equityDrawdown.maximal, 6);
    full.curve.equity.forEach((e, i) => {
      expect(costed.curve.equity[i]).toBeCloseTo(e, 6);
    });
  });

  it("refuses a negative commission", () => {
    expect(() =>
      runBacktest(spec, { bars, period: "H1" }, { ...base, costs: { ...costs, commission: -1 } }),
    ).toThrow(/commission cannot be negative/);
  });
});

function fxcm(side: "bid" | "ask"): Bars {
  const symbol = getSymbol("GBPUSD");
  const file = path.resolve(
    process.cwd(),
    `../shared/data/fx/nautilus_fxcm_m1_bidask/gbpusd-m1-${side}-2012.csv.gz`,
  );
  const r = importBars(gunzipSync(readFileSync(file)).toString("utf8"), {
    symbol,
    fileName: `gbpusd-${side}.csv`,
  });
  return r.bars;
}

describe("the data's spread (FXCM GBPUSD M1 bid and ask, February 2012)", () => {
  const symbol = getSymbol("GBPUSD");
  const m1 = withAskSpread(fxcm("bid"), fxcm("ask"), symbol.point);
  const spec = specOf({
    specVersion: 2,
    timeframe: "M15",
    indicators: [{ id: "ma", kind: "SMA", period: 20, appliedPrice: "CLOSE" }],
    entry: crossEntry(CLOSE, indicator("ma")),
    sizing: { type: "fixed", lots: 1 },
    maxOpenPositions: 1,
    closeOnOpposite: true,
  });
  const settings: BacktestSettings = {
    symbol,
    period: "M15",
    from: Date.UTC(2012, 1, 1),
    to: Date.UTC(2012, 2, 1),
    model: 2,
    executionMode: 0,
    deposit: 1_000_000,
    currency: "USD",
  };
  const r = runBacktest(spec, { bars: m1, period: "M1" }, settings);

  it("fills every buy at the bid plus its own M1 bar's spread from the ask file", () => {
    const spreads = new Set<number>();
    // The end of test closes at the last bar's close tick, not at an open.
    const buys = r.deals.filter((d) => d.type === "buy" && d.comment !== "end of test");
    expect(buys.length).toBeGreaterThan(50);
    for (const d of buys) {
      // The fill is on a bar's open tick (entries and signal exits act on new M15 bars).
      const i = lowerBound(m1.time, d.time);
      expect(m1.time[i]).toBe(d.time);
      // A bar whose ask equals its bid (spread 0 in the file) takes the symbol's default, and the notes say so.
      const pts = m1.spread[i] > 0 ? m1.spread[i] : symbol.spread;
      spreads.add(pts);
      expect(d.price).toBeCloseTo(m1.open[i] + pts * symbol.point, 9);
    }
    // Not one fixed figure: the ask file's spread varies from bar to bar.
    expect(spreads.size).toBeGreaterThan(3);
    const fixed = runBacktest(spec, { bars: m1, period: "M1" }, { ...settings, spreadPoints: 0 });
    expect(fixed.finalBalance).not.toBe(r.finalBalance);
  });
});
