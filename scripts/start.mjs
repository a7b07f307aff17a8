// `npm start`: build, apply local D1 migrations, seed the demo account and serve on http://127.0.0.1:8787
// through `wrangler dev`, with local D1, R2 and Durable Objects and no outside calls. `--watch` rebuilds on edits.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { localEnv } from "./local-env.mjs";
import { DEMO, seedLocal } from "./seed-local.mjs";

const watch = process.argv.includes("--watch");
const port = process.env.PORT ?? "8787";

function run(cmd, args) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env: localEnv });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

run("npx", ["remix", "build"]);
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"]);
seedLocal();

// A fresh admin token per run protects the admin endpoints (market-data import) of this local server.
const adminToken = process.env.ADMIN_TOKEN ?? randomBytes(18).toString("base64url");

const children = [];
// Each child gets its own process group, so stopping it also stops the node and workerd processes it starts
// (docs/toolchain.md "Processes": stop wrangler dev by its process group, never by name).
const opts = { stdio: "inherit", env: localEnv, detached: true };
if (watch) children.push(spawn("npx", ["remix", "watch"], opts));
const dev = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    port,
    // wrangler.toml is the production configuration; a local run says it is development, which turns on
    // the dev pages (/dev/outbox) and Cloudflare's always-passing Turnstile test keys (worker/env.ts).
    "--var",
    "APP_ENV:development",
    "--var",
    `ADMIN_TOKEN:${adminToken}`,
    "--show-interactive-dev-session=false",
  ],
  opts,
);
children.push(dev);

setTimeout(() => {
  console.log(
    [
      "",
      `  StratForge is starting on http://127.0.0.1:${port}`,
      `  Demo account:  ${DEMO.email}  /  ${DEMO.password}`,
      `  Local mail:    http://127.0.0.1:${port}/dev/outbox`,
      `  Admin token:   ${adminToken}   (for npm run data:import)`,
      "",
    ].join("\n"),
  );
}, 1500);

function stop() {
  for (const c of children) {
    try {
      process.kill(-c.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
dev.on("exit", (code) => {
  stop();
  process.exit(code ?? 0);
});
