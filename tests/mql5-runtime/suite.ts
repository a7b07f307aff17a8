/**
 * What the parity harness runs (issue 13), shared by the test (parity.test.ts) and its bench
 * (scripts/bench/parity.ts): the data files and ranges, the account/model variants, the specs (the
 * examples and the specs beside this file) with their generated EAs, and the deliberately wrong EAs.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { generateMql5 } from "../../worker/mql5/generator";
import { lowerTimeframes, parseSpec, type StrategySpec } from "../../worker/strategy/spec";
import type { Variant } from "./harness";

export const SPEC_DIRS = [path.resolve("examples/strategies"), path.resolve("tests/mql5-runtime/specs")];
export const DATA = path.resolve(
  "../shared/data/fx/lean_oanda_bidask/eurusd_h1_oanda_bidask_2007-2018.csv.gz",
);
export const RANGE = { from: Date.UTC(2007, 0, 1), to: Date.UTC(2019, 0, 1) };
// A month of real FXCM GBPUSD M1 bid bars, tested at 1-minute OHLC (the EA on every one of the four
// ticks of each M1 bar) and at every tick (the engine's generated ticks); H1 strategy bars built from them.
export const M1_DATA = path.resolve("../shared/data/fx/nautilus_fxcm_m1_bidask/gbpusd-m1-bid-2012.csv.gz");
export const M1_RANGE = { from: Date.UTC(2012, 1, 1), to: Date.UTC(2012, 2, 2) };

export const VARIANTS: Variant[] = [
  { name: "spread 0, 1,000,000, hedging", spreadPoints: 0, deposit: 1_000_000, account: "hedging", model: 3 },
  // Margin refusals and stop-outs: 1-lot strategies on 10,000 with the data's wide 2007 spreads.
  { name: "data spread, 10,000, hedging", deposit: 10_000, account: "hedging", model: 3 },
  { name: "data spread, 1,000,000, netting", deposit: 1_000_000, account: "netting", model: 3 },
  // Netting with margin refusals and stop-outs (one position per symbol, both sides agree).
  { name: "spread 0, 10,000, netting", spreadPoints: 0, deposit: 10_000, account: "netting", model: 3 },
  // A broker's stop level (3 pips): the EA and the engine keep their stops and targets outside it, and
  // their stop moves wait for room (worker/engine/stops-level.ts).
  {
    name: "data spread, 1,000,000, hedging, stops level 30",
    deposit: 1_000_000,
    account: "hedging",
    model: 3,
    stopsLevel: 30,
  },
  // A broker's freeze level (2 pips): within it of a stop or target, the EA sends no modification and its
  // close is refused (10029); the engine leaves the stop and the position alone the same way.
  {
    name: "data spread, 1,000,000, hedging, freeze level 20",
    deposit: 1_000_000,
    account: "hedging",
    model: 3,
    freezeLevel: 20,
  },
];

export const M1_VARIANTS: Variant[] = [
  {
    name: "M1 OHLC, spread 0, 1,000,000, hedging",
    spreadPoints: 0,
    deposit: 1_000_000,
    account: "hedging",
    model: 2,
  },
  { name: "M1 OHLC, data spread, 10,000, hedging", deposit: 10_000, account: "hedging", model: 2 },
  { name: "every tick, data spread, 10,000, hedging", deposit: 10_000, account: "hedging", model: 0 },
  // The EA on every tick of a netting account: adds, trailing and break-even of the netted position.
  {
    name: "M1 OHLC, spread 0, 10,000, netting",
    spreadPoints: 0,
    deposit: 10_000,
    account: "netting",
    model: 2,
  },
  // Every tick on a netting account: every add the spec allows (no margin limit), then with margin
  // refusals and stop-outs of the netted position.
  { name: "every tick, data spread, 1,000,000, netting", deposit: 1_000_000, account: "netting", model: 0 },
  {
    name: "every tick, spread 0, 10,000, netting",
    spreadPoints: 0,
    deposit: 10_000,
    account: "netting",
    model: 0,
  },
];

export interface Entry {
  readonly name: string;
  readonly spec: StrategySpec;
  readonly mq5: string;
}

function loadSpec(file: string): StrategySpec {
  const parsed = parseSpec(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.ok) throw new Error(`${file}: invalid spec`);
  return parsed.spec;
}

// PARITY_ONLY=<regex>: only the spec files it matches (and none of the mutants), for a quick local run.
const only = process.env.PARITY_ONLY ? new RegExp(process.env.PARITY_ONLY) : undefined;

export const entries: Entry[] = SPEC_DIRS.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".json") && (only === undefined || only.test(f)))
    .sort()
    .map((f) => {
      const spec = loadSpec(path.join(dir, f));
      const mq5 = generateMql5(spec, { strategyId: "1", title: spec.name ?? f });
      return { name: f.replace(/\.json$/, ""), spec, mq5 };
    }),
);

/** The forming bar read instead of the closed one: every indicator shift one bar younger. */
function readFormingBar(mq5: string): string {
  const read = /IndicatorValue\((\w+), (\w+), ([12]), /g;
  return mq5.replace(read, (_, h, b, s) => `IndicatorValue(${h}, ${b}, ${Number(s) - 1}, `);
}

/** Twice the spec's lots: same times and prices, another volume. */
function doubleLots(mq5: string): string {
  return mq5.replace("input double InpLots = 1.0;", "input double InpLots = 2.0;");
}

/** The London session opening an hour late. */
function moveSessionHour(mq5: string): string {
  return mq5.replace("InpSessionLondon && t.hour >= 10", "InpSessionLondon && t.hour >= 11");
}

/** The specs the H1 data can run: a timeframe below the chart's needs M1 data (LOWER TIMEFRAME). */
export const h1Entries: Entry[] = entries.filter((e) => lowerTimeframes(e.spec).length === 0);

export function example(name: string): Entry {
  const e = entries.find((x) => x.name === name);
  if (e === undefined) throw new Error(`${name}.json is missing from the spec folders`);
  return e;
}

/** The 00:00-07:00 range measured to 08:00 (a v2 time window read one hour long). */
function widenWindow(mq5: string): string {
  return mq5.replaceAll("TimeWindowExtreme(420, 420,", "TimeWindowExtreme(480, 480,");
}

/** The partial close at 1.5R instead of 1R (v2 exits). */
function laterPartial(mq5: string): string {
  return mq5.replace("input double InpPartialAtR = 1.0;", "input double InpPartialAtR = 1.5;");
}

/** The second scale-out target at 55 pips instead of 45. */
function laterScaleOut(mq5: string): string {
  return mq5.replace("input double InpScaleOut2At = 45.0;", "input double InpScaleOut2At = 55.0;");
}

/** The Friday close an hour later (v2 time exit). */
function laterFridayClose(mq5: string): string {
  return mq5.replace("input int InpCloseHour = 21;", "input int InpCloseHour = 22;");
}

/** The bracket's other order left in place after a fill (no OCO). */
function keepOtherOrder(mq5: string): string {
  return mq5
    .replace("!trade.OrderDelete(g_sellOrder)", "false")
    .replace("!trade.OrderDelete(g_buyOrder)", "false");
}

/** Orders that expire an hour late (21:00 instead of 20:00). */
function expireLate(mq5: string): string {
  return mq5.replace("input int InpExpiryMinute = 1200;", "input int InpExpiryMinute = 1260;");
}

/** London hours without London's summer time (the zone read as UTC, London's winter clock). */
function londonWithoutSummerTime(mq5: string): string {
  return mq5.replace('input string InpHoursZone = "Europe/London";', 'input string InpHoursZone = "UTC";');
}

/** London hours read on the server's clock (the zone ignored). */
function londonOnServerClock(mq5: string): string {
  return mq5.replace("int zonedHour = ZonedHour((long)TimeCurrent());", "int zonedHour = t.hour;");
}

/** The first condition group of the buy rule read as OR instead of AND (v2 allOf, issue 15). */
function groupAsOr(mq5: string): string {
  return mq5.replace("bool any1 = any1_1 && any1_2;", "bool any1 = any1_1 || any1_2;");
}

/** A simple instead of an exponential average of the RSI (an average of another indicator, issue 15). */
function simpleAverageOfRsi(mq5: string): string {
  return mq5.replace("MODE_EMA, h_rsi);", "MODE_SMA, h_rsi);");
}

/** The buys' stop at the swing low of 3 bars each side instead of the fractal's 2 (v2 swing). */
function widerSwing(mq5: string): string {
  return mq5.replaceAll("SwingLevel(false, 2, ", "SwingLevel(false, 3, ");
}

/** A sequence's window that leaves out the bar that just closed (spec-sequence.ts: k = 0 is in it). */
function windowWithoutLastBar(mq5: string): string {
  return mq5.replace("if(at0)", "if(false)");
}

/** Higher-timeframe prices read on the forming H4/D1 bar instead of the last closed one. */
function readFormingHigherBar(mq5: string): string {
  return mq5.replace(
    /HigherPrice\((PERIOD_\w+), (\d), (\d+)\)/g,
    (_, tf, field, index) => `HigherPrice(${tf}, ${field}, ${Number(index) - 1})`,
  );
}

/** A pending order's candle stop measured from the ask when it is sent instead of from the order's price. */
function stopFromQuote(mq5: string): string {
  return mq5.replace(
    "structural = price - stopLevel;",
    "structural = SymbolInfoDouble(_Symbol, SYMBOL_ASK) - stopLevel;",
  );
}

/** The measured target read on the bar before the signal bar (its range, not the signal candle's). */
function measureOlderBar(mq5: string): string {
  return mq5.replace(
    "double measured = iHigh(_Symbol, InpTimeframe, 1) + -1.0 * iLow(_Symbol, InpTimeframe, 1);",
    "double measured = iHigh(_Symbol, InpTimeframe, 2) + -1.0 * iLow(_Symbol, InpTimeframe, 2);",
  );
}

/** Break-even three quarters of the way to the target instead of half way. */
function laterBreakEvenAtTarget(mq5: string): string {
  return mq5.replace("input double InpBreakEvenAtTarget = 0.5;", "input double InpBreakEvenAtTarget = 0.75;");
}

/** Orders at most every 2 hours instead of 4 (limits.minMinutesBetween, issue 15). */
function shorterWait(mq5: string): string {
  return mq5.replace("input int InpMinMinutesBetween = 240;", "input int InpMinMinutesBetween = 120;");
}

/** The middle equity tier trading 2 lots instead of 1 (sizing equityTiers). */
function tierLots(mq5: string): string {
  return mq5.replace("input double InpTier2Lots = 1.0;", "input double InpTier2Lots = 2.0;");
}

/** Today's range compared with 30 points instead of 30 pips (a constant with a unit). */
function rangeInPoints(mq5: string): string {
  return mq5.replaceAll("Level2 * g_pip)", "Level2 * _Point)");
}

/** Mutants of the order filters, found by name (issue 15), each with the spec it mutates. */
const hasFilters = entries.some((e) => e.name === "v2-order-filters-tiers");
export const filterMutants: Entry[] = (hasFilters ? [shorterWait, tierLots, rangeInPoints] : []).map(
  (mutate) => {
    const base = example("v2-order-filters-tiers");
    return { ...base, name: `mutant: ${mutate.name}`, mq5: mutate(base.mq5) };
  },
);

/** Every M15 value read one M15 bar older: the bar before the strategy bar's last one (LOWER TIMEFRAME). */
function readOlderLowerBar(mq5: string): string {
  return mq5
    .replace(
      /HigherPrice\(PERIOD_M15, (\d), (\d+)\)/g,
      (_, field, i) => `HigherPrice(PERIOD_M15, ${field}, ${Number(i) + 1})`,
    )
    .replace(
      /BufferValue\(h_sma5m15, Inp_sma5m15_Timeframe, 0, (\d+),/g,
      (_, i) => `BufferValue(h_sma5m15, Inp_sma5m15_Timeframe, 0, ${Number(i) + 1},`,
    );
}

/** The break-even worked out again on every tick (the EA before issue 15's fix): its ATR lock follows the ATR. */
function breakEvenEveryTick(mq5: string): string {
  return mq5.replace("bool beDone = BreakEvenDone(ticket, openPrice);", "bool beDone = false;");
}

/** A doji read with a body of up to a third of its range instead of a tenth (spec-price.ts). */
function wideDojiBody(mq5: string): string {
  return mq5.replaceAll("10.0 * MathAbs(", "3.0 * MathAbs(");
}

export const mutants: Entry[] = (
  only
    ? []
    : [
        { ...example("sma-cross-10-20"), name: "mutant: forming bar" },
        { ...example("macd-rsi-london-atr"), name: "mutant: session hour" },
        { ...example("sma-cross-10-20"), name: "mutant: lot size" },
        { ...example("session-range-breakout"), name: "mutant: time window" },
        { ...example("scale-out-1r-break-even"), name: "mutant: partial at 1.5R" },
        { ...example("friday-close"), name: "mutant: Friday close at 22:00" },
        { ...example("london-breakout-bracket"), name: "mutant: no OCO" },
        { ...example("london-breakout-bracket"), name: "mutant: late expiry" },
        { ...example("london-hours-zone"), name: "mutant: London without summer time" },
        { ...example("london-hours-zone"), name: "mutant: London hours on the server clock" },
        { ...example("v2-or-of-and-groups"), name: "mutant: group read as OR" },
        { ...example("v2-smoothed-indicators"), name: "mutant: SMA of the RSI, not its EMA" },
        { ...example("v2-scale-out-pips"), name: "mutant: second scale-out at 55 pips" },
        { ...example("swing-breakout-stops"), name: "mutant: swing strength" },
        { ...example("v2-sequence-pullback"), name: "mutant: window without its last bar" },
        { ...example("v2-higher-timeframe-prices"), name: "mutant: forming higher-timeframe bar" },
        { ...example("v2-pending-candle-stop"), name: "mutant: pending stop from the quote" },
        { ...example("v2-measured-target"), name: "mutant: target measured on the bar before" },
        { ...example("v2-week-range-target-break-even"), name: "mutant: break-even 75% of the way" },
        { ...example("v2-lower-timeframe"), name: "mutant: lower-timeframe bar one too old" },
        { ...example("v2-doji-outside-bars"), name: "mutant: doji body a third of the range" },
        { ...example("v2-break-even-atr-lock"), name: "mutant: break-even again on every tick" },
      ]
).map((e, k) => ({
  ...e,
  mq5: [
    readFormingBar,
    moveSessionHour,
    doubleLots,
    widenWindow,
    laterPartial,
    laterFridayClose,
    keepOtherOrder,
    expireLate,
    londonWithoutSummerTime,
    londonOnServerClock,
    groupAsOr,
    simpleAverageOfRsi,
    laterScaleOut,
    widerSwing,
    windowWithoutLastBar,
    readFormingHigherBar,
    stopFromQuote,
    measureOlderBar,
    laterBreakEvenAtTarget,
    readOlderLowerBar,
    wideDojiBody,
    breakEvenEveryTick,
  ][k](e.mq5),
}));
