import { describe, expect, it } from "vitest";
import {
  initialProgress,
  type ProgressState,
  progressReducer,
  STEP_MESSAGES,
  stepOf,
  tickInterval,
} from "./results-progress";

function ticks(state: ProgressState, n: number): ProgressState {
  let s = state;
  for (let i = 0; i < n; i++) s = progressReducer(s, { type: "tick" });
  return s;
}

describe("the processing banner's steps (spec 2 s4)", () => {
  it("has the spec's three step messages", () => {
    expect([0, 1, 2].map((p) => STEP_MESSAGES[stepOf(p)])).toEqual([
      "Preparing backtest ...",
      "Backtest in progress ...",
      "Backtest finished. Preparing reports ...",
    ]);
  });

  it("runs step 1 from 0 to 85% over 3 minutes and step 2 from 85 to 99% over 30 seconds, 1% a tick", () => {
    expect(tickInterval(0)).toBeNull();
    expect((tickInterval(1) ?? 0) * 85).toBeCloseTo(180_000);
    expect((tickInterval(2) ?? 0) * 14).toBeCloseTo(30_000);
    const one = ticks(initialProgress(1), 200);
    expect(one).toEqual({ step: 1, percent: 85 });
    const two = ticks(progressReducer(one, { type: "server", processing: 2 }), 200);
    expect(two).toEqual({ step: 2, percent: 99 });
  });

  it("never shows 100 before completion, and step 0 does not move", () => {
    expect(ticks(initialProgress(0), 10)).toEqual({ step: 0, percent: 0 });
    expect(initialProgress(2, 100).percent).toBe(99);
    expect(initialProgress(1, 100).percent).toBe(85);
  });

  it("starts from the server's progress on a reload and only moves forwards", () => {
    const s = initialProgress(1, 20);
    expect(s.percent).toBe(20);
    const ahead = ticks(s, 10);
    expect(progressReducer(ahead, { type: "server", processing: 1, progress: 25 })).toBe(ahead);
    expect(progressReducer(ahead, { type: "server", processing: 1, progress: 50 }).percent).toBe(50);
    expect(progressReducer(ahead, { type: "server", processing: 0 })).toBe(ahead);
    expect(progressReducer(ahead, { type: "server", processing: 2, progress: 85 })).toEqual({
      step: 2,
      percent: 85,
    });
  });
});
