import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import type { SessionUser } from "../../worker/services";
import { requireSubscriber } from "./auth.server";
import { readForm } from "./form.server";

const cancelForm = z.object({
  intent: z.literal("cancel", { message: "Nothing to do: the form asks to cancel." }),
});

/** What one Cancel route supplies: how to read its ids, stop its run, spot a missing one, and where to go next. */
export type CancelRun<Ids> = {
  ids: () => Ids;
  cancel: (user: SessionUser, ids: Ids) => Promise<unknown>;
  isMissing: (e: unknown) => boolean;
  back: (ids: Ids) => string;
};

/**
 * The action behind a progress banner's Cancel (a plain form, no JavaScript needed), shared by backtests and
 * optimisations: a subscriber only, ids checked, then a form asking to cancel (else 400, nothing written);
 * another user's run is a 404; afterwards the run's page shows what is left.
 */
export async function cancelRunAction<Ids>(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  run: CancelRun<Ids>,
): Promise<Response> {
  const user = await requireSubscriber(request, context);
  const ids = run.ids();
  const form = cancelForm.safeParse(await readForm(request));
  if (!form.success) throw new Response(form.error.issues[0]?.message ?? "Bad request", { status: 400 });
  try {
    await run.cancel(user, ids);
  } catch (e) {
    if (run.isMissing(e)) throw new Response("Not Found", { status: 404 });
    throw e;
  }
  return redirect(run.back(ids));
}
