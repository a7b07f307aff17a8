import { Form, useNavigation } from "@remix-run/react";
import { countText } from "../../utils/optimise-form";
import { ProgressBar } from "../ui/progress-bar";

export interface OptimiseProgressProps {
  /** Runs made so far and the most planned (a grid's whole space, a genetic search's budget). */
  done: number;
  planned: number;
  /** The best result so far, as the Result column shows it. */
  best: string | null;
  criterionLabel: string;
  /** Where the Cancel form posts: a plain form, so it works without JavaScript. */
  cancelAction: string;
  /** Live events are arriving (JavaScript); without them the page says to reload. */
  live: boolean;
  refreshHref: string;
}

/** The percent of the runs made (whole, 0..100; 100 only when every planned run is done). */
export function runPercent(done: number, planned: number): number {
  if (planned <= 0) return 0;
  const p = Math.floor((100 * Math.min(done, planned)) / planned);
  return done >= planned ? 100 : Math.min(p, 99);
}

/**
 * A running optimisation (issue 17): the runs made out of the planned ones as a bar, the best result so far,
 * and Cancel. The route feeds it the live progress events; without JavaScript the page shows the stored
 * progress and a Refresh link, and Cancel still works (the page reloads showing the status).
 */
export function OptimiseProgress({
  done,
  planned,
  best,
  criterionLabel,
  cancelAction,
  live,
  refreshHref,
}: OptimiseProgressProps) {
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formAction === cancelAction;
  const percent = runPercent(done, planned);
  return (
    <section className="card optimise-banner" aria-labelledby="optimise-progress-title" data-done={done}>
      <h2 id="optimise-progress-title">Optimising</h2>
      <ProgressBar percent={percent} label="Optimisation progress" />
      <div className="progress-meta" aria-live="polite">
        <span className="optimise-runs">
          {countText(done)} of {countText(planned)} runs ({percent}%)
        </span>
        <span>
          {best === null ? `${criterionLabel}: no result yet` : `Best so far (${criterionLabel}): ${best}`}
        </span>
      </div>
      <div className="optimise-actions">
        <Form method="post" action={cancelAction}>
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="button" disabled={cancelling}>
            {cancelling ? "Cancelling ..." : "Cancel"}
          </button>
        </Form>
        {live ? null : (
          <a className="button" href={refreshHref}>
            Refresh
          </a>
        )}
      </div>
    </section>
  );
}
