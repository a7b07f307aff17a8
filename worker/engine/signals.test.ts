import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appliedPrice } from "../indicators";
import type { Bars } from "../market/types";
import type { Condition, Operand, Rule, StrategySpecInput } from "../strategy/spec";
import { barsOf, MONDAY, type Ohlc, specOf } from "./scenario.fixture";
import { compileStrategy, ENTRY_LONG, ENTRY_SHORT, EXIT_LONG, EXIT_SHORT, gt, le } from "./signals";

const closes = (values: number[]) => barsOf(values.map((c): Ohlc => [c, c, c, c]));

function longRule(rule: NonNullable<StrategySpecInput["entry"]["long"]>, values: number[]) {
  const spec = specOf({
    specVersion: 2,
    timeframe: "M1",
    indicators: [{ id: "ma2", kind: "SMA", period: 2 }],
    entry: { long: rule },
  });
  const s = compileStrategy(spec, closes(values));
  return values.map((_, c) => s.entryLong?.(c) === true);
}

const close = (shift = 0) => ({ type: "price", field: "CLOSE", shift }) as const;
const k = (value: number) => ({ type: "constant", value }) as const;

describe("conditions on closed bars", () => {
  it("crossesAbove needs the previous bar at or below and this bar strictly above", () => {
    expect(
      longRule({ all: [{ type: "crossesAbove", left: close(), right: k(5) }] }, [4, 5, 6, 6, 4, 7]),
    ).toEqual([false, false, true, false, false, true]);
  });

  it("treats values within 1e-9 as equal: a rounding-noise tie is not a cross", () => {
    expect(gt(1.1 + 1e-15, 1.1)).toBe(false);
    expect(le(1.1 + 1e-15, 1.1)).toBe(true);
    expect(gt(1.1 + 1e-6, 1.1)).toBe(true);
    expect(gt(Number.NaN, 1)).toBe(false);
    expect(le(Number.NaN, 1)).toBe(false);
  });

  it("a difference of exactly the tolerance is a tie, also where the largest value sets the tolerance", () => {
    // d = a - b equals 1e-9 x max(1, |a|, |b|) = 1e-9 x a exactly (a found by search): not greater.
    const a = 1907.3486328125;
    const b = a - 1e-9 * a;
    expect(a - b).toBe(1e-9 * a);
    expect(gt(a, b)).toBe(false);
    expect(longRule({ all: [{ type: "greaterThan", left: close(), right: close(1) }] }, [b, a])).toEqual([
      false,
      false,
    ]);
    expect(longRule({ all: [{ type: "greaterThan", left: close(), right: k(b) }] }, [a, a])).toEqual([
      false,
      false,
    ]);
    const above = a + 1e-9 * a * 1.5;
    expect(longRule({ all: [{ type: "greaterThan", left: close(), right: k(a) }] }, [above])).toEqual([true]);
  });

  it("between is inclusive; shift reads older closed bars; warm-up NaN never signals", () => {
    expect(
      longRule({ all: [{ type: "between", operand: close(), lower: k(2), upper: k(3) }] }, [1, 2, 3, 4]),
    ).toEqual([false, true, true, false]);
    expect(
      longRule({ all: [{ type: "greaterThan", left: close(), right: close(1) }] }, [1, 2, 2, 3]),
    ).toEqual([false, true, false, true]);
    const ma = { type: "indicator", ref: "ma2" } as const;
    expect(longRule({ all: [{ type: "greaterThan", left: ma, right: k(0) }] }, [1, 2, 3])).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("all AND any: every `all` holds and at least one `any`", () => {
    const rule: NonNullable<StrategySpecInput["entry"]["long"]> = {
      all: [{ type: "greaterThan", left: close(), right: k(1) }],
      any: [
        { type: "lessThan", left: close(), right: k(3) },
        { type: "greaterThan", left: close(), right: k(8) },
      ],
    };
    expect(longRule(rule, [1, 2, 5, 9])).toEqual([false, true, false, true]);
  });

  it("the time filter gates by UTC hour, weekday and session", () => {
    const spec = specOf({
      specVersion: 2,
      timeframe: "M1",
      entry: { long: { all: [{ type: "greaterThan", left: close(), right: k(0) }] } },
      timeFilter: { sessions: ["newyork"], weekdays: [1] },
    });
    const s = compileStrategy(spec, closes([1]));
    // New York 08:00-17:00 local is 15:00-24:00 on a New York close server.
    expect(s.timeAllowed(MONDAY + 15 * 3_600_000)).toBe(true);
    expect(s.timeAllowed(MONDAY + 23 * 3_600_000)).toBe(true);
    expect(s.timeAllowed(MONDAY + 14 * 3_600_000)).toBe(false);
    expect(s.timeAllowed(MONDAY + 36 * 3_600_000)).toBe(false);
  });
});

/**
 * compileStrategy scans one condition of a rule over every bar and tests the others only where it
 * holds, with comparison codes shared between conditions on the same two lines (and read at an offset
 * for a shift both share). The rules' bits must be those of evaluating every condition at every bar
 * with gt/le, written out here from spec.ts: random rules on random closes with exact ties and NaN.
 */
describe("compiled rules equal a bar-by-bar evaluation", () => {
  const lineValue = (s: ReturnType<typeof compileStrategy>, bars: Bars, op: Operand, c: number): number => {
    if (op.type === "constant") return op.value;
    if (op.type === "expression") throw new Error("not generated: expression");
    const at = c - op.shift;
    if (at < 0) return Number.NaN;
    if (op.type === "price") return appliedPrice(bars, op.field)[at];
    // The random rules below use v1's operands only (the v2 constructs have tests of their own).
    if (op.type !== "indicator") throw new Error(`not generated: ${op.type}`);
    const ls = s.lines.get(op.ref);
    if (!ls) throw new Error(op.ref);
    return ls[op.line ?? Object.keys(ls)[0]][at];
  };
  const holds = (s: ReturnType<typeof compileStrategy>, bars: Bars, cond: Condition, c: number): boolean => {
    const v = (op: Operand, back = 0) => {
      if (op.type === "constant") return op.value;
      if (op.type === "expression") throw new Error("not generated: expression");
      return lineValue(s, bars, { ...op, shift: op.shift + back }, c);
    };
    switch (cond.type) {
      case "crossesAbove":
        return le(v(cond.left, 1), v(cond.right, 1)) && gt(v(cond.left), v(cond.right));
      case "crossesBelow":
        return le(v(cond.right, 1), v(cond.left, 1)) && gt(v(cond.right), v(cond.left));
      case "greaterThan":
        return gt(v(cond.left), v(cond.right));
      case "lessThan":
        return gt(v(cond.right), v(cond.left));
      case "between":
        return le(v(cond.lower), v(cond.operand)) && le(v(cond.operand), v(cond.upper));
      case "candlePattern":
        throw new Error("not generated: candlePattern");
      case "allOf":
        return cond.conditions.every((k) => holds(s, bars, k, c));
      case "within":
        // spec-sequence.ts, read as time: the conditions held together at one of the window's bars c - k.
        return Array.from({ length: cond.bars }, (_, k) => c - k).some((at) =>
          cond.all.every((x) => holds(s, bars, x, at)),
        );
    }
  };
  const ruleHolds = (s: ReturnType<typeof compileStrategy>, bars: Bars, r: Rule | undefined, c: number) =>
    r !== undefined &&
    (r.all.length > 0 || r.any.length > 0) &&
    r.all.every((k) => holds(s, bars, k, c)) &&
    (r.any.length === 0 || r.any.some((k) => holds(s, bars, k, c)));

  // Closes on a coarse grid so that lines tie exactly; some NaN (a gap in the data).
  const closesArb = fc.array(
    fc.oneof(
      { weight: 12, arbitrary: fc.integer({ min: 0, max: 6 }).map((k) => 1 + k / 4) },
      { weight: 1, arbitrary: fc.constant(Number.NaN) },
    ),
    { minLength: 1, maxLength: 60 },
  );
  const operandArb = fc.oneof(
    fc.record({
      type: fc.constant("indicator" as const),
      ref: fc.constantFrom("ma2", "ma3"),
      shift: fc.integer({ min: 0, max: 3 }),
    }),
    fc.record({
      type: fc.constant("price" as const),
      field: fc.constantFrom("CLOSE" as const, "OPEN" as const),
      shift: fc.integer({ min: 0, max: 3 }),
    }),
    fc.record({
      type: fc.constant("constant" as const),
      value: fc.constantFrom(1, 1.25, 1.5, 1.5 + 1e-12, 2),
    }),
  );
  const singleBarArb = fc.oneof(
    fc.record({
      type: fc.constantFrom(
        "crossesAbove" as const,
        "crossesBelow" as const,
        "greaterThan" as const,
        "lessThan" as const,
      ),
      left: operandArb,
      right: operandArb,
    }),
    fc.record({
      type: fc.constant("between" as const),
      operand: operandArb,
      lower: operandArb,
      upper: operandArb,
    }),
  );
  // A sequence's window (issue 15) over one or two single-bar conditions.
  const conditionArb = fc.oneof(
    { weight: 3, arbitrary: singleBarArb },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant("within" as const),
        bars: fc.integer({ min: 1, max: 5 }),
        all: fc.array(singleBarArb, { minLength: 1, maxLength: 2 }),
      }),
    },
  );
  // A group of 2-3 conditions that must all hold: one alternative of `any` ((A and B) or C).
  const groupArb = fc.record({
    type: fc.constant("allOf" as const),
    conditions: fc.array(conditionArb, { minLength: 2, maxLength: 3 }),
  });
  const ruleArb = fc.record({
    all: fc.array(conditionArb, { maxLength: 3 }),
    any: fc.array(fc.oneof(conditionArb, groupArb), { maxLength: 2 }),
  });

  it("on random rules and closes", () => {
    fc.assert(
      fc.property(closesArb, ruleArb, ruleArb, ruleArb, ruleArb, (values, el, es, xl, xs) => {
        fc.pre(el.all.length + el.any.length > 0 && es.all.length + es.any.length > 0);
        const spec = specOf({
          specVersion: 2,
          timeframe: "M1",
          indicators: [
            { id: "ma2", kind: "SMA", period: 2 },
            { id: "ma3", kind: "SMA", period: 3 },
          ],
          entry: { long: el, short: es },
          exit: {
            ...(xl.all.length + xl.any.length > 0 ? { long: xl } : {}),
            ...(xs.all.length + xs.any.length > 0 ? { short: xs } : {}),
          },
        });
        const bars = barsOf(values.map((c, i): Ohlc => [i > 0 ? values[i - 1] : c, c, c, c]));
        const s = compileStrategy(spec, bars);
        for (let c = 0; c < values.length; c++) {
          const want =
            (ruleHolds(s, bars, spec.entry.long, c) ? ENTRY_LONG : 0) |
            (ruleHolds(s, bars, spec.entry.short, c) ? ENTRY_SHORT : 0) |
            (ruleHolds(s, bars, spec.exit.long, c) ? EXIT_LONG : 0) |
            (ruleHolds(s, bars, spec.exit.short, c) ? EXIT_SHORT : 0);
          expect([c, s.signals[c]]).toEqual([c, want]);
        }
        expect(Array.from(s.active)).toEqual(values.flatMap((_, c) => (s.signals[c] !== 0 ? [c] : [])));
      }),
      { numRuns: 2000 },
    );
  });
});
