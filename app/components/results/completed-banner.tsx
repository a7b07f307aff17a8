import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { dismissKey, withParam } from "../../utils/results-view";

function readDismissed(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === "1";
  } catch {
    // Storage can be blocked (private modes, policies): then the banner simply shows.
    return false;
  }
}

/**
 * Spec 2 s2: 'Backtest completed!' with a Play button and a close icon that dismisses it for this backtest
 * in this browser (localStorage). Without JavaScript it simply stays; Play is a link to the Play graph.
 */
export function CompletedBanner({
  backtestId,
  notes,
  canPlay,
}: {
  backtestId: string;
  notes: readonly string[];
  canPlay: boolean;
}) {
  const key = dismissKey(backtestId);
  const [dismissed, setDismissed] = useState(false);
  const [search] = useSearchParams();
  useEffect(() => setDismissed(readDismissed(key)), [key]);
  if (dismissed) return null;

  function dismiss() {
    try {
      window.localStorage.setItem(key, "1");
    } catch {
      // Not remembered, but still closed for now.
    }
    setDismissed(true);
  }

  return (
    <section className="results-banner results-completed" aria-label="Backtest completed">
      <div className="results-banner-line">
        <strong>Backtest completed!</strong>
        {canPlay ? (
          <Link
            className="button primary small-button"
            to={withParam(search, "graph", "play")}
            preventScrollReset
            replace
          >
            ▶ Play
          </Link>
        ) : null}
        <button type="button" className="icon-button results-close" aria-label="Close" onClick={dismiss}>
          ×
        </button>
      </div>
      {notes.length > 0 ? (
        <ul className="results-notes">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
