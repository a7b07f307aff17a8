import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resultFileResponse, resultFileSchema } from "../components/results/result-files.server";
import { backtestId, isMissingBacktest } from "../components/results/results.server";
import { isMissingStrategy, strategyId } from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";

/**
 * GET /strategy/{sid}/results/{bid}/file/{name}: the result's files (issue 16 exports) as plain downloads,
 * so the links work without JavaScript. Only the owner's completed backtests; an unknown name is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const bid = backtestId(params.bid);
  const file = resultFileSchema.safeParse(params.name);
  if (!file.success) throw new Response("Not Found", { status: 404 });
  const backtests = context.services.strategies.backtests;
  try {
    const bt = await backtests.get(user.id, sid, bid);
    if (bt.processingStatus !== "completed") {
      return new Response("The backtest has no results yet.", { status: 409 });
    }
    return await resultFileResponse(
      {
        bt,
        section: (name) => backtests.results(user.id, sid, bid, name),
        spec: () => backtests.spec(user.id, sid, bid),
      },
      file.data,
    );
  } catch (e) {
    if (isMissingBacktest(e) || isMissingStrategy(e)) throw new Response("Not Found", { status: 404 });
    throw e;
  }
}
