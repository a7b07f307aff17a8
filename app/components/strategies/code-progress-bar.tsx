import { useEffect, useState } from "react";
import { GENERATION_STEPS, nextTick, type ProgressStep, stepAt } from "../../utils/code-progress";
import { ProgressBar } from "../ui/progress-bar";

/**
 * A bar that ticks 1% at a time towards the current step's bound at the step's pace (spec 2 s4), jumps to a
 * later step's start when the work moves on, and starts again when a new run begins at an earlier step.
 * `floor` is a known figure (a backtest's reported progress) the bar never shows less than.
 */
export function useTickingPercent(step: number, steps: readonly ProgressStep[], floor = 0): number {
  const { from, to, ms } = stepAt(steps, step);
  // A step that takes no time (the last one) is drawn at its bound already on the server.
  const [percent, setPercent] = useState(ms === 0 ? to : Math.max(from, Math.min(floor, to)));

  useEffect(() => {
    if (percent > to) {
      setPercent(from);
      return;
    }
    const tick = nextTick(percent, step, steps);
    if (!tick) return;
    const timer = setTimeout(() => setPercent(tick.percent), tick.delayMs);
    return () => clearTimeout(timer);
  }, [percent, step, steps, from, to]);

  return Math.min(Math.max(percent, from, floor), to);
}

/** The generation overlay's bar over the 5 steps of spec 2 s4. */
export function CodeProgressBar({ step }: { step: number }) {
  const total = GENERATION_STEPS.length;
  const current = Math.min(Math.max(step, 1), total);
  const shown = useTickingPercent(current, GENERATION_STEPS);
  return (
    <div className="code-progress">
      <ProgressBar percent={shown} label="Code generation progress" />
      <div className="progress-meta muted small">
        <span>{`Step ${current} of ${total}`}</span>
        <span>{`${shown}%`}</span>
      </div>
    </div>
  );
}
