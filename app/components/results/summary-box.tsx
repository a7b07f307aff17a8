import { useEffect, useState } from "react";
import { statusLabel } from "../../utils/format";
import { summaryRows } from "../../utils/results-view";
import type { ResultsBacktest } from "./types";

/** Spec 2 s2 summary box: Symbol, Timeframe, Period, Delay, Modelling, Deposit, Created, Description, Status. */
export function SummaryBox({ bt }: { bt: ResultsBacktest }) {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const rows = summaryRows({ ...bt, statusLabel: statusLabel(bt.processingStatus) }, zone);
  return (
    <section className="results-summary card" aria-label="Summary">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="results-summary-row">
            <dt>{label}</dt>
            <dd className={label === "Status" ? `status-text status-${bt.processingStatus}` : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
