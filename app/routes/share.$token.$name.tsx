import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resultFileResponse, resultFileSchema } from "../components/results/result-files.server";
import { isMissingBacktest } from "../components/results/results.server";

/**
 * GET /share/{token}/{file} (issue 16 Share): the shared result's files (the same ones the owner
 * downloads), signed out; a revoked or unknown link, or an unknown file name, is a 404.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const file = resultFileSchema.safeParse(params.name);
  if (!file.success) throw new Response("Not Found", { status: 404 });
  try {
    const shared = await context.services.strategies.shares.open(params.token ?? "");
    return await resultFileResponse(shared, file.data);
  } catch (e) {
    if (isMissingBacktest(e)) throw new Response("Not Found", { status: 404 });
    throw e;
  }
}
