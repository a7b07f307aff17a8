import { describe, expect, it } from "vitest";
import {
  BACKTEST_STEPS,
  CODE_STATE,
  isReadyState,
  isSettled,
  nextTick,
  type ProgressStep,
  stepForState,
} from "./code-progress";

/** Runs the bar through a step the way the overlay's timer does, counting the time it takes. */
function run(from: number, step: number, steps?: readonly ProgressStep[]) {
  let percent = from;
  let ms = 0;
  for (let t = nextTick(percent, step, steps); t; t = nextTick(percent, step, steps)) {
    percent = t.percent;
    ms += t.delayMs;
  }
  return { percent, ms };
}

describe("generation progress (spec 2 s4, s9)", () => {
  it("runs each step to its bound in the spec's time, 1% at a time", () => {
    for (const [from, step, to, ms] of [
      [0, 1, 34, 30_000],
      [34, 2, 72, 60_000],
      [72, 3, 84, 30_000],
      [84, 4, 99, 60_000],
    ]) {
      const r = run(from, step);
      expect(r.percent).toBe(to);
      expect(r.ms).toBeCloseTo(ms, 6);
    }
    expect(run(99, 5)).toEqual({ percent: 100, ms: 0 });
    expect(nextTick(10, 1)).toEqual({ percent: 11, delayMs: 30_000 / 34 });
  });

  it("jumps to a later step's start and never passes the current bound", () => {
    expect(nextTick(12, 3)).toEqual({ percent: 72, delayMs: 0 });
    expect(nextTick(34, 1)).toBeNull();
    expect(run(5, 5).percent).toBe(100);
  });

  it("maps code states to steps", () => {
    expect(stepForState(null)).toBe(1);
    expect(stepForState(CODE_STATE.STARTED)).toBe(1);
    expect(stepForState(CODE_STATE.GENERATED)).toBe(2);
    expect(stepForState(CODE_STATE.GENERATED_ERROR)).toBe(3);
    expect(stepForState(CODE_STATE.REBUILDED)).toBe(4);
    for (const s of [11, 21, 22, 100, 200]) expect(stepForState(s)).toBe(5);
    expect(isSettled(null)).toBe(false);
    expect(isSettled(10)).toBe(false);
    expect(isSettled(22)).toBe(true);
    expect(isReadyState(11)).toBe(true);
    expect(isReadyState(21)).toBe(true);
    expect(isReadyState(100)).toBe(false);
  });

  it("runs a backtest's bar 0-85% over 3 minutes, then 85-99% over 30 seconds, never to 100", () => {
    expect(run(0, 1, BACKTEST_STEPS)).toEqual({ percent: 0, ms: 0 });
    const one = run(0, 2, BACKTEST_STEPS);
    expect(one.percent).toBe(85);
    expect(one.ms).toBeCloseTo(180_000, 6);
    const two = run(20, 3, BACKTEST_STEPS);
    expect(two.percent).toBe(99);
    expect(two.ms).toBeCloseTo(30_000, 6);
  });
});
