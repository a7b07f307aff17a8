import { LOWER_TAB_LABELS, LOWER_TABS } from "../../utils/results-view";
import { MetricsPanel } from "./metrics-panel";
import type { MonteCarloView } from "./monte-carlo.server";
import { MonteCarloPanel } from "./monte-carlo-panel";
import { QueryTabs } from "./query-tabs";
import { DealsTable, OrdersTable, TradesTable } from "./report-tables";
import type { ResultsBacktest, ResultsTabData } from "./types";

/**
 * Spec 2 s2 lower tabs 'Results & Export', 'Orders', 'Deals', Trades (issue 16) and Monte Carlo (issue 17) (`?tab=`). While processing they read
 * 'In Progress...'; on error they render nothing (spec 2 s4).
 */
export function LowerTabs({
  bt,
  data,
  current,
  exportBase,
  monteCarlo = null,
}: {
  bt: ResultsBacktest;
  data: ResultsTabData | null;
  current: (typeof LOWER_TABS)[number];
  exportBase: string;
  /** The Monte Carlo tab's form and result (issue 17), when it is the tab shown. */
  monteCarlo?: MonteCarloView | null;
}) {
  return (
    <section className="results-lower card" aria-label="Report">
      <QueryTabs
        label="Report"
        className="lower-tabs"
        param="tab"
        ids={LOWER_TABS}
        labels={LOWER_TAB_LABELS}
        current={current}
      />
      <div className="results-lower-body">
        <TabBody bt={bt} data={data} exportBase={exportBase} monteCarlo={monteCarlo} />
      </div>
    </section>
  );
}

function TabBody({
  bt,
  data,
  exportBase,
  monteCarlo,
}: {
  bt: ResultsBacktest;
  data: ResultsTabData | null;
  exportBase: string;
  monteCarlo: MonteCarloView | null;
}) {
  if (bt.processingStatus === "processing") return <p className="muted">In Progress...</p>;
  if (bt.processingStatus === "error" || !data) return null;
  if (monteCarlo) return <MonteCarloPanel view={monteCarlo} currency={bt.inputs.depositCurrency} />;
  if (data.orders) {
    const page = data.orders.value;
    if (!page) return <p className="form-error">{data.orders.error}</p>;
    return <OrdersTable rows={page.rows} total={page.total} />;
  }
  if (data.trades) {
    const page = data.trades.value;
    if (!page) return <p className="form-error error-box">{data.trades.error}</p>;
    return <TradesTable rows={page.rows} total={page.total} />;
  }
  if (data.deals) {
    const page = data.deals.value;
    if (!page) return <p className="form-error error-box">{data.deals.error}</p>;
    return <DealsTable rows={page.rows} total={page.total} totals={page.totals} />;
  }
  const results = data.results?.value;
  if (!results) {
    return (
      <>
        <h3>Results</h3>
        <p className="form-error">{data.results?.error}</p>
      </>
    );
  }
  return <MetricsPanel results={results} exportBase={exportBase} />;
}
