import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useReducer, useState } from "react";
import { useLiveEvents } from "../../utils/live-events";
import { initialProgress, progressReducer, STEP_MESSAGES, tickInterval } from "../../utils/results-progress";
import { ProgressBar } from "../ui/progress-bar";

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
  cancelAction,
}: {
  backtestId: string;
  processing: number;
  progress: number;
  /** Where the Cancel form posts (issue 16): a plain form, so it works without JavaScript. */
  cancelAction: string;
}) {
  const [state, dispatch] = useReducer(progressReducer, initialProgress(processing, progress));
  /** The runner's estimate of the seconds left, from its last progress event. */
  const [eta, setEta] = useState<number | null>(null);
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formAction === cancelAction;

  // A reload that still says "processing" may carry a newer step.
  useEffect(() => dispatch({ type: "server", processing, progress }), [processing, progress]);

  useLiveEvents((event) => {
    if (event.type !== "strategy-backtest-processing" || event.btId !== backtestId) return;
    if (event.processing >= 100) {
      revalidator.revalidate();
      return;
    }
    dispatch({ type: "server", processing: event.processing, progress: event.progress });
    setEta(event.etaSeconds ?? null);
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
      <ProgressBar percent={state.percent} label={message} track="progress" />
      <span className="progress-text">
        {state.percent}%{eta !== null && state.step === 1 ? ` · ${timeLeft(eta)}` : ""}
      </span>
      <Form method="post" action={cancelAction} className="results-cancel">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="button" disabled={cancelling}>
          {cancelling ? "Cancelling ..." : "Cancel"}
        </button>
      </Form>
    </section>
  );
}

/** "about 12 s left", "about 3 min left". */
function timeLeft(seconds: number): string {
  if (seconds < 1) return "less than a second left";
  if (seconds < 90) return `about ${seconds} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}
