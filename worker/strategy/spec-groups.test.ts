import { describe, expect, it } from "vitest";
import { describeRule } from "./outline";
import { parseSpec } from "./spec";

// allOf groups (spec-groups.ts): one level, 2-8 plain conditions, their indicators checked like any other.

const close = { type: "price", field: "CLOSE", shift: 0 };
const ma = (ref: string) => ({ type: "indicator", ref, shift: 0 });
const above = (ref: string) => ({ type: "greaterThan", left: close, right: ma(ref) });
const doc = (rule: Record<string, unknown>) => ({
  specVersion: 2,
  timeframe: "H1",
  direction: "long",
  indicators: [
    { id: "fast", kind: "EMA", period: 10 },
    { id: "slow", kind: "EMA", period: 50 },
  ],
  entry: { long: rule },
});

describe("condition groups", () => {
  it("accepts (A and B) or C and reads it as 'either A and B, or C'", () => {
    const r = parseSpec(
      doc({ any: [{ type: "allOf", conditions: [above("fast"), above("slow")] }, above("slow")] }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok || !r.spec.entry.long) return;
    expect(describeRule(r.spec.entry.long, r.spec.indicators)).toBe(
      "either the close is above EMA(10) of close and the close is above EMA(50) of close, or the close is above EMA(50) of close",
    );
  });

  it("refuses a group in a group, a group of one, and an unknown indicator inside a group", () => {
    const inner = { type: "allOf", conditions: [above("fast"), above("slow")] };
    expect(parseSpec(doc({ any: [{ type: "allOf", conditions: [inner, above("slow")] }] })).ok).toBe(false);
    expect(parseSpec(doc({ any: [{ type: "allOf", conditions: [above("fast")] }] })).ok).toBe(false);
    const r = parseSpec(doc({ any: [{ type: "allOf", conditions: [above("fast"), above("nope")] }] }));
    expect(r.ok || r.issues.map((i) => i.path)).toEqual(["entry.long.any.0.conditions.1.right.ref"]);
  });
});
