/**
 * End-to-end bench of a backtest (issue 6): the built worker under `wrangler dev` (real local D1, R2, the
 * BacktestRunner and UserHub Durable Objects), driven over HTTP and a WebSocket as the browser drives it.
 * Times `strategy/backtest/new` to the `strategy-backtest-processing` event with processing 100 for one year of
 * EURUSD H1 demo data at every tick: cold (demo months generated and stored on first read) and warm (a second
 * run reading the stored chunks). Needs the build (`npm run build`, done here when build/index.js is missing).
 * Run alone: `npx tsx scripts/bench/live.ts`.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { startServer } from "../../tests/browser/server";
import { liveEventSchema } from "../../worker/events";

const STRATEGY =
  "Trade EURUSD on H1. Buy when the 10 SMA crosses above the 30 SMA, sell when it crosses below. Stop loss 30 pips, take profit 60 pips, 0.1 lots.";
const TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

// Node 22's WebSocket (undici) takes request headers (the session cookie) in its second argument; the DOM
// typings this project compiles against only know the subprotocol form.
type NodeWebSocket = new (url: string, init: { headers: Record<string, string> }) => WebSocket;
const SocketWithHeaders = WebSocket as unknown as NodeWebSocket;

const envelope = z.union([
  z.object({ status: z.literal("ok"), data: z.unknown() }),
  z.object({ status: z.literal("error"), errorCode: z.string(), errorMessage: z.string().optional() }),
]);

function line(name: string, value: string, goal: string, ok: boolean): void {
  console.log(`${name.padEnd(58)} ${value.padStart(12)}   goal ${goal.padEnd(10)} ${ok ? "ok" : "MISSED"}`);
}

async function session(url: string) {
  let cookie = "";
  async function post(path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0] ?? "";
    const answer = envelope.parse(await res.json());
    if (answer.status !== "ok") throw new Error(`${path}: ${answer.errorCode} ${answer.errorMessage ?? ""}`);
    return answer.data;
  }
  const email = `bench-${Date.now().toString(36)}@example.com`;
  await post("/api/sign/up", {
    name: "Bench",
    email,
    password: "correct horse battery",
    turnstileToken: TOKEN,
  });
  await post("/api/subscribe/initiate", { pid: "free-monthly-usd" });
  return { post, cookie: () => cookie };
}

export async function bench(): Promise<void> {
  if (!existsSync("build/index.js")) {
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) throw new Error("build failed");
  }
  const server = await startServer();
  try {
    const s = await session(server.url);
    const { strId } = z
      .object({ strId: z.string() })
      .parse(await s.post("/ai/strategy/new", { title: "Bench", description: STRATEGY }));
    await s.post("/ai/strategy/update", { strId, instructions: STRATEGY });
    await s.post("/ai/strategy/code", { strId });
    await s.post("/ai/strategy/code/complete", { strId });

    const ws = new SocketWithHeaders(`${server.url.replace("http", "ws")}/ai/connect`, {
      headers: { cookie: s.cookie(), origin: server.url },
    });
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener("open", () => resolve(), { once: true });
      ws.addEventListener("error", () => reject(new Error("socket failed")), { once: true });
    });
    const completed = (backtestId: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no completed event in 120 s")), 120_000);
        ws.addEventListener("message", (m) => {
          const parsed = liveEventSchema.safeParse(JSON.parse(String(m.data)));
          if (!parsed.success || parsed.data.type !== "strategy-backtest-processing") return;
          if (parsed.data.btId !== backtestId) return;
          if (parsed.data.processing === 200) reject(new Error("the backtest failed"));
          if (parsed.data.processing === 100) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
    const run = async () => {
      const t0 = performance.now();
      const { backtestId } = z.object({ backtestId: z.coerce.string() }).parse(
        await s.post("/ai/strategy/backtest/new", {
          strId,
          description: "bench",
          symbol: "EURUSD",
          period: "H1",
          dateStart: "2024-01-01",
          dateEnd: "2024-12-31",
          executionMode: 0,
          model: 0,
          depositAmount: 10_000,
          depositCurrency: "USD",
        }),
      );
      await completed(backtestId);
      return performance.now() - t0;
    };
    const cold = await run();
    line(
      "wrangler dev: backtest/new -> completed event (cold)",
      `${cold.toFixed(0)} ms`,
      "< 8 s",
      cold < 8_000,
    );
    const warm = await run();
    line(
      "wrangler dev: backtest/new -> completed event (warm)",
      `${warm.toFixed(0)} ms`,
      "< 3 s",
      warm < 3_000,
    );
    ws.close(1000, "done");
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await bench();
