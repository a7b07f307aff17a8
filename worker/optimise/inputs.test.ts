import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../mql5/generate/program";
import type { Expr } from "../mql5/ir";
import { specArbitrary } from "../mql5/testing/spec-arbitrary";
import { parseSpec, type StrategySpec } from "../strategy/spec";
import { applyInputs } from "./apply";
import { listInputs } from "./inputs";

function spec(doc: unknown): StrategySpec {
  const r = parseSpec(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

const EXAMPLES = path.resolve(process.cwd(), "examples/strategies");
const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ name: f, spec: spec(JSON.parse(readFileSync(path.join(EXAMPLES, f), "utf8"))) }));

function numberOf(e: Expr): number | null {
  if (e.kind === "num") return e.value;
  if (e.kind === "neg") {
    const v = numberOf(e.operand);
    return v === null ? null : -v;
  }
  return null;
}

/** The EA's numeric inputs that come from the spec (the magic number and slippage are the EA's own). */
function eaNumbers(s: StrategySpec): Map<string, { type: string; value: number | null }> {
  const program = compile(s, { strategyId: "s1", title: "t", mode: "full", copyright: "c", link: "l" });
  const out = new Map<string, { type: string; value: number | null }>();
  for (const g of program.inputGroups)
    for (const i of g.inputs)
      if ((i.type === "int" || i.type === "double") && i.name !== "InpSlippagePoints")
        out.set(i.name, { type: i.type, value: numberOf(i.value) });
  return out;
}

function expectSameAsEa(s: StrategySpec): void {
  const ea = eaNumbers(s);
  const ours = listInputs(s);
  expect(ours.map((i) => i.name).sort()).toEqual([...ea.keys()].sort());
  for (const i of ours)
    expect({ name: i.name, ...ea.get(i.name) }).toEqual({ name: i.name, type: i.type, value: i.value });
}

describe("listInputs names the spec's numbers as the generated EA's inputs", () => {
  it.each(examples)("$name: every numeric EA input, same name, type and default", ({ spec: s }) => {
    expectSameAsEa(s);
  });

  it("any valid spec (generated): the same inputs as the EA", () => {
    fc.assert(
      fc.property(specArbitrary, (doc) => {
        const r = parseSpec(doc);
        if (!r.ok) throw new Error("the arbitrary yields valid specs");
        expectSameAsEa(r.spec);
      }),
      { numRuns: 150, seed: 17 },
    );
  });

  it("rule constants are numbered in the EA's order (lessThan reads its right side first)", () => {
    const s = spec({
      specVersion: 2,
      timeframe: "H1",
      indicators: [{ id: "rsi", kind: "RSI", period: 14 }],
      entry: {
        long: {
          all: [
            { type: "lessThan", left: { type: "constant", value: 1 }, right: { type: "constant", value: 2 } },
            {
              type: "between",
              operand: { type: "indicator", ref: "rsi" },
              lower: { type: "constant", value: 30 },
              upper: { type: "constant", value: 70 },
            },
          ],
        },
      },
    });
    const level = (n: number, at: number, side: string, value: number) => ({
      name: `InpEntryLongLevel${n}`,
      path: ["entry", "long", "all", at, side, "value"],
      type: "double",
      value,
    });
    expect(listInputs(s).filter((i) => i.name.startsWith("InpEntryLong"))).toEqual([
      level(1, 0, "right", 2),
      level(2, 0, "left", 1),
      level(3, 1, "lower", 30),
      level(4, 1, "upper", 70),
    ]);
    expectSameAsEa(s);
  });
});

