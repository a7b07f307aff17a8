import { metricColumns } from "../../utils/results-columns";
import { InfoTip } from "./info-tip";

/**
 * Spec 2 s2 'Results & Export': three columns of the report's metrics keyed by the spec's labels, each with
 * an info tooltip, and the report as CSV and JSON (plain GET links with a file name, so no JavaScript needed).
 */
export function MetricsPanel({
  results,
  exportBase,
}: {
  results: Readonly<Record<string, string>>;
  /** `/strategy/{sid}/results/{bid}/export`: `.csv` and `.json` are appended. */
  exportBase: string;
}) {
  const columns = metricColumns(results);
  return (
    <div className="metrics-panel">
      <div className="metrics-export">
        <a className="button" href={`${exportBase}.csv`} download>
          Export as CSV
        </a>
        <a className="button" href={`${exportBase}.json`} download>
          Export as JSON
        </a>
      </div>
      <div className="metrics-columns">
        {columns.map((column) => (
          <dl key={column[0].label} className="metrics-column">
            {column.map((m) => (
              <div key={m.label} className="metric">
                <dt>
                  {m.label}
                  <InfoTip label={m.label} text={m.help} />
                </dt>
                <dd>{m.value}</dd>
              </div>
            ))}
          </dl>
        ))}
      </div>
    </div>
  );
}
