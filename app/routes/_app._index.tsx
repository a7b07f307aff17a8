import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MyStrategiesView, type StrategyRow } from "../components/strategies/my-strategies";
import { hasSeenWelcome, renameSchema, strategyId } from "../components/strategies/strategies.server";
import { strategiesStylesheet } from "../components/strategies/styles";
import { uiStylesheet } from "../components/ui/styles";
import { requireSubscriber } from "../utils/auth.server";
import { readForm } from "../utils/form.server";

export const meta: MetaFunction = () => [{ title: "My Strategies · StratForge" }];
export const links = () => [uiStylesheet, strategiesStylesheet];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const list = await context.services.strategies.list(user.id);
  if (list.length === 0 && !hasSeenWelcome(request)) throw redirect("/welcome");
  // Missing metrics are undefined, not null, so the table sorts them last (data-table.tsx).
  const rows: StrategyRow[] = list.map((s) => ({
    strId: s.strId,
    title: s.title,
    updated: Date.parse(s.updated),
    status: s.backtest?.processing ?? null,
    backtestId: s.backtest?.status === "completed" ? s.backtest.backtestId : null,
    profitability: s.backtest?.results?.totalNetProfit ?? undefined,
    averageWin: s.backtest?.results?.averageProfitTrade ?? undefined,
    averageLoss: s.backtest?.results?.averageLossTrade ?? undefined,
    maxDrawdown: s.backtest?.results?.balanceDrawdownMaxPercent ?? undefined,
    profitFactor: s.backtest?.results?.profitFactor ?? undefined,
  }));
  return { rows };
}

/** The page without the flags a post consumes, so the redirect keeps paging and sorting. */
function backTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  url.searchParams.delete("edit");
  url.searchParams.delete("index");
  return `${url.pathname}${url.search}`;
}

/** Archive (the Delete confirmation) and inline rename; spec 2 s8: their failures are silently ignored. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const values = await readForm(request);
  const strategies = context.services.strategies;
  try {
    const id = strategyId(values.strId);
    if (values.intent === "archive") await strategies.archive(user.id, id);
    if (values.intent === "rename") {
      const parsed = renameSchema.safeParse(values);
      if (parsed.success) await strategies.rename(user.id, id, parsed.data);
    }
  } catch {
    // Spec 2 s8: list, archive and title-update failures show no message; the list shows what is stored.
  }
  return redirect(backTo(request));
}

export default function MyStrategies() {
  const { rows } = useLoaderData<typeof loader>();
  return <MyStrategiesView rows={rows} />;
}
