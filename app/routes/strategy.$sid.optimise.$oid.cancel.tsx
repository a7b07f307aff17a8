import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { cancelOptimisation, optimisationId } from "../components/optimise/optimise.server";
import { isMissingStrategy, strategyId } from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";
import { readForm } from "../utils/form.server";

const cancelForm = z.object({
  intent: z.literal("cancel", { message: "Nothing to do: the form asks to cancel." }),
});

/**
 * POST /strategy/{sid}/optimise/{oid}/cancel (issue 17): the progress banner's Cancel, a plain form (no
 * JavaScript needed). The optimisation stops between runs, keeping the runs made; the page then shows it.
 * Another user's optimisation is a 404, a bad form a 400; one that already ended is left as it is.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const oid = optimisationId(params.oid);
  const form = cancelForm.safeParse(await readForm(request));
  if (!form.success) throw new Response(form.error.issues[0]?.message ?? "Bad request", { status: 400 });
  try {
    await cancelOptimisation(context, user, sid, oid);
  } catch (e) {
    if (isMissingStrategy(e)) throw new Response("Not Found", { status: 404 });
    throw e;
  }
  return redirect(`/strategy/${sid}/optimise/${oid}`);
}
