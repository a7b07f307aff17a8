import { useEffect, useState } from "react";
import { GENERATION_STEPS, nextTick } from "../../utils/code-progress";

/**
 * The overlay's bar (spec 2 s4): it ticks 1% at a time towards the current step's bound at the step's pace,
 * and jumps to a later step's start when the code state moves on. The server draws the step's start.
 */
export function CodeProgressBar({ step }: { step: number }) {
  const total = GENERATION_STEPS.length;
  const current = Math.min(Math.max(step, 1), total);
  // The last step takes no time: a finished generation is drawn full on the server already.
  const [percent, setPercent] = useState(
    current === total ? GENERATION_STEPS[current - 1].to : GENERATION_STEPS[current - 1].from,
  );

  useEffect(() => {
    // A new generation after a finished one starts the bar again from its step.
    if (percent > GENERATION_STEPS[current - 1].to) {
      setPercent(GENERATION_STEPS[current - 1].from);
      return;
    }
    const tick = nextTick(percent, current);
    if (!tick) return;
    const timer = setTimeout(() => setPercent(tick.percent), tick.delayMs);
    return () => clearTimeout(timer);
  }, [percent, current]);

  const { from, to } = GENERATION_STEPS[current - 1];
  const shown = Math.min(Math.max(percent, from), to);
  return (
    <div className="code-progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Code generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
      >
        <div className="progress-fill" style={{ width: `${shown}%` }} />
      </div>
      <div className="progress-meta muted small">
        <span>
          Step {current} of {total}
        </span>
        <span>{shown}%</span>
      </div>
    </div>
  );
}
