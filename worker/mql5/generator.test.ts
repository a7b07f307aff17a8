import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../strategy/spec";
import { checkMql5 } from "./check/checker";
import { generateMql5 } from "./generator";
import { body, gen, loadSpec, specOf } from "./testing/ea.fixture";
import { specArbitrary } from "./testing/spec-arbitrary";

const EXAMPLES = join(__dirname, "../../examples/strategies");

const load = (file: string): StrategySpec => loadSpec(`examples/strategies/${file}`);
const count = (text: string, needle: string): number => text.split(needle).length - 1;

const files = readdirSync(EXAMPLES).filter((f) => f.endsWith(".json"));

describe("generateMql5 on the example strategies", () => {
  it("finds the examples", () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  it.each(files)("%s passes the checker in both modes", (file) => {
    for (const mode of ["full", "conservative"] as const) {
      const result = checkMql5(gen(load(file), mode));
      expect(result, `${file} ${mode}`).toEqual({ ok: true, errors: [] });
    }
  });

  it("SMA 10/20: two SMA handles with period inputs 10 and 20, 1.0 lots, closed-bar cross", () => {
    const code = gen(load("sma-cross-10-20.json"));
    expect(count(code, "= iMA(")).toBe(2);
    expect(code).toContain("input int Inp_fast_Period = 10;");
    expect(code).toContain("input int Inp_slow_Period = 20;");
    expect(code).toContain("h_fast = iMA(_Symbol, InpTimeframe, Inp_fast_Period, 0, MODE_SMA, PRICE_CLOSE);");
    expect(code).toContain("h_slow = iMA(_Symbol, InpTimeframe, Inp_slow_Period, 0, MODE_SMA, PRICE_CLOSE);");
    expect(code).toContain("input double InpLots = 1.0;");
    expect(code).toContain("input ENUM_TIMEFRAMES InpTimeframe = PERIOD_H1;");
    // Cross on the bar that just closed (index 1) against the one before (index 2).
    expect(body(code, "bool EntryLongSignal()")).toContain(
      "IsAtMost(IndicatorValue(h_fast, 0, 2, Inp_fast_Period - 1), IndicatorValue(h_slow, 0, 2, Inp_slow_Period - 1)) && IsAbove(IndicatorValue(h_fast, 0, 1, Inp_fast_Period - 1), IndicatorValue(h_slow, 0, 1, Inp_slow_Period - 1))",
    );
    expect(body(code, "bool EntryShortSignal()")).toContain(
      "IsAtMost(IndicatorValue(h_slow, 0, 2, Inp_slow_Period - 1), IndicatorValue(h_fast, 0, 2, Inp_fast_Period - 1)) && IsAbove(IndicatorValue(h_slow, 0, 1, Inp_slow_Period - 1), IndicatorValue(h_fast, 0, 1, Inp_fast_Period - 1))",
    );
    // Handles: created and checked in OnInit, released in OnDeinit.
    const init = body(code, "int OnInit()");
    expect(init).toContain("if(h_fast == INVALID_HANDLE)");
    expect(init).toContain("return(INIT_FAILED);");
    expect(init).toContain("trade.SetExpertMagicNumber((ulong)InpMagicNumber);");
    expect(init).toContain("trade.SetDeviationInPoints((ulong)InpSlippagePoints);");
    expect(body(code, "void OnDeinit(const int reason)")).toContain("IndicatorRelease(h_slow);");
    // Header and library.
    expect(code).toMatch(/^#property copyright "StratForge"$/m);
    expect(code).toMatch(/^#property link "https:\/\/stratforge.example"$/m);
    expect(code).toMatch(/^#property version "1.00"$/m);
    expect(code).toMatch(/^#property strict$/m);
    expect(code).toContain("#include <Trade\\Trade.mqh>");
    expect(code).toMatch(/^CTrade trade;$/m);
    expect(code.split("\n").slice(0, 3)).toEqual([
      "// Test strategy",
      "// Strategy: SMA 10/20 crossover",
      "// Expert advisor generated from strategy 1042 (StrategySpec v2).",
    ]);
  });

  it("acts once per new bar: exits and close-on-opposite, then one entry", () => {
    const code = gen(load("sma-cross-10-20.json"));
    const tick = body(code, "void OnTick()");
    expect(tick).toContain("datetime barTime = iTime(_Symbol, InpTimeframe, 0);");
    expect(tick).toContain("if(barTime != 0 && barTime != g_lastBarTime)");
    expect(tick).toContain("ProcessNewBar(barTime);");
    expect(tick).not.toContain("ManagePositions");
    const bar = body(code, "void ProcessNewBar(datetime barTime)");
    const order = [
      "bool entryLong = EntryLongSignal();",
      "bool entryShort = EntryShortSignal();",
      "if(!g_dataOk)",
      "g_lastBarTime = barTime;",
      "if(entryShort && !entryLong)",
      "ClosePositions(POSITION_TYPE_BUY);",
      "if(entryLong && !entryShort)",
      "ClosePositions(POSITION_TYPE_SELL);",
      "if(entryLong == entryShort)",
      "if(CountPositions() >= InpMaxPositions)",
      "OpenPosition(entryLong);",
    ].map((s) => bar.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("SL 50 / TP 100 pips: pip-size inputs, stop below and target above a long's fill price", () => {
    const code = gen(load("sma-cross-sl50-tp100.json"));
    expect(code).toContain("input double InpStopLoss = 50.0; // Stop loss (pips)");
    expect(code).toContain("input double InpTakeProfit = 100.0; // Take profit (pips)");
    expect(code).toContain("g_pip = (_Digits == 3 || _Digits == 5) ? 10.0 * _Point : _Point;");
    const open = body(code, "void OpenPosition(bool isLong)");
    expect(open).toContain("double slDistance = InpStopLoss * g_pip;");
    expect(open).toContain("double tpDistance = InpTakeProfit * g_pip;");
    expect(open).toMatch(
      /if\(isLong\)\s+\{\s+sl = price - slDistance;\s+\}\s+else\s+\{\s+sl = price \+ slDistance;/,
    );
    expect(open).toMatch(
      /if\(isLong\)\s+\{\s+tp = price \+ tpDistance;\s+\}\s+else\s+\{\s+tp = price - tpDistance;/,
    );
    expect(open).toContain("price = SymbolInfoDouble(_Symbol, SYMBOL_ASK);");
    expect(open).toContain('trade.Buy(lots, _Symbol, price, sl, tp, "StratForge 1042")');
    expect(open).toContain("double lots = NormalizeVolume(InpLots);");
  });

  it("EMA long only: no short entries, exit rule closes longs, no close-on-opposite", () => {
    const code = gen(load("ema-cross-12-26-long-only.json"));
    expect(code).toContain("MODE_EMA");
    expect(code).not.toContain("EntryShortSignal");
    expect(code).not.toContain("OpenPosition(false)");
    expect(code).not.toContain("ClosePositions(POSITION_TYPE_SELL)");
    const bar = body(code, "void ProcessNewBar(datetime barTime)");
    expect(bar).toMatch(/if\(exitLong\)\s+\{\s+ClosePositions\(POSITION_TYPE_BUY\);/);
    expect(bar).toMatch(/if\(!entryLong\)\s+\{\s+return;/);
    expect(bar).toContain("OpenPosition(true);");
    expect(body(code, "bool ExitLongSignal()")).toContain(
      "IsAbove(IndicatorValue(h_ema26, 0, 1, Inp_ema26_Period - 1), IndicatorValue(h_ema12, 0, 1, Inp_ema12_Period - 1))",
    );
  });

  it("RSI 30/70: constants become tunable level inputs read at both shifts of the cross", () => {
    const code = gen(load("rsi-14-30-70.json"));
    expect(code).toContain("h_rsi = iRSI(_Symbol, InpTimeframe, Inp_rsi_Period, PRICE_CLOSE);");
    expect(code).toContain("input double InpEntryLongLevel1 = 30.0;");
    expect(code).toContain("input double InpEntryShortLevel1 = 70.0;");
    expect(body(code, "bool EntryLongSignal()")).toContain(
      "IsAtMost(IndicatorValue(h_rsi, 0, 2, Inp_rsi_Period), InpEntryLongLevel1) && IsAbove(IndicatorValue(h_rsi, 0, 1, Inp_rsi_Period), InpEntryLongLevel1)",
    );
  });

  it("MACD/RSI/ATR London: MACD lines, ATR stops, risk sizing, trailing, break-even, server-time filter", () => {
    const code = gen(load("macd-rsi-london-atr.json"));
    expect(code).toContain(
      "iMACD(_Symbol, InpTimeframe, Inp_macd_Fast, Inp_macd_Slow, Inp_macd_Signal, PRICE_CLOSE)",
    );
    expect(code).toContain("h_atr = iATR(_Symbol, InpTimeframe, Inp_atr_Period);");
    expect(body(code, "bool EntryLongSignal()")).toContain(
      "IsAtMost(IndicatorValue(h_macd, MAIN_LINE, 2, Inp_macd_Slow - 1), IndicatorValue(h_macd, SIGNAL_LINE, 2, Inp_macd_Slow + Inp_macd_Signal - 2))",
    );
    expect(code).toContain("input double InpRiskPercent = 1.0;");
    expect(code).toContain("double slDistance = InpStopLoss * IndicatorValue(h_atr, 0, 1, Inp_atr_Period);");
    const risk = body(code, "double RiskLots(double stopDistance)");
    expect(risk).toContain("SYMBOL_TRADE_TICK_VALUE");
    expect(risk).toContain("SYMBOL_TRADE_TICK_SIZE");
    expect(risk).toContain("AccountInfoDouble(ACCOUNT_BALANCE) * InpRiskPercent / 100.0");
    const volume = body(code, "double NormalizeVolume(double lots)");
    expect(volume).toContain("SYMBOL_VOLUME_STEP");
    expect(volume).toContain("MathFloor(");
    const manage = body(code, "void ManagePositions()");
    expect(manage).toContain(
      "double trailDistance = InpTrailingDistance * IndicatorValue(h_atr, 0, 1, Inp_atr_Period);",
    );
    expect(manage).toContain("double trailStart = InpTrailingStart * g_pip;");
    expect(manage).toContain("if(bid - openPrice >= trailStart)");
    expect(manage).toContain("double level = NormalizeDouble(bid - trailDistance, _Digits);");
    expect(manage).toContain("if(openPrice - ask >= trailStart)");
    expect(manage).toContain("double level = NormalizeDouble(ask + trailDistance, _Digits);");
    expect(manage).toContain("trade.PositionModify(ticket, newSl, tp)");
    expect(manage).toContain("newSl = openPrice + beOffset;");
    // Stops are managed on every tick, after the bar's orders.
    const tick = body(code, "void OnTick()");
    expect(tick.indexOf("ManagePositions();")).toBeGreaterThan(tick.indexOf("ProcessNewBar(barTime);"));
    const filter = body(code, "bool EntryTimeAllowed()");
    // Server time, as the backtest evaluates it (issue 16): no UTC conversion, no offset input.
    expect(filter).toContain("datetime now = TimeCurrent();");
    expect(code).not.toContain("TimeGMT");
    expect(code).not.toContain("InpTesterGmtOffsetHours");
    expect(filter).toContain("if(InpSessionLondon && t.hour >= 10 && t.hour < 19)");
    expect(filter).toContain("if(t.day_of_week == 0 && !InpTradeSunday)");
    expect(code).toContain("input bool InpTradeSaturday = false;");
    expect(code).toContain("input bool InpSessionLondon = true;");
    // The time filter gates entries only: closing on the opposite signal comes before it.
    const bar = body(code, "void ProcessNewBar(datetime barTime)");
    expect(bar.indexOf("ClosePositions(POSITION_TYPE_BUY)")).toBeLessThan(bar.indexOf("EntryTimeAllowed()"));
    expect(bar.indexOf("EntryTimeAllowed()")).toBeLessThan(bar.indexOf("OpenPosition(entryLong)"));
  });

  it("a side excluded by the direction has no signal at all, as in the engine", () => {
    const s = { ...load("sma-cross-10-20.json"), direction: "short" as const };
    const code = gen(s);
    expect(code).not.toContain("EntryLongSignal");
    const bar = body(code, "void ProcessNewBar(datetime barTime)");
    // closeOnOpposite is on, but there is no long signal to close shorts with.
    expect(bar).not.toContain("POSITION_TYPE_SELL");
    expect(bar).toMatch(/if\(entryShort\)\s+\{\s+ClosePositions\(POSITION_TYPE_BUY\);/);
    expect(bar).toContain("OpenPosition(false);");
    expect(checkMql5(code).ok).toBe(true);
  });

  it("percent trailing distances are of the bid; percent stops are of the fill price", () => {
    const s = {
      ...load("sma-cross-10-20.json"),
      stopLoss: { unit: "percent" as const, value: 0.5 },
      trailingStop: { distance: { unit: "percent" as const, value: 0.2 } },
    };
    const code = gen(s);
    expect(body(code, "void ManagePositions()")).toContain(
      "double trailDistance = bid * (InpTrailingDistance / 100.0);",
    );
    expect(body(code, "void OpenPosition(bool isLong)")).toContain(
      "double slDistance = price * (InpStopLoss / 100.0);",
    );
    expect(checkMql5(code).ok).toBe(true);
  });

  it("conservative mode keeps the logic but drops newer or terser constructs", () => {
    const s = load("macd-rsi-london-atr.json");
    const full = gen(s);
    const safe = gen(s, "conservative");
    expect(full).toContain("input group");
    expect(safe).not.toContain("input group");
    expect(safe).not.toContain("#property strict");
    expect(safe).not.toContain(" ? ");
    expect(safe).not.toContain("(ulong)");
    expect(safe).toContain("input double InpRiskPercent = 1.0;");
    // Same functions in both builds.
    const names = (code: string) => [...code.matchAll(/^\w+ (\w+)\(/gm)].map((m) => m[1]);
    expect(names(safe)).toEqual(names(full));
  });

  it("is deterministic and stable per strategy id", () => {
    const s = load("sma-cross-10-20.json");
    expect(gen(s)).toBe(gen(s));
    const other = generateMql5(s, { strategyId: "7", title: "x" });
    const magic = (code: string) => /InpMagicNumber = (\d+);/.exec(code)?.[1];
    expect(magic(other)).not.toBe(magic(gen(s)));
  });

  it("keeps hostile titles and descriptions inside comments and strings", () => {
    const s = {
      ...load("sma-cross-10-20.json"),
      description: 'Line one\n#include "evil.mqh"\n"quoted" */ } {',
    };
    const code = generateMql5(s, { strategyId: "9", title: 'My "EA"\n}} void x(' });
    expect(checkMql5(code)).toEqual({ ok: true, errors: [] });
    expect(code).toContain('#property description "Line one #include \\"evil.mqh\\" \\"quoted\\" */ } {"');
    expect(code).not.toMatch(/^#include "evil/m);
  });
});

describe("generateMql5 on the whole vocabulary", () => {
  const all = specOf({
    specVersion: 2,
    timeframe: "M15",
    direction: "both",
    indicators: [
      { id: "sma", kind: "SMA", period: 5, appliedPrice: "MEDIAN" },
      { id: "ema", kind: "EMA", period: 8, appliedPrice: "TYPICAL" },
      { id: "smma", kind: "SMMA", period: 13, appliedPrice: "WEIGHTED" },
      { id: "lwma", kind: "LWMA", period: 21, appliedPrice: "OPEN" },
      { id: "rsi", kind: "RSI", period: 14, appliedPrice: "HIGH" },
      { id: "macd", kind: "MACD", fast: 12, slow: 26, signal: 9, appliedPrice: "LOW" },
      { id: "bb", kind: "BOLLINGER", period: 20, deviation: 2.5, appliedPrice: "CLOSE" },
      { id: "atr", kind: "ATR", period: 14 },
      { id: "sto", kind: "STOCHASTIC", kPeriod: 5, dPeriod: 3, slowing: 3 },
      { id: "cci", kind: "CCI", period: 20 },
      { id: "adx", kind: "ADX", period: 14 },
      { id: "mom", kind: "MOMENTUM", period: 10, appliedPrice: "CLOSE" },
    ],
    entry: {
      long: {
        all: [
          {
            type: "greaterThan",
            left: { type: "price", field: "CLOSE" },
            right: { type: "indicator", ref: "bb", line: "upper" },
          },
          {
            type: "crossesAbove",
            left: { type: "indicator", ref: "sto", line: "main" },
            right: { type: "indicator", ref: "sto", line: "signal" },
          },
        ],
        any: [
          {
            type: "greaterThan",
            left: { type: "indicator", ref: "adx", line: "plusDi" },
            right: { type: "indicator", ref: "adx", line: "minusDi" },
          },
          {
            type: "greaterThan",
            left: { type: "indicator", ref: "macd", line: "histogram", shift: 2 },
            right: { type: "constant", value: 0 },
          },
        ],
      },
      short: {
        all: [
          {
            type: "lessThan",
            left: { type: "price", field: "TYPICAL", shift: 1 },
            right: { type: "indicator", ref: "bb", line: "lower" },
          },
          {
            type: "between",
            operand: { type: "indicator", ref: "cci" },
            lower: { type: "constant", value: -100 },
            upper: { type: "indicator", ref: "mom" },
          },
        ],
      },
    },
    exit: {
      long: {
        all: [
          {
            type: "crossesBelow",
            left: { type: "indicator", ref: "sma" },
            right: { type: "indicator", ref: "lwma" },
          },
        ],
      },
    },
    sizing: { type: "riskPercent", percent: 2 },
    stopLoss: { unit: "percent", value: 1 },
    takeProfit: { unit: "points", value: 250 },
    trailingStop: { distance: { unit: "pips", value: 15 }, step: { unit: "points", value: 5 } },
    breakEven: { trigger: { unit: "atr", ref: "atr", multiple: 1 } },
    timeFilter: { hours: { from: 22, to: 6 }, weekdays: [1, 3, 5], sessions: ["asia", "newyork"] },
    maxOpenPositions: 3,
    closeOnOpposite: false,
  });

  it("passes the checker in both modes", () => {
    expect(checkMql5(gen(all))).toEqual({ ok: true, errors: [] });
    expect(checkMql5(gen(all, "conservative"))).toEqual({ ok: true, errors: [] });
  });

  it("creates each handle with the MQL5 argument order", () => {
    const code = gen(all);
    for (const line of [
      "h_sma = iMA(_Symbol, InpTimeframe, Inp_sma_Period, 0, MODE_SMA, PRICE_MEDIAN);",
      "h_ema = iMA(_Symbol, InpTimeframe, Inp_ema_Period, 0, MODE_EMA, PRICE_TYPICAL);",
      "h_smma = iMA(_Symbol, InpTimeframe, Inp_smma_Period, 0, MODE_SMMA, PRICE_WEIGHTED);",
      "h_lwma = iMA(_Symbol, InpTimeframe, Inp_lwma_Period, 0, MODE_LWMA, PRICE_OPEN);",
      "h_rsi = iRSI(_Symbol, InpTimeframe, Inp_rsi_Period, PRICE_HIGH);",
      "h_macd = iMACD(_Symbol, InpTimeframe, Inp_macd_Fast, Inp_macd_Slow, Inp_macd_Signal, PRICE_LOW);",
      "h_bb = iBands(_Symbol, InpTimeframe, Inp_bb_Period, 0, Inp_bb_Deviation, PRICE_CLOSE);",
      "h_atr = iATR(_Symbol, InpTimeframe, Inp_atr_Period);",
      "h_sto = iStochastic(_Symbol, InpTimeframe, Inp_sto_K, Inp_sto_D, Inp_sto_Slowing, MODE_SMA, STO_LOWHIGH);",
      "h_cci = iCCI(_Symbol, InpTimeframe, Inp_cci_Period, PRICE_TYPICAL);",
      "h_adx = iADX(_Symbol, InpTimeframe, Inp_adx_Period);",
      "h_mom = iMomentum(_Symbol, InpTimeframe, Inp_mom_Period, PRICE_CLOSE);",
    ]) {
      expect(code).toContain(line);
    }
    expect(code).toContain("input double Inp_bb_Deviation = 2.5;");
    expect(count(code, "IndicatorRelease(")).toBe(12);
    expect(code).toContain("input ENUM_TIMEFRAMES InpTimeframe = PERIOD_M15;");
  });

  it("passes a CCI's applied price to iCCI, as the engine computes it", () => {
    const onClose = specOf({
      ...all,
      indicators: all.indicators.map((ind) => (ind.kind === "CCI" ? { ...ind, appliedPrice: "CLOSE" } : ind)),
    });
    const code = gen(onClose);
    expect(code).toContain("h_cci = iCCI(_Symbol, InpTimeframe, Inp_cci_Period, PRICE_CLOSE);");
    expect(checkMql5(code)).toEqual({ ok: true, errors: [] });
  });

  it("reads lines, prices and shifts from the right buffers and bars", () => {
    const code = gen(all);
    const long = body(code, "bool EntryLongSignal()");
    expect(long).toContain(
      "bool all1 = IsAbove(iClose(_Symbol, InpTimeframe, 1), IndicatorValue(h_bb, UPPER_BAND, 1, Inp_bb_Period));",
    );
    expect(long).toContain(
      "IsAtMost(IndicatorValue(h_sto, MAIN_LINE, 2, Inp_sto_K + Inp_sto_Slowing - 2), IndicatorValue(h_sto, SIGNAL_LINE, 2, Inp_sto_K + Inp_sto_Slowing + Inp_sto_D - 3))",
    );
    expect(long).toContain(
      "bool any1 = IsAbove(IndicatorValue(h_adx, PLUSDI_LINE, 1, Inp_adx_Period), IndicatorValue(h_adx, MINUSDI_LINE, 1, Inp_adx_Period));",
    );
    // MACD histogram = main - signal, shift 2 = index 3.
    expect(long).toContain(
      "bool any2 = IsAbove(IndicatorValue(h_macd, MAIN_LINE, 3, Inp_macd_Slow - 1) - IndicatorValue(h_macd, SIGNAL_LINE, 3, Inp_macd_Slow + Inp_macd_Signal - 2), InpEntryLongLevel1);",
    );
    expect(long).toContain("return(all1 && all2 && (any1 || any2));");
    const short = body(code, "bool EntryShortSignal()");
    expect(short).toContain(
      "IsAbove(IndicatorValue(h_bb, LOWER_BAND, 1, Inp_bb_Period), (iHigh(_Symbol, InpTimeframe, 2) + iLow(_Symbol, InpTimeframe, 2) + iClose(_Symbol, InpTimeframe, 2)) / 3.0)",
    );
    expect(short).toContain(
      "IsAtMost(InpEntryShortLevel1, IndicatorValue(h_cci, 0, 1, Inp_cci_Period - 1)) && IsAtMost(IndicatorValue(h_cci, 0, 1, Inp_cci_Period - 1), IndicatorValue(h_mom, 0, 1, Inp_mom_Period))",
    );
  });

  it("turns percent, points and ATR distances into prices and wraps the hour window", () => {
    const code = gen(all);
    const open = body(code, "void OpenPosition(bool isLong)");
    expect(open).toContain("double slDistance = price * (InpStopLoss / 100.0);");
    expect(open).toContain("double tpDistance = InpTakeProfit * _Point;");
    const manage = body(code, "void ManagePositions()");
    expect(manage).toContain(
      "double beTrigger = InpBreakEvenTrigger * IndicatorValue(h_atr, 0, 1, Inp_atr_Period);",
    );
    expect(manage).toContain("double beOffset = 0.0;");
    expect(manage).toContain("double trailStep = InpTrailingStep * _Point;");
    // No start distance: trailing starts from zero profit, as in the engine.
    expect(manage).toContain("double trailStart = 0.0;");
    // Percent distances of trailing and break-even are of the current bid (engine's manage()).
    expect(manage).toContain("double bid = SymbolInfoDouble(_Symbol, SYMBOL_BID);");
    const filter = body(code, "bool EntryTimeAllowed()");
    expect(filter).toMatch(
      /if\(InpHourFrom < InpHourTo\)[\s\S]*else[\s\S]*t.hour < InpHourFrom && t.hour >= InpHourTo/,
    );
    expect(code).toContain("input int InpHourFrom = 22;");
    expect(code).toContain("input bool InpTradeTuesday = false;");
    expect(code).toContain("input int InpMaxPositions = 3;");
  });
});

describe("generateMql5 on random valid specs", () => {
  // Generous timeout: 300 generate+check rounds take ~2 s alone, more on a busy machine.
  it("always produces code that passes the checker, in both modes", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(specArbitrary, fc.constantFrom("full" as const, "conservative" as const), (input, mode) => {
        const s = specOf(input);
        const result = checkMql5(gen(s, mode));
        expect(result.errors).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("generateMql5: StrategySpec v2 price constructs (issue 14)", () => {
  const SPECS = join(process.cwd(), "tests/mql5-runtime/specs");
  const v2 = (file: string) => {
    const r = parseSpec(JSON.parse(readFileSync(join(SPECS, file), "utf8")));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return r.spec;
  };

  it.each(["session-range-breakout.json", "candle-patterns-week.json"])(
    "%s passes the checker in both modes",
    (file) => {
      for (const mode of ["full", "conservative"] as const)
        expect(checkMql5(gen(v2(file), mode)), `${file} ${mode}`).toEqual({ ok: true, errors: [] });
    },
  );

  it("reads the range, the previous day and the N-bar extremes on closed bars, with helpers only where used", () => {
    const code = gen(v2("session-range-breakout.json"));
    // 00:00-07:00: ends at minute 420 and lasts 420 minutes; the cross reads index 1 and 2 (+ 5 pips).
    expect(code).toContain("TimeWindowExtreme(420, 420, true, 1) + 5.0 * g_pip");
    expect(code).toContain("TimeWindowExtreme(420, 420, true, 2) + 5.0 * g_pip");
    expect(code).toContain("PreviousPeriodValue(false, 2, 1, 1)");
    expect(code).toContain("LowestLow(10, 2)");
    expect(code).toContain("HighestHigh(10, 2)");
    expect(gen(load("sma-cross-10-20.json"))).not.toMatch(/TimeWindowExtreme|PeriodKey|HighestHigh/);
    expect(count(code, "double TimeWindowExtreme(")).toBe(1);
  });

  it("writes patterns as the comparisons of their definition and expressions in the engine's order", () => {
    const code = gen(v2("candle-patterns-week.json"));
    expect(code).toMatch(
      /3\.0 \* \(MathMin\(iOpen\(_Symbol, InpTimeframe, 1\), iClose\(_Symbol, InpTimeframe, 1\)\) - iLow\(_Symbol, InpTimeframe, 1\)\) >= 2\.0 \*/,
    );
    expect(code).toContain("iHigh(_Symbol, InpTimeframe, 1) < iHigh(_Symbol, InpTimeframe, 2)");
    expect(code).toMatch(/IndicatorValue\(h_ema, 0, 1, [^)]*\) \+ -0\.5 \* IndicatorValue\(h_atr, 0, 1, /);
    expect(code).toContain("PreviousPeriodValue(true, 1, 1, 1)");
  });
});
