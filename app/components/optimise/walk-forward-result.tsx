import { useMemo } from "react";
import { formatAmount, formatMetric, formatPercent } from "../../utils/format";
import { countText } from "../../utils/optimise-form";
import type { EquityCurveData } from "../../utils/time-series";
import { EquityChart } from "../charts/equity-chart";
import { Facts } from "./facts";

/** The walk-forward answer as the page receives it (the service's WalkForwardAnswer, serialised). */
export interface WalkForwardView {
  readonly symbol: string;
  readonly period: string;
  readonly currency: string;
  readonly deposit: number;
  readonly inSampleDays: number;
  readonly outOfSampleDays: number;
  readonly anchored: boolean;
  readonly runs: number;
  readonly windows: readonly {
    readonly inSample: { readonly from: string; readonly to: string };
    readonly outOfSample: { readonly from: string; readonly to: string };
    readonly inputs: Readonly<Record<string, number>> | null;
    readonly inSampleFigures: WindowFigures | null;
    readonly outOfSampleFigures: WindowFigures | null;
  }[];
  readonly outOfSampleProfit: number;
  readonly outOfSampleTrades: number;
  readonly efficiency: number | null;
  readonly stitched: { readonly time: number[]; readonly equity: number[]; readonly balance: number[] };
}

interface WindowFigures {
  readonly profit: number;
  readonly trades: number;
  readonly profitFactor: number | null;
  readonly drawdownPercent: number;
}

/** The stitched curve as the equity chart draws it: equity as its own low and high, drawdown from its peak. */
function curveOf(s: WalkForwardView["stitched"]): EquityCurveData {
  let peak = Number.NEGATIVE_INFINITY;
  const drawdown = s.equity.map((e) => {
    peak = Math.max(peak, e);
    return peak - e;
  });
  return { time: s.time, balance: s.balance, equityLow: s.equity, equityHigh: s.equity, drawdown };
}

type WindowView = WalkForwardView["windows"][number];

/** The in- and out-of-sample figures of a window, after its dates and inputs: header and cell. */
const FIGURE_COLUMNS: readonly (readonly [string, (w: WindowView) => string])[] = [
  ["In profit", (w) => formatAmount(w.inSampleFigures?.profit)],
  ["In trades", (w) => (w.inSampleFigures ? String(w.inSampleFigures.trades) : "-")],
  ["Out profit", (w) => formatAmount(w.outOfSampleFigures?.profit)],
  ["Out trades", (w) => (w.outOfSampleFigures ? String(w.outOfSampleFigures.trades) : "-")],
  ["Out profit factor", (w) => formatMetric(w.outOfSampleFigures?.profitFactor)],
  ["Out drawdown", (w) => formatPercent(w.outOfSampleFigures?.drawdownPercent)],
];

/** How a trader reads the ratio (Pardo: above about 0.5 the optimisation carries over to unseen data). */
function efficiencyText(e: number | null): string {
  if (e === null) return "no in-sample profit to compare with";
  if (e >= 1) return "the out-of-sample windows earned at least their optimised rate";
  if (e >= 0.5) return "the out-of-sample windows kept most of the optimised rate";
  if (e > 0) return "the out-of-sample windows kept little of the optimised rate";
  return "the out-of-sample windows lost money: the optimisation fitted noise";
}

/**
 * A walk-forward analysis (issue 17 Robustness): its efficiency ratio and out-of-sample totals, each window's
 * dates, chosen inputs and in/out figures as a table, and the stitched out-of-sample equity curve (the results
 * screen's equity chart, rendered on the server).
 */
export function WalkForwardResult({ view }: { view: WalkForwardView }) {
  const curve = useMemo(() => curveOf(view.stitched), [view.stitched]);
  const names = [...new Set(view.windows.flatMap((w) => Object.keys(w.inputs ?? {})))];
  const facts: [string, string][] = [
    [
      "Windows",
      `${view.windows.length} (${view.inSampleDays} days in-sample, ${view.outOfSampleDays} out-of-sample, ${view.anchored ? "anchored" : "rolling"})`,
    ],
    ["Runs", countText(view.runs)],
    ["Out-of-sample net profit", `${formatAmount(view.outOfSampleProfit)} ${view.currency}`],
    ["Out-of-sample trades", countText(view.outOfSampleTrades)],
  ];
  return (
    <section className="card optimise-wf-result" aria-labelledby="wf-title">
      <h2 id="wf-title">
        Walk-forward: {view.symbol} {view.period}
      </h2>
      <p className="wf-efficiency">
        Walk-forward efficiency:{" "}
        <strong data-testid="wf-efficiency">
          {view.efficiency === null ? "-" : formatMetric(view.efficiency)}
        </strong>{" "}
        <span className="muted">({efficiencyText(view.efficiency)})</span>
      </p>
      <Facts facts={facts} />
      <div className="data-table">
        <div className="table-wrap">
          <table aria-label="Walk-forward windows">
            <thead>
              <tr>
                <th scope="col">Window</th>
                <th scope="col">In-sample</th>
                <th scope="col">Out-of-sample</th>
                {names.map((n) => (
                  <th scope="col" key={n} className="align-right">
                    <code>{n}</code>
                  </th>
                ))}
                {FIGURE_COLUMNS.map(([header]) => (
                  <th scope="col" key={header} className="align-right">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.windows.map((w, i) => (
                <tr key={w.outOfSample.from}>
                  <th scope="row">{i + 1}</th>
                  <td>
                    {w.inSample.from} to {w.inSample.to}
                  </td>
                  <td>
                    {w.outOfSample.from} to {w.outOfSample.to}
                  </td>
                  {names.map((n) => (
                    <td key={n} className="align-right">
                      {w.inputs ? formatMetric(w.inputs[n]) : "-"}
                    </td>
                  ))}
                  {FIGURE_COLUMNS.map(([header, cell]) => (
                    <td key={header} className="align-right">
                      {cell(w)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {view.windows.some((w) => w.inputs === null) ? (
        <p className="muted small">
          A window whose in-sample runs made no trade is not traded (its row shows "-").
        </p>
      ) : null}
      <h3>Stitched out-of-sample equity</h3>
      {curve.time.length > 1 ? (
        <EquityChart curve={curve} zone={undefined} />
      ) : (
        <p className="muted">No out-of-sample window traded.</p>
      )}
    </section>
  );
}
