import type { Env, PublicConfig } from "../worker/env";
import type { Services } from "../worker/services";

// DESIGN D9: app/ reaches services only through the Remix load context built in worker/index.ts.
declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    services: Services;
    publicConfig: PublicConfig;
    cspNonce: string;
  }
}

// Single fetch (remix.config.js future flag) changes how loader and action data are typed.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
