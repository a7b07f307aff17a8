import { applyD1Migrations, env } from "cloudflare:test";

// The same migrations `wrangler d1 migrations apply` runs, applied to the test's local D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
