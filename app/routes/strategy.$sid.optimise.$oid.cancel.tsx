import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { cancelOptimisation, optimisationId } from "../components/optimise/optimise.server";
import { isMissingStrategy, strategyId } from "../components/strategies/strategies.server";
import { cancelRunAction } from "../utils/cancel-run.server";

/**
 * POST /strategy/{sid}/optimise/{oid}/cancel (issue 17): the progress banner's Cancel. The optimisation stops
 * between runs, keeping the runs made; the page then shows it. Another user's optimisation is a 404, a bad
 * form a 400; one that already ended is left as it is.
 */
export function action(args: ActionFunctionArgs) {
  return cancelRunAction(args, {
    ids: () => ({ sid: strategyId(args.params.sid), oid: optimisationId(args.params.oid) }),
    cancel: (user, { sid, oid }) => cancelOptimisation(args.context, user, sid, oid),
    isMissing: isMissingStrategy,
    back: ({ sid, oid }) => `/strategy/${sid}/optimise/${oid}`,
  });
}
