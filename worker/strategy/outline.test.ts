import { describe, expect, it } from "vitest";
import emaLongOnly from "../../examples/strategies/ema-cross-12-26-long-only.json";
import macdRsi from "../../examples/strategies/macd-rsi-london-atr.json";
import rsi from "../../examples/strategies/rsi-14-30-70.json";
import smaCross from "../../examples/strategies/sma-cross-10-20.json";
import smaSlTp from "../../examples/strategies/sma-cross-sl50-tp100.json";
import { describeCondition, describeDistance, describeWeekdays, renderOutline } from "./outline";
import { parseSpec, type StrategySpec } from "./spec";

function load(doc: unknown): StrategySpec {
  const r = parseSpec(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

function sections(text: string): string[] {
  return text.split("\n").filter((l) => l.startsWith("## "));
}

describe("renderOutline on the example specs", () => {
  it("renders every section in order", () => {
    for (const doc of [smaCross, smaSlTp, rsi, macdRsi, emaLongOnly]) {
      expect(sections(renderOutline(load(doc)))).toEqual([
        "## Overview",
        "## Indicators",
        "## Entry rules",
        "## Exit rules",
        "## Risk management",
        "## Filters",
        "## Position limits",
      ]);
    }
  });

  it("SMA 10/20: both directions, crossover on the closed bar, reversal on the opposite signal", () => {
    const text = renderOutline(load(smaCross));
    expect(text).toContain("# SMA 10/20 crossover");
    expect(text).toContain("- Timeframe: H1 (1-hour bars)");
    expect(text).toContain("- Direction: Long and short");
    expect(text).toContain("- SMA(10) of close\n- SMA(20) of close");
    expect(text).toContain("- Buy when SMA(10) of close crosses above SMA(20) on the last closed H1 bar.");
    expect(text).toContain("- Sell when SMA(10) of close crosses below SMA(20) on the last closed H1 bar.");
    expect(text).toContain("An opposite entry signal closes the open position before reversing.");
    expect(text).toContain("- Fixed 1 lot per trade");
    expect(text).toContain("- Stop loss: none");
    expect(text).toContain("- None: trades any time");
    expect(text).toContain("- At most 1 open position at a time");
  });

  it("SMA with stop and target shows both in pips", () => {
    const text = renderOutline(load(smaSlTp));
    expect(text).toContain("- Stop loss: 50 pips");
    expect(text).toContain("- Take profit: 100 pips");
    expect(text).toContain("Stop loss hit (50 pips from entry).");
  });

  it("RSI reversal reads levels as constants", () => {
    const text = renderOutline(load(rsi));
    expect(text).toContain("- Buy when RSI(14) crosses above 30 on the last closed H1 bar.");
    expect(text).toContain("- Sell when RSI(14) crosses below 70 on the last closed H1 bar.");
  });

  it("MACD/RSI/ATR: lines, between, ATR distances, trailing, break-even, sessions and weekdays", () => {
    const text = renderOutline(load(macdRsi));
    expect(text).toContain(
      "- Buy when the MACD(12, 26, 9) main line crosses above its signal line and RSI(14) is between 40 and 70 on the last closed H1 bar.",
    );
    expect(text).toContain("RSI(14) is between 30 and 60");
    expect(text).toContain("- Risk 1% of the balance per trade (lot size from the stop-loss distance)");
    expect(text).toContain("- Stop loss: 2 x ATR(14)");
    expect(text).toContain("- Take profit: 3 x ATR(14)");
    expect(text).toContain("- Trailing stop: 1.5 x ATR(14) behind price, starting once 20 pips in profit");
    expect(text).toContain("- Break-even: move the stop to entry plus 1 pip once 30 pips in profit");
    expect(text).toContain("- Sessions: London (10:00 to 19:00 server time)");
    expect(text).toContain("- Days: Monday to Friday");
  });

  it("long only: no sell rule, the exit rule is spelled out, no reversal line", () => {
    const text = renderOutline(load(emaLongOnly));
    expect(text).toContain("- Direction: Long only (buys)");
    expect(text).not.toContain("Sell when");
    expect(text).toContain(
      "- Close a buy when EMA(12) of close crosses below EMA(26) on the last closed H1 bar.",
    );
    expect(text).not.toContain("opposite entry signal");
  });
});

describe("phrase helpers", () => {
  const spec = load(macdRsi);
  it("describes distances in each unit", () => {
    expect(describeDistance({ unit: "pips", value: 1 }, [])).toBe("1 pip");
    expect(describeDistance({ unit: "points", value: 300 }, [])).toBe("300 points");
    expect(describeDistance({ unit: "percent", value: 1.5 }, [])).toBe("1.5% of the entry price");
    expect(describeDistance({ unit: "atr", ref: "atr", multiple: 2 }, spec.indicators)).toBe("2 x ATR(14)");
  });

  it("describes weekday sets as ranges or lists", () => {
    expect(describeWeekdays([1, 2, 3, 4])).toBe("Monday to Thursday");
    expect(describeWeekdays([2, 3])).toBe("Tuesday and Wednesday");
    expect(describeWeekdays([5, 1, 3])).toBe("Monday, Wednesday and Friday");
  });

  it("describes stochastic, bollinger and DI conditions in trader words", () => {
    const indicators: StrategySpec["indicators"] = [
      { id: "st", kind: "STOCHASTIC", kPeriod: 5, dPeriod: 3, slowing: 3 },
      { id: "bb", kind: "BOLLINGER", period: 20, deviation: 2, appliedPrice: "CLOSE" },
      { id: "adx", kind: "ADX", period: 14 },
    ];
    expect(
      describeCondition(
        {
          type: "crossesAbove",
          left: { type: "indicator", ref: "st", line: "main", shift: 0 },
          right: { type: "indicator", ref: "st", line: "signal", shift: 0 },
        },
        indicators,
      ),
    ).toBe("Stochastic(5, 3, 3) %K crosses above %D");
    expect(
      describeCondition(
        {
          type: "greaterThan",
          left: { type: "price", field: "CLOSE", shift: 0 },
          right: { type: "indicator", ref: "bb", line: "upper", shift: 0 },
        },
        indicators,
      ),
    ).toBe("the close is above the upper Bollinger Bands(20, 2) band");
    expect(
      describeCondition(
        {
          type: "lessThan",
          left: { type: "indicator", ref: "adx", line: "plusDi", shift: 1 },
          right: { type: "constant", value: 20 },
        },
        indicators,
      ),
    ).toBe("ADX(14) +DI one bar earlier is below 20");
  });
});

describe("v2 price constructs in plain words (issue 14)", () => {
  const ind = [
    { id: "ema", kind: "EMA", period: 20, appliedPrice: "CLOSE" },
    { id: "atr", kind: "ATR", period: 14 },
  ] as const;
  const say = (c: unknown) => {
    const spec = load({
      specVersion: 2,
      timeframe: "H1",
      indicators: ind,
      entry: { long: { all: [c] } },
    });
    const cond = spec.entry.long?.all[0];
    if (!cond) throw new Error("no condition");
    return describeCondition(cond, spec.indicators);
  };
  const close = { type: "price", field: "CLOSE" };

  it("names extremes, previous periods, ranges, candles and expressions as a trader says them", () => {
    expect(
      say({
        type: "crossesAbove",
        left: close,
        right: {
          type: "expression",
          a: { type: "timeWindow", from: "00:00", to: "07:00", side: "high" },
          offset: { value: 5, unit: "pips" },
        },
      }),
    ).toBe(
      "the close crosses above the high of the 00:00 to 07:00 UTC range (the latest one finished) plus 5 pips",
    );
    expect(
      say({
        type: "greaterThan",
        left: close,
        right: {
          type: "expression",
          a: { type: "indicator", ref: "ema" },
          k: 1.5,
          b: { type: "indicator", ref: "atr" },
        },
      }),
    ).toBe("the close is above EMA(20) of close plus 1.5 x ATR(14)");
    expect(
      say({ type: "lessThan", left: close, right: { type: "extreme", side: "lowest", bars: 10, shift: 1 } }),
    ).toBe("the close is below the lowest low of the last 10 bars, ending one bar earlier");
    expect(
      say({
        type: "crossesAbove",
        left: close,
        right: { type: "swing", side: "high", strength: 2, shift: 0 },
      }),
    ).toBe("the close crosses above the latest swing high (fractal)");
    expect(
      say({ type: "lessThan", left: close, right: { type: "swing", side: "low", strength: 1, shift: 1 } }),
    ).toBe("the close is below the latest swing low (lower than the bar on each side) one bar earlier");
    expect(
      say({
        type: "greaterThan",
        left: close,
        right: { type: "previousPeriod", period: "day", field: "HIGH" },
      }),
    ).toBe("the close is above the previous day's high (UTC)");
    expect(
      say({
        type: "lessThan",
        left: close,
        right: {
          type: "expression",
          a: { type: "price", field: "LOW", shift: 1 },
          offset: { value: -2, unit: "pips" },
        },
      }),
    ).toBe("the close is below the low price one bar earlier minus 2 pips");
    expect(
      say({
        type: "greaterThan",
        left: { type: "candle", measure: "lowerWick" },
        right: { type: "candle", measure: "body" },
      }),
    ).toBe("the lower wick (the lower of open and close - low) is above the candle's body (|close - open|)");
  });

  it("says exactly how each candle pattern is tested", () => {
    expect(say({ type: "candlePattern", pattern: "bullishPinBar" })).toBe(
      "the bar is a bullish pin bar (a lower wick of at least two thirds of the range: body and upper wick in the top third)",
    );
    expect(say({ type: "candlePattern", pattern: "insideBar", shift: 1 })).toBe(
      "the bar before it is an inside bar (its high below and its low above the previous bar's)",
    );
    expect(say({ type: "candlePattern", pattern: "bearishEngulfing" })).toMatch(
      /bearish engulfing bar \(a bullish bar followed by a bearish one opening at or above its close and closing at or below its open\)/,
    );
  });
});

describe("scale-out targets in plain words (issue 15)", () => {
  it("names each target's share and distance in order; the validation refuses them out of order", () => {
    const doc = {
      specVersion: 2,
      timeframe: "H4",
      entry: {
        long: {
          all: [
            {
              type: "greaterThan",
              left: { type: "price", field: "CLOSE" },
              right: { type: "constant", value: 1 },
            },
          ],
        },
      },
      exits: {
        scaleOut: [
          { unit: "pips", distance: 40, percent: 33 },
          { unit: "pips", distance: 70, percent: 50 },
        ],
      },
    };
    expect(renderOutline(load(doc))).toContain(
      "Scale out: close 33% of its volume at 40 pips of profit, then 50% of what is left at 70 pips of profit",
    );
    const backwards = { ...doc, exits: { scaleOut: [...doc.exits.scaleOut].reverse() } };
    expect(parseSpec(backwards).ok).toBe(false);
    const withPartial = {
      ...doc,
      stopLoss: { unit: "pips", value: 20 },
      exits: { ...doc.exits, partial: { percent: 50, atR: 1 } },
    };
    expect(parseSpec(withPartial).ok).toBe(false);
  });
});
