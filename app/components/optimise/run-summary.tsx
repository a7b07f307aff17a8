import { Form, Link } from "@remix-run/react";
import { formatMetric } from "../../utils/format";
import { countText } from "../../utils/optimise-form";
import { Facts } from "./facts";
import type { OptimiseRow } from "./results-table";
import type { OptimisationView } from "./types";

const STATUS_TEXT = {
  running: "Running",
  completed: "Completed",
  cancelled: "Cancelled",
  error: "Failed",
} as const;

/** What the optimisation ran: its settings and status, as a definition list. */
export function RunFacts({ view }: { view: OptimisationView }) {
  const facts: [string, string][] = [
    ["Status", STATUS_TEXT[view.status]],
    ["Runs", `${countText(view.done)} of ${countText(view.planned)}`],
    ["Search", view.search === "genetic" ? "Genetic" : "Complete grid"],
    ["Criterion", view.criterionLabel],
    ["Forward period", view.forward === "none" ? "None" : view.forward],
    ["Test", `${view.symbol} ${view.period}, ${view.dateStart} to ${view.dateEnd}`],
  ];
  if (view.skipped > 0) facts.push(["Refused combinations", countText(view.skipped)]);
  return <Facts facts={facts} status={view.status} />;
}

/**
 * The best run (issue 17) with its inputs, and the two ways out of the tester: Apply (a plain POST: the
 * inputs become the strategy's new spec version) and Export .set (a download of the run's inputs for MT5).
 */
export function BestRun({
  row,
  names,
  criterionLabel,
  applyAction,
  setHref,
}: {
  row: OptimiseRow;
  names: readonly string[];
  criterionLabel: string;
  applyAction: string;
  setHref: string;
}) {
  return (
    <section className="card optimise-best" aria-labelledby="best-run-title" data-pass={row.pass}>
      <h2 id="best-run-title">Best run: pass {row.pass}</h2>
      <p>
        {criterionLabel}: <strong>{formatMetric(row.result)}</strong>
        {row.forwardResult !== undefined ? ` · forward ${formatMetric(row.forwardResult)}` : ""}
      </p>
      <dl className="optimise-facts best-inputs">
        {names.map((n) => (
          <div key={n}>
            <dt>{n}</dt>
            <dd data-input={n}>{row.values[n]}</dd>
          </div>
        ))}
      </dl>
      <div className="optimise-apply">
        <Form method="post" action={applyAction}>
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="pass" value={row.pass} />
          <button type="submit" className="button primary">
            Apply
          </button>
        </Form>
        <Link className="button" to={setHref} reloadDocument download>
          Export .set
        </Link>
      </div>
    </section>
  );
}

/** After Apply: which spec version the run's inputs became, and where its code and EA are. */
export function AppliedNote({ version, pass, strId }: { version: number; pass: number; strId: string }) {
  return (
    <section className="card optimise-applied" role="status">
      <p>
        Pass {pass}'s inputs are now the strategy's spec <strong>version {version}</strong>: the generated EA
        takes them as its defaults. <Link to={`/strategy/${strId}/code`}>Open the code</Link> to generate and
        download the EA.
      </p>
    </section>
  );
}
