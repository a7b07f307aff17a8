import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../../worker/env";

// `env` from cloudflare:test is typed as Cloudflare.Env in this version of the plugin. worker-configuration.d.ts
// declares Cloudflare.Env from wrangler.toml with untyped Durable Object namespaces; the worker's own Env (and
// the test-only bindings) are merged in, and the namespaces restated so the worker's typed ones win.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      USER_HUB: WorkerEnv["USER_HUB"];
      BACKTEST_RUNNER: WorkerEnv["BACKTEST_RUNNER"];
      OPTIMISE_COORDINATOR: WorkerEnv["OPTIMISE_COORDINATOR"];
      OPTIMISE_WORKER: WorkerEnv["OPTIMISE_WORKER"];
      TEST_MIGRATIONS: D1Migration[];
      // The FAKE Stripe server of tests/fake-stripe/server.ts (started by vitest.config.ts).
      FAKE_STRIPE_PORT: string;
      // The FAKE tick datafeed of tests/fake-feed/server.ts.
      FAKE_FEED_PORT: string;
    }
  }
}
