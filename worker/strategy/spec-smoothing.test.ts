import { describe, expect, it } from "vitest";
import { renderOutline } from "./outline";
import { drawBegin, IndicatorSchema, parseSpec, type StrategySpecInput } from "./spec";

const ref = (r: string) => ({ type: "indicator", ref: r }) as const;

/** "EMA(5) of RSI(2) below 30" with extra declarations. */
function smoothed(indicators: unknown[], timeframe = "H1"): StrategySpecInput {
  return {
    specVersion: 2,
    timeframe,
    indicators,
    entry: {
      long: { all: [{ type: "lessThan", left: ref("avg"), right: { type: "constant", value: 30 } }] },
    },
  } as StrategySpecInput;
}

function issues(input: StrategySpecInput): string[] {
  const r = parseSpec(input);
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
}

describe("an average of another indicator (source)", () => {
  it("accepts an EMA of a declared RSI", () => {
    const r = parseSpec(
      smoothed([
        { id: "rsi", kind: "RSI", period: 2 },
        { id: "avg", kind: "EMA", period: 5, source: { ref: "rsi" } },
      ]),
    );
    expect(r.ok).toBe(true);
  });

  it("refuses an unknown source, itself, a cycle and a kind MetaTrader cannot average", () => {
    expect(issues(smoothed([{ id: "avg", kind: "SMA", period: 5, source: { ref: "nope" } }]))).toEqual([
      'indicators.0.source.ref: unknown indicator "nope"',
    ]);
    expect(issues(smoothed([{ id: "avg", kind: "SMA", period: 5, source: { ref: "avg" } }]))[0]).toContain(
      "cannot average itself",
    );
    const cycle = issues(
      smoothed([
        { id: "avg", kind: "SMA", period: 5, source: { ref: "b" } },
        { id: "b", kind: "EMA", period: 3, source: { ref: "avg" } },
      ]),
    );
    expect(cycle.filter((m) => m.includes("cycle"))).toHaveLength(2);
    expect(
      issues(
        smoothed([
          { id: "m", kind: "MACD", fast: 12, slow: 26, signal: 9 },
          { id: "avg", kind: "SMA", period: 5, source: { ref: "m" } },
        ]),
      )[0],
    ).toContain("not MACD");
  });

  it("refuses another line than the first, another timeframe and an applied price", () => {
    const out = issues(
      smoothed([
        { id: "st", kind: "STOCHASTIC", kPeriod: 5, dPeriod: 3, slowing: 3 },
        { id: "avg", kind: "SMA", period: 5, source: { ref: "st", line: "signal" }, timeframe: "H4" },
      ]),
    );
    expect(out.some((m) => m.startsWith("indicators.1.source.line"))).toBe(true);
    expect(out.some((m) => m.startsWith("indicators.1.timeframe") && m.includes("timeframe of st"))).toBe(
      true,
    );
    const priced = issues(
      smoothed([
        { id: "rsi", kind: "RSI", period: 14 },
        { id: "avg", kind: "SMA", period: 5, source: { ref: "rsi" }, appliedPrice: "HIGH" },
      ]),
    );
    expect(priced).toEqual([
      "indicators.1.appliedPrice: avg averages rsi: it has no applied price of its own",
    ]);
  });

  it("starts where MetaTrader draws the source: RSI at its period, CCI and Momentum one bar earlier", () => {
    const all = [
      IndicatorSchema.parse({ id: "rsi", kind: "RSI", period: 2 }),
      IndicatorSchema.parse({ id: "cci", kind: "CCI", period: 20 }),
      IndicatorSchema.parse({ id: "mom", kind: "MOMENTUM", period: 10 }),
      IndicatorSchema.parse({ id: "e", kind: "EMA", period: 5, source: { ref: "rsi" } }),
      IndicatorSchema.parse({ id: "s", kind: "SMA", period: 3, source: { ref: "e" } }),
    ];
    expect(all.map((i) => drawBegin(i, all))).toEqual([2, 19, 9, 6, 8]);
  });
});

describe("the outline of an average of an indicator", () => {
  it("names the average and what it averages, in the rule and the indicator list", () => {
    const r = parseSpec(
      smoothed([
        { id: "rsi", kind: "RSI", period: 2 },
        { id: "avg", kind: "EMA", period: 5, source: { ref: "rsi" } },
        { id: "plain", kind: "EMA", period: 5 },
      ]),
    );
    if (!r.ok) throw new Error("invalid");
    const text = renderOutline(r.spec);
    expect(text).toContain("EMA(5) of RSI(2) is below 30");
    expect(text).toContain("EMA(5) of close");
  });
});
