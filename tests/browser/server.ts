// Starts the real worker under `wrangler dev` with a fresh local D1/R2/DO state for one browser test file,
// on its own port, so test files never share users or rate-limit counters.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * `vars` are passed to `wrangler dev --var`, e.g. to run one file with real-looking Turnstile keys; `prepare`
 * runs on the migrated state directory before the server starts (e.g. `npm start`'s demo seed).
 */
export async function startServer(
  opts: { vars?: Record<string, string>; prepare?: (stateDir: string) => void } = {},
): Promise<TestServer> {
  const state = mkdtempSync(join(tmpdir(), "sf-browser-"));
  const migrate = spawnSync(
    "npx",
    ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state],
    {
      env,
      encoding: "utf8",
    },
  );
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr}`);
  opts.prepare?.(state);
  const port = await freePort();
  const child: ChildProcess = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
      // wrangler.toml is the production configuration; tests run as development (dev pages, test keys).
      ...Object.entries({ APP_ENV: "development", ...opts.vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
    ],
    { env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  // If the test process dies before stop() (an uncaught error, a killed run), its server must not outlive it.
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  process.once("exit", killGroup);
  let log = "";
  child.stdout?.on("data", (d) => {
    log += String(d);
  });
  child.stderr?.on("data", (d) => {
    log += String(d);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/sign/in`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      process.off("exit", killGroup);
      killGroup();
      await new Promise((r) => setTimeout(r, 300));
      rmSync(state, { recursive: true, force: true });
    },
  };
}
