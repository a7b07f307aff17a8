import { describe, expect, it } from "vitest";
import { rangeValues } from "../../worker/optimise/space";
import { combinationCount, defaultRange, postedRanges, rangeCount } from "./optimise-form";

describe("the Optimise form's combination count", () => {
  it("counts a range's values exactly as the search space builds them", () => {
    const ranges = [
      { start: 5, step: 1, stop: 50 },
      { start: 0.1, step: 0.1, stop: 1 },
      { start: 10, step: 7, stop: 40 },
      { start: 1.5, step: 0.25, stop: 3 },
      { start: 3, step: 5, stop: 3 },
    ];
    for (const r of ranges)
      expect(rangeCount(r.start, r.step, r.stop), JSON.stringify(r)).toBe(
        rangeValues({ name: "X", ...r }).length,
      );
  });

  it("refuses what is not a range: a step not above 0, a stop below the start, an empty field", () => {
    expect(rangeCount(1, 0, 5)).toBeNull();
    expect(rangeCount(5, 1, 1)).toBeNull();
    expect(combinationCount({ a: { checked: true, start: "", step: "1", stop: "5" } })).toBeNull();
  });

  it("multiplies the ticked rows only, and is 0 with none ticked", () => {
    const posted = {
      "opt.Inp_fast_Period": "on",
      "start.Inp_fast_Period": "4",
      "step.Inp_fast_Period": "2",
      "stop.Inp_fast_Period": "10",
      "opt.Inp_slow_Period": "on",
      "start.Inp_slow_Period": "20",
      "step.Inp_slow_Period": "5",
      "stop.Inp_slow_Period": "30",
      "start.InpStopLoss": "10",
      "step.InpStopLoss": "1",
      "stop.InpStopLoss": "1000",
    };
    const inputs = [
      { name: "Inp_fast_Period", type: "int" as const, value: 6 },
      { name: "Inp_slow_Period", type: "int" as const, value: 12 },
      { name: "InpStopLoss", type: "double" as const, value: 50 },
    ];
    expect(combinationCount(postedRanges(posted, inputs))).toBe(4 * 3);
    expect(combinationCount(postedRanges({}, inputs))).toBe(0);
  });

  it("defaults a row from the current value: whole steps for whole-number inputs", () => {
    expect(defaultRange({ name: "p", type: "int", value: 14 })).toEqual({
      checked: false,
      start: "14",
      step: "1",
      stop: "28",
    });
    expect(defaultRange({ name: "d", type: "double", value: 0.3 })).toMatchObject({
      step: "0.03",
      stop: "0.6",
    });
  });
});
