import { Form, useSearchParams } from "@remix-run/react";
import { formatAmount, formatPercent } from "../../utils/format";
import { FanChart, type FanStep } from "../charts/fan-chart";
import { described, Field, FormError } from "../ui/fields";
import type { MonteCarloFields, MonteCarloView } from "./monte-carlo.server";

/** The form's fields: the service's names, their query parameters (backtest-monte-carlo.ts) and texts. */
const FIELDS: readonly { field: MonteCarloFields; label: string }[] = [
  { field: "runs", label: "Runs" },
  { field: "seed", label: "Seed" },
  { field: "skipPercent", label: "Skipped trades (%)" },
  { field: "spreadPoints", label: "Extra spread (points)" },
  { field: "slippagePoints", label: "Extra slippage (points)" },
];

const count = new Intl.NumberFormat("en-US");

/**
 * Monte Carlo on this backtest (issue 17 Robustness): a GET form (so it runs without JavaScript and the URL
 * can be shared), then the percentile bands of the final balance and the maximal drawdown as a table and the
 * balance's bands over the trades as a chart, both rendered on the server.
 */
export function MonteCarloPanel({ view, currency }: { view: MonteCarloView; currency: string }) {
  const [search] = useSearchParams();
  const ours = new Set<string>(Object.values(view.params));
  const kept = [...search.entries()].filter(([k]) => !ours.has(k));
  const { limits, result } = view;
  const placeholders: Record<MonteCarloFields, string> = {
    runs: String(limits.runs.default),
    seed: String(limits.seed.default),
    skipPercent: String(limits.skipPercent.default),
    spreadPoints: "symbol's spread",
    slippagePoints: "symbol's spread",
  };
  return (
    <div className="monte-carlo">
      <h3>Monte Carlo</h3>
      <p className="muted">
        Replays this backtest's trades many times in a random order, skipping some and paying extra spread and
        slippage on each, to show how much of the result is the luck of its order and its fills.
      </p>
      <FormError>{view.error}</FormError>
      <Form method="get" className="monte-carlo-form" preventScrollReset aria-label="Monte Carlo">
        {kept.map(([k, v]) => (
          <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
        ))}
        {FIELDS.map((f) => {
          const id = `mc-${f.field}`;
          const error = view.errors[f.field];
          return (
            <Field key={f.field} id={id} label={f.label} error={error}>
              <input
                id={id}
                name={view.params[f.field]}
                type="text"
                inputMode="decimal"
                defaultValue={result ? String(result.settings[f.field]) : view.values[f.field]}
                placeholder={placeholders[f.field]}
                {...described(id, error)}
              />
            </Field>
          );
        })}
        <button type="submit" className="button primary">
          Run Monte Carlo
        </button>
      </Form>
      <p className="muted small">
        {count.format(limits.runs.min)} to {count.format(limits.runs.max)} runs; up to{" "}
        {limits.skipPercent.max}% of trades skipped; extra spread and slippage are drawn between 0 and the
        points given, per trade.
      </p>
      {result ? <MonteCarloResult result={result} currency={currency} /> : null}
    </div>
  );
}

function MonteCarloResult({
  result,
  currency,
}: {
  result: NonNullable<MonteCarloView["result"]>;
  currency: string;
}) {
  const rows = result.finalBalance.map((b, i) => ({
    percentile: b.percentile,
    balance: b.value,
    drawdown: result.maxDrawdown[i]?.value ?? Number.NaN,
    drawdownPercent: result.maxDrawdownPercent[i]?.value ?? Number.NaN,
  }));
  const n = result.trades;
  const steps: FanStep[] = [
    { x: 0, bands: result.finalBalance.map((b) => ({ percentile: b.percentile, value: result.deposit })) },
    ...result.fan.map((bands, s) => ({
      x: Math.max(1, Math.round(((s + 1) * n) / result.fan.length)),
      bands,
    })),
  ];
  const median = rows.find((r) => r.percentile === 50) ?? rows[Math.floor(rows.length / 2)];
  const low = rows[0];
  const high = rows[rows.length - 1];
  const summary = `Balance over ${count.format(n)} trades in ${count.format(result.runs)} runs: median ending ${formatAmount(median.balance)}, ${low.percentile}% of runs below ${formatAmount(low.balance)}, ${100 - high.percentile}% above ${formatAmount(high.balance)}.`;
  return (
    <section className="monte-carlo-result" aria-labelledby="mc-result-title">
      <h4 id="mc-result-title">
        {count.format(result.runs)} runs of {count.format(n)} trades
      </h4>
      <p data-testid="mc-loss">
        Chance of ending below the {formatAmount(result.deposit)} {currency} deposit:{" "}
        <strong>{formatPercent(result.lossProbability * 100)}</strong>
      </p>
      <div className="data-table monte-carlo-bands">
        <div className="table-wrap">
          <table aria-label="Monte Carlo percentiles">
            <thead>
              <tr>
                <th scope="col" className="align-right">
                  Percentile
                </th>
                <th scope="col" className="align-right">
                  Final balance ({currency})
                </th>
                <th scope="col" className="align-right">
                  Maximal drawdown ({currency})
                </th>
                <th scope="col" className="align-right">
                  Maximal drawdown (%)
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.percentile} data-percentile={r.percentile}>
                  <th scope="row" className="align-right">
                    {r.percentile}%
                  </th>
                  <td className="align-right">{formatAmount(r.balance)}</td>
                  <td className="align-right">{formatAmount(r.drawdown)}</td>
                  <td className="align-right">{formatPercent(r.drawdownPercent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <p className="muted small">
        A percentile is the value that share of runs stayed at or below: the 5% final balance is a bad
        outcome, the 95% drawdown a bad one. Seed {result.settings.seed};{" "}
        {formatPercent(result.settings.skipPercent)} of trades skipped; up to {result.settings.spreadPoints}{" "}
        points of extra spread and {result.settings.slippagePoints} of slippage per trade.
      </p>
      <FanChart steps={steps} xLabel="Trade" yLabel={`Balance (${currency})`} summary={summary} />
      <p className="muted small fan-legend">
        <span className="fan-swatch outer" aria-hidden="true" /> {low.percentile}% to {high.percentile}% of
        runs <span className="fan-swatch inner" aria-hidden="true" /> {rows[1]?.percentile}% to{" "}
        {rows[rows.length - 2]?.percentile}% <span className="fan-swatch median" aria-hidden="true" /> median
      </p>
    </section>
  );
}
