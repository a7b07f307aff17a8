import { formatMetric } from "../../utils/format";
import type { ResultsGraphData } from "./types";

/** What a graph shows in words: the text before the chart module is in, and all there is without JavaScript. */
export function graphSummary(g: ResultsGraphData): string | null {
  if (g.details) {
    const d = g.details.value;
    if (!d) return null;
    return `${d.symbol} ${d.period} candles with ${d.orders.length} orders.`;
  }
  const s = g.summary?.value;
  if (!s) return null;
  if (s.kind === "balance") {
    if (s.data.length === 0) return "No trades.";
    const first = s.data[0];
    const last = s.data[s.data.length - 1];
    return `Balance from ${formatMetric(Number(first.balance))} to ${formatMetric(Number(last.balance))} over ${last.id - first.id} trades.`;
  }
  if (s.kind === "entries") {
    const total = Object.values(s.data.hourly).reduce((sum, b) => sum + b.entries, 0);
    return `${total} entries.`;
  }
  let profit = 0;
  let loss = 0;
  for (const b of Object.values(s.data.hourly)) {
    profit += b.profit;
    loss += b.loss;
  }
  return `Profit ${Math.trunc(profit)} and loss ${Math.trunc(loss)}.`;
}

/** Holds the chart's place (same height, so nothing jumps when it draws). */
export function GraphFallback({ text, tall }: { text: string | null; tall: boolean }) {
  return (
    <div className={tall ? "graph-fallback tall" : "graph-fallback"}>
      {text ? <p>{text}</p> : null}
      <noscript>
        <p className="muted">The charts need JavaScript; the figures are in the tabs below.</p>
      </noscript>
    </div>
  );
}
