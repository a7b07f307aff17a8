import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { REPORT_LABELS } from "../../worker/engine/report";
import { CompareChart } from "../components/charts/compare-chart";
import { chartLinks } from "../components/charts/links";
import { isMissingBacktest, RESULT_SECTIONS } from "../components/results/results.server";
import { resultsStylesheet } from "../components/results/styles";
import { isMissingStrategy, notFound, strategyId } from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Compare backtests · StratForge" }];
export const links: LinksFunction = () => [...chartLinks(), resultsStylesheet];

const PICK_MESSAGE = "Pick two to four completed backtests to compare.";

const picked = z
  .array(z.string().regex(/^\d{1,15}$/))
  .min(2)
  .max(4);

/**
 * GET /strategy/{sid}/compare?b=1&b=2 (issue 16 Compare): two to four of the strategy's completed backtests
 * with their report figures side by side. A GET form of checkboxes, so it works without JavaScript; any
 * other pick (one, five, another user's or a running backtest) shows the message and no figures.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const backtests = context.services.strategies.backtests;
  try {
    const all = (await backtests.list(user.id, sid)).filter((b) => b.status === "completed");
    const raw = [...new Set(new URL(request.url).searchParams.getAll("b"))];
    const ids = picked.safeParse(raw);
    const known = new Set(all.map((b) => b.backtestId));
    if (raw.length === 0) return { all, chosen: [], columns: [], message: null };
    if (!ids.success || !ids.data.every((id) => known.has(id))) {
      return { all, chosen: raw, columns: [], message: PICK_MESSAGE };
    }
    const columns = await Promise.all(
      ids.data.map(async (id) => {
        const bt = all.find((b) => b.backtestId === id);
        const [results, stored] = await Promise.all([
          backtests
            .results(user.id, sid, Number(id), "results")
            .then((v) => RESULT_SECTIONS.results.parse(v)),
          // The curves are an extra: a summary that cannot be read leaves its line out, not the figures.
          backtests
            .results(user.id, sid, Number(id), "summary")
            .then((v) => RESULT_SECTIONS.summary.parse(v).equityCurve ?? null)
            .catch(() => null),
        ]);
        // Only the balance column travels: the overlay draws balances.
        const curve = stored ? { time: stored.time, balance: stored.balance } : null;
        return { id, inputs: bt?.inputs ?? null, description: bt?.description ?? "", results, curve };
      }),
    );
    return { all, chosen: ids.data, columns, message: null };
  } catch (e) {
    if (isMissingStrategy(e) || isMissingBacktest(e)) throw notFound();
    throw e;
  }
}

export default function CompareBacktests() {
  const { all, chosen, columns, message } = useLoaderData<typeof loader>();
  return (
    <div className="card compare">
      <h2>Compare backtests</h2>
      <Form method="get" className="compare-pick">
        <fieldset>
          <legend>Backtests (two to four)</legend>
          {all.map((b) => (
            <label key={b.backtestId} className="compare-option">
              <input
                type="checkbox"
                name="b"
                value={b.backtestId}
                defaultChecked={chosen.includes(b.backtestId)}
              />{" "}
              #{b.backtestId} {b.inputs.symbol} {b.inputs.period} {b.inputs.dateStart} - {b.inputs.dateEnd}
              {b.description ? ` · ${b.description}` : ""}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button primary">
          Compare
        </button>
      </Form>
      {message ? <p className="form-error">{message}</p> : null}
      {columns.length > 0 ? <CompareCurves columns={columns} /> : null}
      {columns.length > 0 ? (
        <div className="table-scroll">
          <table className="compare-table" aria-label="Comparison">
            <thead>
              <tr>
                <th scope="col">Figure</th>
                {columns.map((c) => (
                  <th key={c.id} scope="col">
                    #{c.id} {c.inputs ? `${c.inputs.symbol} ${c.inputs.period}` : ""}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {REPORT_LABELS.map((label) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {columns.map((c) => (
                    <td key={c.id} className="num">
                      {Object.hasOwn(c.results, label) ? c.results[label] : "-"}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

type Column = ReturnType<typeof useLoaderData<typeof loader>>["columns"][number];

const columnLabel = (c: Column) =>
  `#${c.id}${c.inputs ? ` ${c.inputs.symbol} ${c.inputs.period} ${c.inputs.dateStart} - ${c.inputs.dateEnd}` : ""}`;

/** The runs' server time zone when they share one, else null (each curve is on its own run's clock). */
function commonZone(columns: readonly Column[]): string | undefined | null {
  const zones = new Set(columns.map((c) => c.inputs?.timeZone ?? "UTC"));
  return zones.size === 1 ? [...zones][0] : null;
}

/** The picked backtests' balance curves overlaid; a result stored before the curves existed is named. */
function CompareCurves({ columns }: { columns: readonly Column[] }) {
  const series = columns.flatMap((c) =>
    c.curve && c.curve.time.length > 0 ? [{ id: c.id, label: columnLabel(c), ...c.curve }] : [],
  );
  const missing = columns.filter((c) => !c.curve || c.curve.time.length === 0);
  return (
    <section className="compare-curves" aria-label="Balance curves">
      {series.length > 0 ? <CompareChart series={series} zone={commonZone(columns)} /> : null}
      {missing.length > 0 ? (
        <p className="muted">
          No balance curve stored for {missing.map((c) => `#${c.id}`).join(", ")}: run it again to draw it.
        </p>
      ) : null}
    </section>
  );
}
