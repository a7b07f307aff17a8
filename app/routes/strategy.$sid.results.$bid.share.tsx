import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { AppError } from "../../worker/http";
import { backtestId, isMissingBacktest } from "../components/results/results.server";
import { isMissingStrategy, strategyId } from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";
import { readForm } from "../utils/form.server";

const shareForm = z.object({ intent: z.enum(["create", "revoke"]) });

/**
 * POST /strategy/{sid}/results/{bid}/share (issue 16 Share): the owner makes the backtest's read-only link
 * (`intent=create`) or revokes it (`intent=revoke`), then returns to the results page (a plain form, no
 * JavaScript needed). Another user's backtest is a 404; a bad intent a 400; nothing is written for either.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const bid = backtestId(params.bid);
  const form = shareForm.safeParse(await readForm(request));
  if (!form.success) throw new Response("Choose create or revoke.", { status: 400 });
  const shares = context.services.strategies.shares;
  try {
    if (form.data.intent === "create") await shares.create(user.id, sid, bid);
    else await shares.revoke(user.id, sid, bid);
  } catch (e) {
    if (isMissingBacktest(e) || isMissingStrategy(e)) throw new Response("Not Found", { status: 404 });
    if (e instanceof AppError && e.code === "BACKTEST_NOT_COMPLETED") {
      throw new Response(e.message, { status: 409 });
    }
    throw e;
  }
  return redirect(`/strategy/${sid}/results/${bid}#share`);
}
