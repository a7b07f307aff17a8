import { Link } from "@remix-run/react";

/** The line above a run's results when it did not complete: what happened, the way on, the runner's reason. */
function RunBanner(props: {
  kind: "error" | "cancelled";
  text: string;
  action: string;
  to: string;
  message: string | null;
}) {
  // A failure is announced at once; a cancel is the user's own doing, so it is said without alarm.
  return (
    <section
      className={`results-banner results-${props.kind}`}
      role={props.kind === "error" ? "alert" : "status"}
    >
      <div className="results-banner-line">
        <span>{props.text}</span>
        <Link className="button" to={props.to}>
          {props.action}
        </Link>
      </div>
      {props.message ? <p className="muted small">{props.message}</p> : null}
    </section>
  );
}

/** Spec 2 s2 error banner, with the runner's reason under it when there is one. */
export function ErrorBanner({ strId, message }: { strId: string; message: string | null }) {
  return (
    <RunBanner
      kind="error"
      text="First attempt backtest error: Please check your settings and try again."
      action="Try Again"
      to={`/strategy/${strId}/build`}
      message={message}
    />
  );
}

/** A run the user cancelled (issue 16): said plainly, not as an error, with the way to run it again. */
export function CancelledBanner({ strId, message }: { strId: string; message: string | null }) {
  return (
    <RunBanner
      kind="cancelled"
      text="Backtest cancelled."
      action="Run Again"
      to={`/strategy/${strId}/backtest`}
      message={message}
    />
  );
}
