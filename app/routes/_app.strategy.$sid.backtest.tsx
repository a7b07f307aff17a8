import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import {
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { BACKTEST_LIMITS } from "../../worker/services";
import { BacktestBanner } from "../components/strategies/backtest-banner";
import {
  backtestFailure,
  isBacktestBusy,
  isBacktestGone,
} from "../components/strategies/backtest-errors.server";
import { BacktestForm } from "../components/strategies/backtest-form";
import { BacktestHistory, type BacktestRow } from "../components/strategies/backtest-history";
import { isMissingStrategy, notFound, strategyId } from "../components/strategies/strategies.server";
import { uiStylesheet } from "../components/ui/styles";
import codeBacktestCss from "../styles/code-backtest.css?url";
import { requireSubscriber } from "../utils/auth.server";
import { defaultFormValues, isoDay, postedValues } from "../utils/backtest-form";
import { parseBacktestForm, symbolOptions } from "../utils/backtest-form.server";
import { readForm } from "../utils/form.server";
import { processingStatus } from "../utils/format";
import { useLiveEvents } from "../utils/live-events";
import type { StrategyLoader } from "./_app.strategy.$sid";

export const links = () => [uiStylesheet, { rel: "stylesheet", href: codeBacktestCss }];

/**
 * The backtest page (spec 2 s2): the newest backtest's banner, the form (defaults computed here, so the page
 * is complete without JavaScript) and the history.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  const service = context.services.strategies.backtests;
  try {
    const list = await service.list(user.id, id);
    const first = list[0];
    let newest = null;
    if (first) {
      const status = processingStatus(first.processing);
      const progress =
        status === "processing" ? (await service.get(user.id, id, Number(first.backtestId))).progress : 0;
      newest = { backtestId: first.backtestId, status, processing: first.processing, progress };
    }
    const rows: BacktestRow[] = list.map((b) => ({
      strId: String(id),
      backtestId: b.backtestId,
      created: Date.parse(b.created),
      processing: b.processing,
      profitability: b.results?.totalNetProfit ?? undefined,
      averageWin: b.results?.averageProfitTrade ?? undefined,
      averageLoss: b.results?.averageLossTrade ?? undefined,
      maxDrawdown: b.results?.balanceDrawdownMaxPercent ?? undefined,
      profitFactor: b.results?.profitFactor ?? undefined,
      sharpeRatio: b.results?.sharpeRatio ?? undefined,
      totalTrades: b.results?.totalTrades ?? undefined,
      description: b.description,
    }));
    const now = Date.now();
    return {
      strId: String(id),
      newest,
      rows,
      symbols: symbolOptions(),
      defaults: defaultFormValues(now),
      today: isoDay(now),
      firstDay: BACKTEST_LIMITS.firstDay,
    };
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    throw e;
  }
}

/** The page again without the flags a post consumes, keeping the table's paging and sorting. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}

const BACKTEST_ID = /^\d{1,15}$/;

/** Create (the form) and delete (history's Confirm, the error banner's Remove). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  const values = await readForm(request);
  const service = context.services.strategies.backtests;

  if (values.intent === "delete") {
    const backtestId = values.backtestId ?? "";
    if (!BACKTEST_ID.test(backtestId)) return redirect(backTo(request));
    try {
      await service.remove(user.id, id, Number(backtestId));
    } catch (e) {
      if (isMissingStrategy(e)) throw notFound();
      if (isBacktestBusy(e))
        return data({ kind: "delete" as const, deleteError: backtestFailure(e).message }, 409);
      // Already gone (another tab deleted it): the page simply shows the list as it is.
      if (!isBacktestGone(e)) throw e;
    }
    return redirect(backTo(request));
  }

  const now = Date.now();
  const shown = postedValues(values, defaultFormValues(now));
  const parsed = parseBacktestForm(values, isoDay(now));
  if (!parsed.ok)
    return data(
      { kind: "create" as const, values: shown, errors: parsed.errors, message: null, pending: false },
      400,
    );
  let created: { backtestId: string };
  try {
    created = await context.services.strategies.backtests.create(user, id, parsed.input);
  } catch (e) {
    if (isMissingStrategy(e)) throw notFound();
    const failure = backtestFailure(e);
    return data(
      {
        kind: "create" as const,
        values: shown,
        errors: failure.errors,
        message: failure.message,
        pending: failure.pending,
      },
      failure.status,
    );
  }
  // Spec 2 s4: a created backtest takes the user to its results, where its progress arrives live.
  return redirect(`/strategy/${id}/results/${created.backtestId}`);
}

interface LiveProgress {
  btId: string;
  processing: number;
  progress: number;
}

export default function BacktestPage() {
  const page = useLoaderData<typeof loader>();
  const parent = useRouteLoaderData<StrategyLoader>("routes/_app.strategy.$sid");
  const actionData = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const location = useLocation();
  const [live, setLive] = useState<LiveProgress | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new load object is the trigger
  useEffect(() => setLive(null), [page]);

  useLiveEvents((event) => {
    if (event.type !== "strategy-backtest-processing" || event.strId !== page.strId) return;
    const known = page.rows.some((r) => r.backtestId === event.btId);
    if (event.processing >= 100 || !known) {
      // Finished (or started in another tab): the stored row, with its results, replaces the live figures.
      if (revalidator.state === "idle") revalidator.revalidate();
    }
    // The newest one, or one newer than the page knows (its progress arrives before the page reloads).
    const newer = !known && Number(event.btId) > Number(page.newest?.backtestId ?? 0);
    if (event.btId === page.newest?.backtestId || newer)
      setLive({ btId: event.btId, processing: event.processing, progress: event.progress ?? 0 });
  });

  if (parent && !parent.strategy.hasCode) return <p className="tab-message">Algo code not found</p>;

  // Until the page has reloaded, a just-submitted backtest is shown from the submission and its live events.
  const submitted = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const liveNewer = live && !page.rows.some((r) => r.backtestId === live.btId) ? live : null;
  const newest = liveNewer
    ? { backtestId: liveNewer.btId, processing: liveNewer.processing, progress: liveNewer.progress }
    : submitted
      ? { backtestId: "", processing: 0, progress: 0 }
      : page.newest;
  const current = newest && live?.btId === newest.backtestId ? live : null;
  const processingCode = current ? current.processing : newest?.processing;
  const status = processingCode === undefined ? null : processingStatus(processingCode);
  const creating = actionData?.kind === "create" ? actionData : null;
  const deleting = actionData?.kind === "delete" ? actionData : null;

  return (
    <div className="backtest-page">
      {newest && status ? (
        <BacktestBanner
          backtestId={newest.backtestId}
          status={status}
          processing={current ? current.processing : newest.processing}
          progress={current ? current.progress : newest.progress}
          refreshHref={`${location.pathname}${location.search}`}
        />
      ) : null}
      {status === "completed" && newest ? (
        <p className="backtest-done">
          Your latest backtest is complete.{" "}
          <Link to={`/strategy/${page.strId}/results/${newest.backtestId}`}>View Backtest</Link>
        </p>
      ) : null}
      {/* Spec 2 s2: no new backtest while the newest one runs. */}
      {status === "processing" ? null : (
        <BacktestForm
          symbols={page.symbols}
          values={creating?.values ?? page.defaults}
          errors={creating?.errors ?? {}}
          message={creating?.message ?? null}
          accountLink={creating?.pending ?? false}
          today={page.today}
          firstDay={page.firstDay}
        />
      )}
      {page.rows.length > 0 ? (
        <BacktestHistory rows={page.rows} deleteError={deleting?.deleteError ?? null} />
      ) : null}
    </div>
  );
}
