import { describe, expect, it } from "vitest";
import type { StrategySpecInput } from "../strategy/spec";
import { barsOf, MONDAY, type Ohlc, specOf } from "./scenario.fixture";
import { compileStrategy, gt, le } from "./signals";

const closes = (values: number[]) => barsOf(values.map((c): Ohlc => [c, c, c, c]));

function longRule(rule: NonNullable<StrategySpecInput["entry"]["long"]>, values: number[]) {
  const spec = specOf({
    specVersion: 1,
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
      specVersion: 1,
      timeframe: "M1",
      entry: { long: { all: [{ type: "greaterThan", left: close(), right: k(0) }] } },
      timeFilter: { sessions: ["newyork"], weekdays: [1] },
    });
    const s = compileStrategy(spec, closes([1]));
    expect(s.timeAllowed(MONDAY + 12 * 3_600_000)).toBe(true);
    expect(s.timeAllowed(MONDAY + 21 * 3_600_000)).toBe(false);
    expect(s.timeAllowed(MONDAY + 36 * 3_600_000)).toBe(false);
  });
});
