import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { optimisationId, passNumber, runSetFile } from "../components/optimise/optimise.server";
import { isMissingStrategy, strategyId } from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";

/**
 * GET /strategy/{sid}/optimise/{oid}/set?pass=N (issue 17): the run's inputs as an MT5 .set file, a download
 * (Export .set). A missing or malformed pass is a 400; another user's optimisation a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const sid = strategyId(params.sid);
  const oid = optimisationId(params.oid);
  const pass = passNumber(new URL(request.url).searchParams.get("pass"));
  if (pass === null) throw new Response("Name the run to export: ?pass=N.", { status: 400 });
  try {
    const file = await runSetFile(context, user, sid, oid, pass);
    return new Response(file.text, {
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (e) {
    if (isMissingStrategy(e)) throw new Response("Not Found", { status: 404 });
    throw e;
  }
}
