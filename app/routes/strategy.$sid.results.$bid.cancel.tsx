import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { backtestId, isMissingBacktest } from "../components/results/results.server";
import { isMissingStrategy, strategyId } from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";
import { readForm } from "../utils/form.server";

const cancelForm = z.object({
  intent: z.literal("cancel", { message: "Nothing to do: the form asks to cancel." }),
});

/**
 * POST /strategy/{sid}/results/{bid}/cancel (issue 16): the processing banner's Cancel button, a plain form
 * (no JavaScript needed). The run is marked cancelled and stopped (backtests.cancel), then the results page
 * shows it. Another user's backtest is a 404, a bad form a 400; nothing is written for either. A run that
 * already ended is left as it is.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const bid = backtestId(params.bid);
  const form = cancelForm.safeParse(await readForm(request));
  if (!form.success) throw new Response(form.error.issues[0]?.message ?? "Bad request", { status: 400 });
  try {
    await context.services.strategies.backtests.cancel(user.id, sid, bid);
  } catch (e) {
    if (isMissingBacktest(e) || isMissingStrategy(e)) throw new Response("Not Found", { status: 404 });
    throw e;
  }
  return redirect(`/strategy/${sid}/results/${bid}`);
}
