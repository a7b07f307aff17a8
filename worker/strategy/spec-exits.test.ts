import { describe, expect, it } from "vitest";
import { renderOutline } from "./outline";
import { parseSpec, type StrategySpecInput, specJsonSchema } from "./spec";

const close = { type: "price", field: "CLOSE" } as const;
const base: StrategySpecInput = {
  specVersion: 2,
  timeframe: "H1",
  indicators: [{ id: "sar", kind: "SAR" }],
  entry: {
    long: { all: [{ type: "greaterThan", left: close, right: { type: "indicator", ref: "sar" } }] },
    short: { all: [{ type: "lessThan", left: close, right: { type: "indicator", ref: "sar" } }] },
  },
};
const sar = { type: "indicator", ref: "sar" } as const;
const issues = (input: StrategySpecInput) => {
  const r = parseSpec(input);
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
};

describe("v2 exits in the spec", () => {
  it("accepts a SAR stop and trail per side, a 2R target, a partial close and time exits", () => {
    const r = parseSpec({
      ...base,
      exits: {
        stop: { long: sar, short: sar },
        trail: { long: sar, short: sar },
        targetR: 2,
        partial: { percent: 50, atR: 1 },
        afterBars: 12,
        closeAt: { time: "21:00", weekdays: [5] },
      },
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.spec.exits?.partial?.breakEven).toBe(true);
  });

  it("an R target or partial close needs a stop on every side traded", () => {
    expect(issues({ ...base, exits: { targetR: 2 } })).toEqual([
      "exits: a target or partial close in R needs a stop loss (stopLoss or exits.stop) for every side traded",
    ]);
    expect(
      issues({ ...base, exits: { stop: { long: sar }, partial: { percent: 50, atR: 1 } } }),
    ).toHaveLength(1);
    expect(issues({ ...base, direction: "long", exits: { stop: { long: sar }, targetR: 3 } })).toEqual([]);
    expect(issues({ ...base, stopLoss: { unit: "pips", value: 20 }, exits: { targetR: 3 } })).toEqual([]);
  });

  it("a measured target: a range read when the order is sent, given once, for market entries", () => {
    const range = {
      type: "expression",
      a: { type: "previousPeriod", period: "week", field: "HIGH" },
      k: -1,
      b: { type: "previousPeriod", period: "week", field: "LOW" },
    } as const;
    const r = parseSpec({ ...base, exits: { targetDistance: { of: range } } });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.spec.exits?.targetDistance?.multiple).toBe(1);
      expect(renderOutline(r.spec)).toContain("Take profit: a measured distance (exit rules)");
    }
    expect(issues({ ...base, exits: { targetDistance: { of: { type: "indicator", ref: "atr" } } } })).toEqual(
      ['exits.targetDistance.of.ref: unknown indicator "atr"'],
    );
    expect(
      issues({ ...base, takeProfit: { unit: "pips", value: 30 }, exits: { targetDistance: { of: range } } }),
    ).toEqual([
      "exits.targetDistance: give the take profit once: takeProfit, exits.targetR or exits.targetDistance",
    ]);
    expect(
      issues({
        ...base,
        pendingEntry: {
          order: "stop",
          long: { type: "price", field: "HIGH" },
          short: { type: "price", field: "LOW" },
        },
        exits: { targetDistance: { of: range, multiple: 2 } },
      }),
    ).toEqual([
      "exits.targetDistance: a pending entry takes takeProfit; exits.targetDistance applies to market entries",
    ]);
    const schema = JSON.stringify(specJsonSchema());
    expect(schema).toContain("take profit at a measured distance from the entry");
  });

  it("a break-even part of the way to the target: a fraction below 1, not with the v1 break-even", () => {
    expect(issues({ ...base, exits: { breakEvenAtTarget: 0.5 } })).toEqual([]);
    expect(issues({ ...base, exits: { breakEvenAtTarget: 1 } })).toHaveLength(1);
    expect(
      issues({
        ...base,
        breakEven: { trigger: { unit: "pips", value: 10 } },
        exits: { breakEvenAtTarget: 0.5 },
      }),
    ).toEqual(["exits.breakEvenAtTarget: give the break-even once: breakEven or exits.breakEvenAtTarget"]);
    const r = parseSpec({
      ...base,
      takeProfit: { unit: "pips", value: 40 },
      exits: { breakEvenAtTarget: 0.5 },
    });
    if (r.ok) expect(renderOutline(r.spec)).toContain("once 50% of the way to the take profit");
    else throw new Error("a break-even half way should parse");
  });

  it("risk sizing accepts a structural stop as the stop it measures", () => {
    const sized = {
      ...base,
      direction: "long" as const,
      sizing: { type: "riskPercent" as const, percent: 1 },
    };
    expect(issues({ ...sized, exits: { stop: { long: sar } } })).toEqual([]);
    expect(issues(sized)).toEqual(["sizing: risk-% sizing needs a stop loss to measure the risk"]);
  });

  it("rejects a take profit given twice, unknown indicators, bad times and shares out of range", () => {
    expect(
      issues({
        ...base,
        stopLoss: { unit: "pips", value: 20 },
        takeProfit: { unit: "pips", value: 40 },
        exits: { targetR: 2 },
      }),
    ).toEqual(["exits.targetR: give the take profit once: takeProfit or exits.targetR"]);
    expect(issues({ ...base, exits: { trail: { long: { type: "indicator", ref: "ma" } } } })).toEqual([
      'exits.trail.long.ref: unknown indicator "ma"',
    ]);
    expect(issues({ ...base, exits: { closeAt: { time: "24:00" } } })[0]).toContain("exits.closeAt.time");
    expect(
      issues({
        ...base,
        stopLoss: { unit: "pips", value: 20 },
        exits: { partial: { percent: 100, atR: 1 } },
      })[0],
    ).toContain("exits.partial.percent");
  });

  it("is part of the JSON Schema the assistant writes to", () => {
    const text = JSON.stringify(specJsonSchema());
    for (const word of ["targetR", "afterBars", "closeAt", "breakEven", "atR"]) expect(text).toContain(word);
  });

  it("reads as plain sentences in the outline", () => {
    const r = parseSpec({
      ...base,
      direction: "long",
      exits: {
        stop: { long: sar },
        trail: { long: sar },
        targetR: 2,
        partial: { percent: 50, atR: 1 },
        afterBars: 3,
        closeAt: { time: "21:00", weekdays: [5] },
      },
    });
    if (!r.ok) throw new Error("invalid");
    const text = renderOutline(r.spec);
    expect(text).toContain(
      "Stop loss of a buy at Parabolic SAR(0.02, 0.2) on the last closed bar when the order is sent (no buy when that is not below the price).",
    );
    expect(text).toContain("Take profit at 2R (2 x the stop distance from entry).");
    expect(text).toContain(
      "Close 50% of a position once it is 1R in profit (1 x its stop distance), then move the stop to the entry price; once per position.",
    );
    expect(text).toContain(
      "On each new bar, move a buy's stop up to Parabolic SAR(0.02, 0.2) on the bar that just closed",
    );
    expect(text).toContain("Close a position at the open of the 3rd bar after the one it opened in.");
    expect(text).toContain(
      "Close every position on a bar opening at or after 21:00 server time on Friday; no new trade opens then.",
    );
    expect(text).toContain("- Stop loss: at a price (exit rules)");
    expect(text).toContain("- Take profit: 2R");
  });
});

describe("staircase trailing (exits.steps)", () => {
  it("is accepted with move <= every and outlined as a trader reads it", () => {
    const r = parseSpec({ ...base, exits: { steps: { unit: "pips", every: 20, move: 20 } } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(renderOutline(r.spec)).toContain(
      "Staircase stop: each time a position's profit grows by another 20 pips, its stop moves 20 pips further (at the first step to the entry price)",
    );
    const half = parseSpec({ ...base, exits: { steps: { unit: "points", every: 150, move: 50 } } });
    expect(half.ok && renderOutline(half.spec)).toContain(
      "at the first step to 100 points behind the entry price",
    );
  });

  it("refuses a step that moves the stop further than the price went, or no step at all", () => {
    expect(issues({ ...base, exits: { steps: { unit: "pips", every: 10, move: 15 } } })).toEqual([
      "exits.steps.move: a step moves the stop at most as far as the price went (move <= every)",
    ]);
    expect(issues({ ...base, exits: { steps: { unit: "pips", every: 0, move: 0 } } }).length).toBeGreaterThan(
      0,
    );
  });
});