describe("applyInputs", () => {
  const sma = examples.find((e) => e.name === "sma-cross-sl50-tp100.json")?.spec;
  if (!sma) throw new Error("example missing");

  it("sets the values at their fields and leaves the rest of the spec as it was", () => {
    const r = applyInputs(sma, { Inp_fast_Period: 7, InpStopLoss: 35.5 });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.spec.indicators[0]).toMatchObject({ id: "fast", period: 7 });
    expect(r.spec.stopLoss).toEqual({ unit: "pips", value: 35.5 });
    expect({ ...r.spec, indicators: sma.indicators, stopLoss: sma.stopLoss }).toEqual(sma);
    // The original is not modified.
    expect(sma.indicators[0]).toMatchObject({ period: 10 });
    const back = listInputs(r.spec).find((i) => i.name === "Inp_fast_Period");
    expect(back?.value).toBe(7);
  });

  it("a value outside its field's range is an error naming the input, not a clamp", () => {
    const r = applyInputs(sma, { Inp_fast_Period: 0, InpStopLoss: -5 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.name)).toEqual(["Inp_fast_Period", "InpStopLoss"]);
    expect(r.issues[0].message).toBe("Inp_fast_Period: period must be at least 1 (got 0)");
    expect(applyInputs(sma, { Inp_fast_Period: 5001 })).toMatchObject({
      ok: false,
      issues: [{ message: "Inp_fast_Period: period must be at most 5000 (got 5001)" }],
    });
  });

  it("an int input takes whole numbers only; an unknown name lists the strategy's inputs", () => {
    expect(applyInputs(sma, { Inp_slow_Period: 20.5 })).toMatchObject({
      ok: false,
      issues: [
        { name: "Inp_slow_Period", message: "Inp_slow_Period: 20.5 is not a whole number (an int input)" },
      ],
    });
    const r = applyInputs(sma, { InpFastPeriod: 5 });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues[0].message).toMatch(
        /^InpFastPeriod is not an input of this strategy \(its inputs: InpLots, /,
      );
  });

  it("a rule between fields is checked on the changed spec (MACD fast below slow)", () => {
    const macd = spec({
      specVersion: 2,
      timeframe: "H1",
      indicators: [{ id: "m", kind: "MACD", fast: 12, slow: 26, signal: 9 }],
      entry: {
        long: {
          all: [
            {
              type: "crossesAbove",
              left: { type: "indicator", ref: "m" },
              right: { type: "constant", value: 0 },
            },
          ],
        },
      },
    });
    expect(applyInputs(macd, { Inp_m_Fast: 30 })).toMatchObject({
      ok: false,
      issues: [{ name: "Inp_m_Fast", message: "Inp_m_Fast: MACD fast period must be shorter than slow" }],
    });
    expect(applyInputs(macd, { Inp_m_Fast: 30, Inp_m_Slow: 40 }).ok).toBe(true);
  });

  it("hours stay 0..24 and whole", () => {
    const s = spec({ ...sma, timeFilter: { hours: { from: 8, to: 17 } } });
    expect(applyInputs(s, { InpHourFrom: 25 })).toMatchObject({
      ok: false,
      issues: [{ name: "InpHourFrom" }],
    });
    const ok = applyInputs(s, { InpHourFrom: 9, InpHourTo: 16 });
    expect(ok.ok && ok.spec.timeFilter?.hours).toEqual({ from: 9, to: 16 });
  });

  it("a time exit's hour and minute and an order's expiry minute rewrite their clocks", () => {
    const friday = examples.find((e) => e.name === "friday-close.json")?.spec;
    if (!friday?.exits?.closeAt) throw new Error("friday-close.json closes at a time");
    const moved = applyInputs(friday, { InpCloseHour: 20, InpCloseMinute: 45 });
    expect(moved.ok && moved.spec.exits?.closeAt?.time).toBe("20:45");
    expect(applyInputs(friday, { InpCloseMinute: 60 })).toMatchObject({
      ok: false,
      issues: [{ name: "InpCloseMinute" }],
    });
    const bracket = examples.find((e) => e.name === "london-breakout-bracket.json")?.spec;
    if (bracket?.pendingEntry?.expiry?.type !== "timeOfDay") throw new Error("the bracket expires at a time");
    const later = applyInputs(bracket, { InpExpiryMinute: 21 * 60 + 30 });
    expect(later.ok && later.spec.pendingEntry?.expiry).toEqual({ type: "timeOfDay", at: "21:30" });
  });
});
