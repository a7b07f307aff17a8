import { Form, Link, useNavigation } from "@remix-run/react";
import { CODE_STATE, isReadyState, stepForState } from "../../utils/code-progress";
import { CodeProgressBar } from "./code-progress-bar";

const MESSAGES: Record<number, string> = {
  [CODE_STATE.ERROR]: "There is an error generating the code. No credits have been used.",
  [CODE_STATE.REBUILDED_ERROR]:
    "It is not possible to fix the errors automatically. No credits have been used.",
};

export interface CodeOverlayProps {
  /** The code state (spec 2 s4); null while a generation request is on its way and no state came yet. */
  state: number | null;
  /** The generation shown; Retry and Recreate name it (a second click then cannot replace the new one). */
  codeId: string | null;
  /** A failed 'complete' ('An error occurred while trying to complete ...'). */
  error: string | null;
  /** The page reloads itself (no JavaScript) while the generation runs. */
  refreshHref: string;
}

/**
 * The code generation overlay (spec 2 s2, s4): 'Generating Your EA' over the code tab for every state but OK,
 * with the 5-step bar; ready code offers 'Run Backtest' and 'Run backtest later', a failed run Retry or
 * Recreate Code. Every button is a form POST, so it all works without JavaScript.
 */
export function CodeOverlay({ state, codeId, error, refreshHref }: CodeOverlayProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const step = stepForState(state);
  const ready = isReadyState(state);
  const failed = state === CODE_STATE.ERROR || state === CODE_STATE.REBUILDED_ERROR;
  const running = !ready && !failed;
  return (
    <div className="code-overlay">
      <section
        className="code-overlay-card"
        role="dialog"
        aria-modal="false"
        aria-labelledby="code-overlay-title"
      >
        <h2 id="code-overlay-title">Generating Your EA</h2>
        <p className="muted">Please wait as we complete the final steps of code generation</p>
        <CodeProgressBar step={step} />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {failed && state !== null ? (
          <p className="form-error" role="alert">
            {MESSAGES[state]}
          </p>
        ) : null}
        {ready ? (
          <Form method="post" className="code-overlay-actions">
            <input type="hidden" name="intent" value="complete" />
            <button type="submit" name="next" value="backtest" className="button primary" disabled={busy}>
              Run Backtest
            </button>
            <button type="submit" name="next" value="later" className="button" disabled={busy}>
              Run backtest later
            </button>
          </Form>
        ) : null}
        {failed ? (
          <Form method="post" className="code-overlay-actions">
            <input type="hidden" name="intent" value="recreate" />
            {codeId ? <input type="hidden" name="codeId" value={codeId} /> : null}
            <button type="submit" className="button primary" disabled={busy}>
              {state === CODE_STATE.ERROR ? "Retry" : "Recreate Code"}
            </button>
          </Form>
        ) : null}
        {running ? (
          <noscript>
            {/* Without JavaScript no live events arrive: the page reloads itself, or the link does. */}
            <meta httpEquiv="refresh" content="3" />
            <p className="small">
              <Link to={refreshHref}>Refresh</Link>
            </p>
          </noscript>
        ) : null}
      </section>
    </div>
  );
}
