/**
 * Issue 13: the EA a trader downloads trades like the backtest. The generated EA of every example
 * strategy, and of the specs beside this file (every indicator kind, stop/target/trailing/break-even
 * form, time filters, both sizing types, long-only, short-only, several positions), is compiled as C++
 * against the MQL5 test runtime and run over EURUSD H1 2007-2018 (the Lean/OANDA file, read where it
 * lies, through the market importers, in broker server time: GMT+2/+3, New York close) next to the
 * engine; any difference in direction, entry or exit
 * time or price, or exit reason fails. The mutation tests prove the comparison can fail.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateMql5 } from "../../worker/mql5/generator";
import type { StrategySpec } from "../../worker/strategy/spec";
import {
  compareDeals,
  compareTrades,
  compileEa,
  engineRun,
  limiter,
  type MarketFile,
  readMarketFile,
  runEa,
  type Variant,
  workDir,
  writeBarsCsv,
} from "./harness";
import {
  DATA,
  type Entry,
  entries,
  example,
  filterMutants,
  h1Entries,
  M1_DATA,
  M1_RANGE,
  M1_VARIANTS,
  mutants,
  RANGE,
  VARIANTS,
} from "./suite";

let market: MarketFile;
let barsFile: string;
let m1Market: MarketFile;
let m1BarsFile: string;
const exes = new Map<string, string>();
const work = workDir();
const table: string[] = [];

beforeAll(async () => {
  market = readMarketFile(DATA, "EURUSD");
  barsFile = path.join(work.dir, "bars.csv");
  writeBarsCsv(market.bars, barsFile);
  m1Market = readMarketFile(M1_DATA, "GBPUSD");
  m1BarsFile = path.join(work.dir, "m1.csv");
  writeBarsCsv(m1Market.bars, m1BarsFile);
  const twoAtOnce = limiter(2);
  await Promise.all(
    [...entries, ...mutants, ...filterMutants].map((e, k) =>
      twoAtOnce(async () => exes.set(e.name, await compileEa(e.mq5, work.dir, `ea${k}`))),
    ),
  );
}, 600_000);

afterAll(() => {
  work.dispose();
  console.log(["spec | variant | engine trades | EA trades | identical", ...table].join("\n"));
});

async function compare(e: Entry, v: Variant, m1 = false) {
  const exe = exes.get(e.name);
  if (exe === undefined) throw new Error(`${e.name} was not built`);
  const [data, file, range] = m1 ? [m1Market, m1BarsFile, M1_RANGE] : [market, barsFile, RANGE];
  // The EA's process runs while the engine computes in this thread.
  const eaRun = runEa(exe, file, data, e.spec, v, range);
  const run = engineRun(e.spec, data, v, range);
  const ea = await eaRun;
  const engine = run.trades;
  const c = compareTrades(engine, ea.trades);
  table.push(`${e.name} | ${v.name} | ${engine.length} | ${ea.trades.length} | ${c.identical}`);
  return { engine, ea, c, deals: compareDeals(run.deals, ea.deals), modifications: run.modifications };
}

describe("generated EA vs engine, EURUSD H1 2007-2018, open prices only", () => {
  // A spec reading a timeframe below H1 runs on the M1 month only (the engine refuses H1 data for it).
  for (const e of h1Entries)
    for (const v of VARIANTS) {
      it(`${e.name}, ${v.name}`, async () => {
        const { engine, ea, c, deals, modifications } = await compare(e, v);
        expect(engine.length).toBeGreaterThan(0);
        expect(ea.initFailed).toBe(false);
        expect(c.differences).toEqual([]);
        // The deals too, in/out/inout as MT5 lists them: a netting add is an "in" of the added lots.
        expect(deals).toEqual([]);
        // One PositionModify per stop the engine moved: none sent when nothing changed, none carried out
        // inside a broker's stop level (both wait for room).
        expect(ea.modifications).toBe(modifications);
      });
    }
});

describe("generated EA vs engine, GBPUSD M1 February 2012 (FXCM), 1-minute OHLC and every tick", () => {
  for (const e of entries)
    for (const v of M1_VARIANTS)
      it(`${e.name}, ${v.name}`, async () => {
        const { ea, c, deals, modifications } = await compare(e, v, true);
        expect(ea.initFailed).toBe(false);
        expect(c.differences).toEqual([]);
        expect(deals).toEqual([]);
        // The EA runs on every tick here: it modifies a stop only on the ticks where the engine moves it.
        expect(ea.modifications).toBe(modifications);
      });
});

describe("live-trading hygiene, checked by the tester's broker", () => {
  it("a 2-pip stop inside a 30-point stop level is moved out to it, never refused (journal)", async () => {
    const base = example("sma-cross-sl50-tp100");
    const spec: StrategySpec = { ...base.spec, stopLoss: { unit: "pips", value: 2 } };
    const mq5 = generateMql5(spec, { strategyId: "1", title: "tight stop" });
    const exe = await compileEa(mq5, work.dir, "tight-stop");
    const v: Variant = { ...VARIANTS[0], name: "stops level 30", stopsLevel: 30 };
    const ea = await runEa(exe, barsFile, market, spec, v, RANGE);
    expect(ea.trades.length).toBeGreaterThan(100);
    expect(ea.journal).toContain("Stop loss moved to the broker's stop level (30 points)");
    expect(ea.journal).not.toMatch(/failed: 10016/);
    // Stopped out at the moved stop (30 points, spread 0) or a gapping open beyond it, never at 20.
    const stopped = ea.trades.filter((x) => x.exitReason === "sl");
    expect(stopped.length).toBeGreaterThan(0);
    for (const t of stopped) {
      const loss = (Number(t.exitPrice) - Number(t.entryPrice)) * (t.direction === "long" ? -1 : 1);
      expect(loss).toBeGreaterThan(0.0003 - 1e-9);
    }
  }, 60_000);

  it("every refused request is in the journal with its retcode (a 10,000 deposit refuses 1-lot orders)", async () => {
    const e = example("sma-cross-10-20");
    const exe = exes.get(e.name);
    if (exe === undefined) throw new Error(`${e.name} was not built`);
    const ea = await runEa(exe, barsFile, market, e.spec, VARIANTS[1], RANGE);
    expect(ea.journal).toMatch(/(Buy|Sell) failed: 10019 no money/);
  });
});

describe("freeze level and modification count", () => {
  it("a freeze level changes the trades, the same way in the engine and the EA (frozen closes in the journal)", async () => {
    const e = example("macd-rsi-london-atr");
    const free = VARIANTS[0];
    const frozen: Variant = { ...free, name: "spread 0, freeze level 20", freezeLevel: 20 };
    const a = await compare(e, free);
    const b = await compare(e, frozen);
    expect(b.c.differences).toEqual([]);
    expect(b.ea.modifications).toBe(b.modifications);
    expect(compareTrades(a.engine, b.engine).differences.length).toBeGreaterThan(0);
    expect(b.ea.journal).toMatch(/PositionClose failed: 10029 frozen/);
    expect(b.ea.journal).not.toMatch(/PositionModify failed/);
  });

  it("a trailing stop on every tick: as many modifications as the engine makes, far fewer than ticks", async () => {
    const e = entries.find((x) => x.name === "netting-macd-trend-reverse");
    if (e === undefined) throw new Error("netting-macd-trend-reverse spec missing");
    const { ea, modifications, c } = await compare(e, M1_VARIANTS[0], true);
    expect(c.differences).toEqual([]);
    expect(modifications).toBeGreaterThan(10);
    expect(ea.modifications).toBe(modifications);
  });
});

describe("the harness can fail", () => {
  it("an EA reading the M15 bar before the H1 bar's last one trades differently (lower timeframe)", async () => {
    const m = mutants.find((x) => x.name === "mutant: lower-timeframe bar one too old");
    if (m === undefined) throw new Error("the lower-timeframe mutant is missing");
    expect(m.mq5).not.toBe(example("v2-lower-timeframe").mq5);
    const { c, engine } = await compare(m, M1_VARIANTS[0], true);
    expect(engine.length).toBeGreaterThan(5);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("a spec reading M15 on H1 data is refused by the engine, not read on the chart's bars", () => {
    const e = example("v2-lower-timeframe");
    expect(() => engineRun(e.spec, market, VARIANTS[0], RANGE)).toThrow(/reads M15 bars/);
  });

  it("an EA reading the forming bar instead of the closed one trades differently", async () => {
    const { c, engine } = await compare(mutants[0], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
    expect(c.identical).toBeLessThan(engine.length / 2);
  });

  it("an EA whose London session opens an hour late trades differently", async () => {
    const { c } = await compare(mutants[1], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA measuring the 00:00-07:00 range until 08:00 trades differently (v2 time window)", async () => {
    expect(mutants[3].mq5).not.toBe(example("session-range-breakout").mq5);
    const { c } = await compare(mutants[3], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA closing half at 1.5R instead of 1R trades differently (v2 partial close)", async () => {
    expect(mutants[4].mq5).not.toBe(example("scale-out-1r-break-even").mq5);
    const { c } = await compare(mutants[4], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA closing on Friday at 22:00 instead of 21:00 trades differently (v2 time exit)", async () => {
    expect(mutants[5].mq5).not.toBe(example("friday-close").mq5);
    const { c } = await compare(mutants[5], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA that leaves the bracket's other order in place trades differently (OCO)", async () => {
    expect(mutants[6].mq5).not.toBe(example("london-breakout-bracket").mq5);
    const { c } = await compare(mutants[6], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA whose pending orders expire an hour late trades differently (expiry)", async () => {
    expect(mutants[7].mq5).not.toBe(example("london-breakout-bracket").mq5);
    const { c } = await compare(mutants[7], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA reading London's hours without its summer time trades differently (hours in a named zone)", async () => {
    expect(mutants[8].mq5).not.toBe(example("london-hours-zone").mq5);
    const { c } = await compare(mutants[8], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA reading London's hours on the server clock trades differently (hours in a named zone)", async () => {
    expect(mutants[9].mq5).not.toBe(example("london-hours-zone").mq5);
    const { c } = await compare(mutants[9], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA reading a condition group's AND as OR trades differently (v2 allOf)", async () => {
    expect(mutants[10].mq5).not.toBe(example("v2-or-of-and-groups").mq5);
    const { c } = await compare(mutants[10], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA reading a doji as a body of a third of the range trades differently (candle patterns)", async () => {
    const m = mutants.find((x) => x.name === "mutant: doji body a third of the range");
    if (!m) throw new Error("the doji mutant is missing");
    expect(m.mq5).not.toBe(example("v2-doji-outside-bars").mq5);
    const { c } = await compare(m, VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA reading the forming H4/D1 bar for a higher-timeframe price trades differently", async () => {
    expect(mutants[15].mq5).not.toBe(example("v2-higher-timeframe-prices").mq5);
    const { c } = await compare(mutants[15], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA measuring the target on the bar before the signal candle trades differently (v2 targetDistance)", async () => {
    const m = mutants.find((x) => x.name === "mutant: target measured on the bar before");
    if (m === undefined) throw new Error("the measured-target mutant is missing");
    expect(m.mq5).not.toBe(example("v2-measured-target").mq5);
    const { c, engine, ea } = await compare(m, VARIANTS[0]);
    // Same entries (the signals are untouched), other exits: the targets sit elsewhere.
    expect(ea.trades.length).toBeGreaterThan(engine.length / 2);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA moving to break-even 75% of the way to the target instead of half way trades differently", async () => {
    const m = mutants.find((x) => x.name === "mutant: break-even 75% of the way");
    if (m === undefined) throw new Error("the break-even mutant is missing");
    expect(m.mq5).not.toBe(example("v2-week-range-target-break-even").mq5);
    const { c } = await compare(m, VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA moving the stop to break-even again on every tick, its ATR lock following the ATR, trades differently", async () => {
    const m = mutants.find((x) => x.name === "mutant: break-even again on every tick");
    if (m === undefined) throw new Error("the break-even-every-tick mutant is missing");
    expect(m.mq5).not.toBe(example("v2-break-even-atr-lock").mq5);
    const { c, engine, ea } = await compare(m, VARIANTS[0]);
    // Same entries, other stops: only the positions whose lock moved with a larger ATR differ.
    expect(ea.trades.length).toBeGreaterThan(engine.length / 2);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA whose sequence window leaves out the bar that just closed trades differently (within)", async () => {
    expect(mutants[14].mq5).not.toBe(example("v2-sequence-pullback").mq5);
    const { c } = await compare(mutants[14], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA stopping buys at a 3-bar swing low instead of the fractal's 2 trades differently (v2 swing)", async () => {
    expect(mutants[13].mq5).not.toBe(example("swing-breakout-stops").mq5);
    const { c } = await compare(mutants[13], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA closing its second scale-out share at 55 pips instead of 45 trades differently (v2 scale-out)", async () => {
    expect(mutants[12].mq5).not.toBe(example("v2-scale-out-pips").mq5);
    const { c } = await compare(mutants[12], VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA averaging the RSI with an SMA instead of its EMA trades differently (an indicator of an indicator)", async () => {
    expect(mutants[11].mq5).not.toBe(example("v2-smoothed-indicators").mq5);
    const { c, engine, ea } = await compare(mutants[11], VARIANTS[0]);
    expect(ea.trades.length).toBeGreaterThan(engine.length / 2);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA measuring a pending order's candle stop from the ask instead of the order's price trades differently", async () => {
    const mutant = mutants.find((m) => m.name === "mutant: pending stop from the quote");
    if (!mutant) throw new Error("mutant missing");
    expect(mutant.mq5).not.toBe(example("v2-pending-candle-stop").mq5);
    const { c } = await compare(mutant, VARIANTS[0]);
    expect(c.differences.length).toBeGreaterThan(0);
  });

  it("an EA trading twice the spec's lots differs on every trade (volume is compared)", async () => {
    const { c, engine, ea } = await compare(mutants[2], VARIANTS[0]);
    expect(ea.trades.length).toBe(engine.length);
    expect(c.identical).toBe(0);
    expect(c.differences.some((d) => d.startsWith("EA only: long 2.00 "))).toBe(true);
  });

  it("order filters and equity tiers: a shorter wait, another tier's lots, a range in points each trade differently", async () => {
    expect(filterMutants.length).toBe(3);
    for (const m of filterMutants) {
      expect(m.mq5).not.toBe(example("v2-order-filters-tiers").mq5);
      const { c } = await compare(m, VARIANTS[0]);
      expect(c.differences.length, m.name).toBeGreaterThan(0);
    }
  });
});
