import { GRAPH_LABELS, GRAPHS, type Graph } from "../../utils/results-view";
import { EquityChart } from "../charts/equity-chart";
import { GraphFallback, graphSummary } from "./graph-fallback";
import { lazyModule, useLazyModule } from "./lazy-module";
import { QueryTabs } from "./query-tabs";
import type { ResultsGraphData } from "./types";

// Two chunks: d3 for the three graphs, lightweight-charts only for Play and Candle.
const d3Charts = lazyModule(() => import("./d3-charts"));
const candleCharts = lazyModule(() => import("./candle-charts"));

// Start fetching the chart chunk as soon as this module runs in the browser, alongside hydration rather
// than after it: the first chart then draws sooner. (The server never runs it.)
if (typeof window !== "undefined") {
  const graph = new URLSearchParams(window.location.search).get("graph");
  (graph === "play" || graph === "candle" ? candleCharts : d3Charts).load().catch(() => {});
}

/**
 * Spec 2 s2 graph tabs: Balance (default), Entries, Profit and Loss, Play and Candle (Play and Candle only
 * for symbols with candle data). The tab is `?graph=`, so each is a link; charts draw in the browser.
 */
export function GraphPanel({
  data,
  canPlay,
  zone,
}: {
  data: ResultsGraphData;
  canPlay: boolean;
  /** The run's server time zone setting: chart times are on that clock. */
  zone: string | undefined;
}) {
  const graphs = GRAPHS.filter((g) => canPlay || (g !== "play" && g !== "candle"));
  const current: Graph = graphs.includes(data.graph) ? data.graph : "balance";
  return (
    <section className="results-graphs card" aria-label="Graphs">
      <QueryTabs
        label="Graphs"
        className="graph-tabs"
        param="graph"
        ids={graphs}
        labels={GRAPH_LABELS}
        current={current}
      />
      <GraphBody data={data} zone={zone} />
    </section>
  );
}

function GraphBody({ data, zone }: { data: ResultsGraphData; zone: string | undefined }) {
  const candles = data.details !== null;
  const timed = data.summary?.value?.kind === "balance" && data.summary.value.curve !== null;
  const d3 = useLazyModule(d3Charts, !candles && !timed);
  const cc = useLazyModule(candleCharts, candles);
  const text = graphSummary(data);

  if (data.details) {
    const d = data.details.value;
    if (!d) return <p className="form-error">{data.details.error}</p>;
    if (!cc) return <GraphFallback text={text} tall />;
    return (
      <cc.CandleChart
        key={data.graph}
        symbol={d.symbol}
        timeframe={d.period}
        start={d.dateStart}
        end={d.dateEnd}
        orders={d.orders}
        autoPlay={data.graph === "play"}
      />
    );
  }
  // Spec 2 s8: a failed summary reads 'Error generating graphs' in red.
  const s = data.summary?.value;
  if (!s) return <p className="form-error">{data.summary?.error}</p>;
  // Balance and equity over time: drawn on the server too, so it reads without JavaScript (issue 16).
  if (s.kind === "balance" && s.curve) return <EquityChart curve={s.curve} zone={zone} />;
  if (!d3) return <GraphFallback text={text} tall={false} />;
  if (s.kind === "balance") return <d3.BalanceChart data={s.data} />;
  if (s.kind === "entries") return <d3.EntriesChart data={s.data} />;
  return <d3.ProfitLossChart data={s.data} />;
}
