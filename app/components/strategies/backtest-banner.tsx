import { Link, useNavigation } from "@remix-run/react";
import { BACKTEST_STEPS } from "../../utils/code-progress";
import { IntentButton } from "../ui/intent-button";
import { ProgressBar } from "../ui/progress-bar";
import { useTickingPercent } from "./code-progress-bar";

/** Spec 2 s4: the step texts of a running backtest. */
const STEP_TEXT: Record<number, string> = {
  0: "Preparing backtest ...",
  1: "Backtest in progress ...",
  2: "Backtest finished. Preparing reports ...",
};

export interface BacktestBannerProps {
  backtestId: string;
  status: "processing" | "error" | "completed";
  /** 0, 1 or 2 while processing. */
  processing: number;
  /** Percent of the run (0-99) while processing. */
  progress: number;
  refreshHref: string;
}

/**
 * The status banner of the newest backtest (spec 2 s2): 'Backtesting in Progress...' with its progress,
 * or the error text with a Remove button (a POST that deletes the backtest). A completed one needs none.
 */
export function BacktestBanner({
  backtestId,
  status,
  processing,
  progress,
  refreshHref,
}: BacktestBannerProps) {
  const navigation = useNavigation();
  // Reported progress moves in big steps (0, 20, 85): the bar runs at the spec's pace in between.
  const ticking = useTickingPercent(Math.min(Math.max(processing, 0), 2) + 1, BACKTEST_STEPS, progress);
  if (status === "completed") return null;
  if (status === "error") {
    return (
      <section className="backtest-banner error" role="alert">
        <p>Backtest error: Please check your settings and try again.</p>
        <IntentButton intent="delete" fields={{ backtestId }} disabled={navigation.state === "submitting"}>
          Remove
        </IntentButton>
      </section>
    );
  }
  // Never 100 before completion (spec 2 s4).
  const percent = Math.min(99, Math.max(0, Math.round(ticking)));
  return (
    <section className="backtest-banner processing" role="status" aria-live="polite">
      <div className="backtest-banner-head">
        <span className="spinner" aria-hidden="true" />
        <strong>Backtesting in Progress...</strong>
      </div>
      <div className="backtest-progress">
        <ProgressBar percent={percent} label="Backtest progress" />
        <div className="progress-meta muted small">
          <span>{STEP_TEXT[processing] ?? STEP_TEXT[0]}</span>
          <span>{`${percent}%`}</span>
        </div>
      </div>
      <noscript>
        <p className="small">
          {/* Without JavaScript no live events arrive: the page shows the stored state when reloaded. */}
          <Link to={refreshHref}>Refresh</Link> to see the latest progress.
        </p>
      </noscript>
    </section>
  );
}
