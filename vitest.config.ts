import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { startFakeFeed } from "./tests/fake-feed/server";
import { startFakeStripe } from "./tests/fake-stripe/server";

// Two projects (docs/toolchain.md "Tests in workerd"): pure libraries in Node, and the built worker inside workerd
// with real local D1, R2 and Durable Objects.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  // The FAKE Stripe API the worker tests reach over a real socket (DESIGN D8: a fake only at the network edge).
  const fakeStripe = await startFakeStripe();
  // The FAKE tick datafeed (issue 18): .bi5 hour files the tests build, served over a real socket.
  const fakeFeed = await startFakeFeed();
  return {
    test: {
      projects: [
        {
          test: {
            name: "node",
            environment: "node",
            // A limit against hangs, not a speed check (speed is measured in `npm run bench`): CI runs the
            // suites in parallel on 2 cores, where a cold property test or demo-data generation can take seconds.
            testTimeout: 60_000,
            include: [
              "worker/**/*.test.ts",
              "scripts/**/*.test.ts",
              "app/**/*.test.ts",
              // The MQL5 parity harness (issue 13): g++ and the shared EURUSD data, in Node.
              "tests/mql5-runtime/**/*.test.ts",
            ],
          },
        },
        {
          plugins: [
            cloudflareTest({
              main: "./build/index.js",
              wrangler: { configPath: "./wrangler.toml" },
              // wrangler.toml is the production configuration; the tests run as APP_ENV=test, which gives the
              // dev pages and the always-passing Turnstile test secret (worker/env.ts withDevDefaults).
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  APP_ENV: "test",
                  FAKE_STRIPE_PORT: String(fakeStripe.port),
                  FAKE_FEED_PORT: String(fakeFeed.port),
                },
              },
            }),
          ],
          test: {
            name: "workers",
            testTimeout: 60_000,
            hookTimeout: 60_000,
            include: ["tests/worker/**/*.test.ts"],
            setupFiles: ["./tests/worker/setup.ts"],
          },
        },
      ],
    },
  };
});
