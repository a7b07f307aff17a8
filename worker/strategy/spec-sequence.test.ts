import { describe, expect, it } from "vitest";
import { describeRule } from "./outline";
import { parseSpec, type StrategySpec, specJsonSchema } from "./spec";

// The `within` condition (spec-sequence.ts): its schema (default, bounds, no window in a window), its outline
// words, and the JSON Schema the LLM providers receive.

const doc = (window: Record<string, unknown>) => ({
  specVersion: 2,
  timeframe: "H1",
  direction: "long",
  indicators: [
    { id: "fast", kind: "EMA", period: 9 },
    { id: "slow", kind: "EMA", period: 21 },
  ],
  entry: {
    long: {
      all: [
        { type: "within", ...window },
        {
          type: "lessThan",
          left: { type: "price", field: "LOW" },
          right: { type: "indicator", ref: "fast" },
        },
      ],
    },
  },
});
const cross = {
  type: "crossesAbove",
  left: { type: "indicator", ref: "fast" },
  right: { type: "indicator", ref: "slow" },
};

function ok(d: unknown): StrategySpec {
  const r = parseSpec(d);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

describe("within: a sequence step", () => {
  it("defaults to 10 bars and describes the window in the outline", () => {
    const spec = ok(doc({ all: [cross] }));
    const w = spec.entry.long?.all[0];
    expect(w?.type === "within" && w.bars).toBe(10);
    const text = describeRule(spec.entry.long ?? { all: [], any: [] }, spec.indicators);
    expect(text).toMatch(
      /^EMA\(9\).* crosses above EMA\(21\) on one of the last 10 bars \(this one included\) and the low price is below EMA\(9\)/,
    );
  });

  it("refuses an empty window, a window beyond 100 bars, a window in a window and unknown indicators inside", () => {
    const issues = (d: unknown) => {
      const r = parseSpec(d);
      return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
    };
    expect(issues(doc({ bars: 3, all: [] }))).not.toEqual([]);
    expect(issues(doc({ bars: 101, all: [cross] }))).not.toEqual([]);
    expect(issues(doc({ bars: 0, all: [cross] }))).not.toEqual([]);
    expect(issues(doc({ bars: 3, all: [{ type: "within", bars: 2, all: [cross] }] }))).not.toEqual([]);
    const unknown = { ...cross, right: { type: "indicator", ref: "nope" } };
    expect(issues(doc({ bars: 3, all: [unknown] }))).toEqual([
      'entry.long.all.0.all.0.right.ref: unknown indicator "nope"',
    ]);
  });

  it("is in the JSON Schema of the providers, with its description", () => {
    const schema = JSON.stringify(specJsonSchema());
    expect(schema).toContain('"within"');
    expect(schema).toContain("A held on at least one of the last N closed bars");
  });
});
