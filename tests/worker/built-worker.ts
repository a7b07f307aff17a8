import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { z } from "zod";
import { ORIGIN } from "./helpers";

/*
 * The BUILT worker's fetch handler called in-process with the test bindings plus an ADMIN_TOKEN.
 * wrangler.toml configures no ADMIN_TOKEN, so SELF (the worker as deployed by the test pool) refuses
 * every admin call; this is the same bundle and the same local R2 with only the secret added. Calls
 * made through it share one module instance, so its isolate caches (manifests) see its own imports.
 */
export const ADMIN_TOKEN = "test-admin-token-0123456789";
const BUILD = "../../build/index.js";

type FetchHandler = (request: Request, env: unknown, ctx: ExecutionContext) => Promise<Response>;
const builtWorker = z.object({
  default: z.object({ fetch: z.custom<FetchHandler>((v) => typeof v === "function") }),
});
const built = builtWorker.parse(await import(/* @vite-ignore */ BUILD));
const adminEnv = { ...env, ADMIN_TOKEN };

/** One request to the built worker with ADMIN_TOKEN set; `path` starts with "/". */
export async function callWithAdmin(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await built.default.fetch(new Request(`${ORIGIN}${path}`, init), adminEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
