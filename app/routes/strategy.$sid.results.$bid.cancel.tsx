import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { backtestId, isMissingBacktest } from "../components/results/results.server";
import { isMissingStrategy, strategyId } from "../components/strategies/strategies.server";
import { cancelRunAction } from "../utils/cancel-run.server";

/**
 * POST /strategy/{sid}/results/{bid}/cancel (issue 16): the processing banner's Cancel. The run is marked
 * cancelled and stopped (backtests.cancel), then the results page shows it. Another user's backtest is a 404,
 * a bad form a 400; nothing is written for either. A run that already ended is left as it is.
 */
export function action(args: ActionFunctionArgs) {
  return cancelRunAction(args, {
    ids: () => ({ sid: strategyId(args.params.sid), bid: backtestId(args.params.bid) }),
    cancel: (user, { sid, bid }) => args.context.services.strategies.backtests.cancel(user.id, sid, bid),
    isMissing: (e) => isMissingBacktest(e) || isMissingStrategy(e),
    back: ({ sid, bid }) => `/strategy/${sid}/results/${bid}`,
  });
}
