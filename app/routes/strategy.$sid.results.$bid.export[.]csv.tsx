import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { backtestId, exportReport } from "../components/results/results.server";
import { strategyId } from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";

/** GET /strategy/{sid}/results/{bid}/export.csv: the report as a CSV file (spec 2 s2 'Results & Export'). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const bid = backtestId(params.bid);
  return exportReport(context.services.strategies.backtests, user.id, sid, bid, "csv");
}
