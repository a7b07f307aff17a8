import { Link } from "@remix-run/react";

/** A run the user cancelled (issue 16): said plainly, not as an error, with the way to run it again. */
export function CancelledBanner({ strId, message }: { strId: string; message: string | null }) {
  return (
    <section className="results-banner results-cancelled" role="status">
      <div className="results-banner-line">
        <span>Backtest cancelled.</span>
        <Link className="button" to={`/strategy/${strId}/backtest`}>
          Run Again
        </Link>
      </div>
      {message ? <p className="muted small">{message}</p> : null}
    </section>
  );
}
