import { Link } from "@remix-run/react";

/** Spec 2 s2 error banner, with the runner's reason under it when there is one. */
export function ErrorBanner({ strId, message }: { strId: string; message: string | null }) {
  return (
    <section className="results-banner results-error" role="alert">
      <div className="results-banner-line">
        <span>First attempt backtest error: Please check your settings and try again.</span>
        <Link className="button" to={`/strategy/${strId}/build`}>
          Try Again
        </Link>
      </div>
      {message ? <p className="muted small">{message}</p> : null}
    </section>
  );
}
