import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { chartLinks } from "../components/charts/links";
import { OptimiseHeatmap } from "../components/optimise/heatmap";
import { OptimiseProgress } from "../components/optimise/progress-banner";
import { OptimiseResultsTable, type OptimiseRow } from "../components/optimise/results-table";
import { BestRun } from "../components/optimise/run-summary";
import { ThemeToggle } from "../components/theme-toggle";
import { uiStylesheet } from "../components/ui/styles";
import { useRootData } from "../root";
import codeBacktestCss from "../styles/code-backtest.css?url";
import optimiseCss from "../styles/optimise.css?url";
import { heatmapAxes } from "../utils/optimise-heatmap";

export const meta: MetaFunction = () => [{ title: "Optimisation (development) · StratForge" }];
export const links: LinksFunction = () => [
  uiStylesheet,
  ...chartLinks(),
  { rel: "stylesheet", href: codeBacktestCss },
  { rel: "stylesheet", href: optimiseCss },
];

const NAMES = ["Inp_fast_Period", "Inp_slow_Period", "InpStopLoss"];

/** A made-up 8 x 10 x 3 grid with a smooth ridge, from fixed numbers, so the page looks the same on every load. */
function sampleRows(): OptimiseRow[] {
  const rows: OptimiseRow[] = [];
  let pass = 0;
  for (let f = 4; f <= 11; f++)
    for (let s = 12; s <= 30; s += 2)
      for (const sl of [20, 40, 60]) {
        pass++;
        const profit = Math.round(
          1500 - 18 * (f - 7) ** 2 - 6 * (s - 22) ** 2 + sl * 3 - 400 + ((pass * 37) % 90),
        );
        const trades = 40 + ((f * 7 + s) % 60);
        rows.push({
          pass,
          result: 10000 + profit,
          values: { Inp_fast_Period: f, Inp_slow_Period: s, InpStopLoss: sl },
          back: {
            finalBalance: 10000 + profit,
            profit,
            grossProfit: 4000 + profit / 2,
            grossLoss: -4000 + profit / 2,
            profitFactor: (4000 + profit / 2) / (4000 - profit / 2),
            expectedPayoff: profit / trades,
            recoveryFactor: profit / 600,
            sharpeRatio: profit / 1000,
            lrCorrelation: 0.8,
            trades,
            profitTradesPercent: 45 + (pass % 10),
            balanceDrawdownMax: 500 + (pass % 200),
            balanceDrawdownMaxPercent: 5 + (pass % 20) / 10,
            equityDrawdownMax: 600 + (pass % 200),
            equityDrawdownMaxPercent: 6 + (pass % 20) / 10,
          },
          forward: null,
        });
      }
  return rows;
}

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.publicConfig.devTools) throw new Response("Not Found", { status: 404 });
  return { rows: sampleRows() };
}

/** The optimisation page's pieces on made-up runs (issue 17), for layout and theme checks at any width. */
export default function DevOptimise() {
  const { rows } = useLoaderData<typeof loader>();
  const theme = useRootData()?.theme ?? "light";
  const [params] = useSearchParams();
  const axes = heatmapAxes(NAMES, params.get("hx"), params.get("hy"));
  const best = rows.reduce((b, r) => ((r.result ?? 0) > (b.result ?? 0) ? r : b));
  return (
    <main className="page optimise-page">
      <div className="page-header">
        <h1>Optimisation (development)</h1>
        <ThemeToggle theme={theme} returnTo="/dev/optimise" />
      </div>
      <OptimiseProgress
        done={97}
        planned={240}
        best="11,499.00"
        criterionLabel="Balance max"
        cancelAction="/dev/optimise"
        live
        refreshHref="/dev/optimise"
      />
      <BestRun
        row={best}
        names={NAMES}
        criterionLabel="Balance max"
        applyAction="/dev/optimise"
        setHref="/dev/optimise"
      />
      <section className="card">
        <h2>Results</h2>
        <OptimiseResultsTable
          rows={rows}
          names={NAMES}
          forward={false}
          lowerIsBetter={false}
          actions={null}
        />
      </section>
      {axes ? (
        <OptimiseHeatmap
          runs={rows.map((r) => ({ values: r.values, result: r.result ?? null }))}
          names={NAMES}
          x={axes.x}
          y={axes.y}
          criterionLabel="Balance max"
          lowerIsBetter={false}
        />
      ) : null}
    </main>
  );
}
