import { useRevalidator } from "@remix-run/react";
import { useEffect, useReducer } from "react";
import { useLiveEvents } from "../../utils/live-events";
import { initialProgress, progressReducer, STEP_MESSAGES, tickInterval } from "../../utils/results-progress";

/**
 * If the completion event was missed (it can land before the socket is open), the page still finds out:
 * the loader is asked again now and then while the banner shows.
 */
const FALLBACK_POLL_MS = 5_000;

/**
 * Spec 2 s2, s4: pulse indicator, step message and progress bar. The server's step and progress set the bar
 * on load; live `strategy-backtest-processing` events move it; between events it ticks 1% at a time up to
 * the step's bound. Completion (or an error) reloads the page's data, which replaces the banner.
 */
export function ProcessingBanner({
  backtestId,
  processing,
  progress,
}: {
  backtestId: string;
  processing: number;
  progress: number;
}) {
  const [state, dispatch] = useReducer(progressReducer, initialProgress(processing, progress));
  const revalidator = useRevalidator();

  // A reload that still says "processing" may carry a newer step.
  useEffect(() => dispatch({ type: "server", processing, progress }), [processing, progress]);

  useLiveEvents((event) => {
    if (event.type !== "strategy-backtest-processing" || event.btId !== backtestId) return;
    if (event.processing >= 100) {
      revalidator.revalidate();
      return;
    }
    dispatch({ type: "server", processing: event.processing, progress: event.progress });
  });

  const interval = tickInterval(state.step);
  useEffect(() => {
    if (interval === null) return;
    const id = setInterval(() => dispatch({ type: "tick" }), interval);
    return () => clearInterval(id);
  }, [interval]);

  const revalidate = revalidator.revalidate;
  useEffect(() => {
    const id = setInterval(() => revalidate(), FALLBACK_POLL_MS);
    return () => clearInterval(id);
  }, [revalidate]);

  const message = STEP_MESSAGES[state.step];
  return (
    <section className="results-banner results-processing" aria-live="polite" data-step={state.step}>
      <div className="results-banner-line">
        <span className="pulse" aria-hidden="true" />
        <span className="results-step">{message}</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={message}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.percent}
      >
        <div className="progress-fill" style={{ width: `${state.percent}%` }} />
      </div>
      <span className="progress-text">{state.percent}%</span>
    </section>
  );
}
