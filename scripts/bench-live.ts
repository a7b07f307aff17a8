/**
 * What the end-to-end benches (scripts/bench/live*.ts) share: a user on the running `wrangler dev` (tests/browser
 * server: fresh local state, so no demo month is generated yet), a strategy with ready code, the live-event
 * socket, and "Run backtest" timed to the `strategy-backtest-processing` event with processing 100.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { z } from "zod";
import { liveEventSchema } from "../worker/events";

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

export function line(name: string, value: string, goal: string, ok: boolean): void {
  console.log(`${name.padEnd(64)} ${value.padStart(12)}   goal ${goal.padEnd(10)} ${ok ? "ok" : "MISSED"}`);
}

export function ensureBuilt(): void {
  if (existsSync("build/index.js")) return;
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("build failed");
}

export interface BacktestAsk {
  symbol: string;
  period: string;
  dateStart: string;
  dateEnd: string;
  model: number;
}

/** A signed-up user on `plan` ("free" or a paid pid bought through the sandbox card form), code ready. */
export async function benchUser(url: string, plan: "free" | "quant") {
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
  const email = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  await post("/api/sign/up", {
    name: "Bench",
    email,
    password: "correct horse battery",
    turnstileToken: TOKEN,
  });
  if (plan === "free") {
    await post("/api/subscribe/initiate", { pid: "free-monthly-usd" });
  } else {
    const init = z
      .object({ clientSecret: z.string(), paymentId: z.string() })
      .parse(await post("/api/subscribe/checkout/initiate", { pid: "quant-monthly-usd" }));
    const card = z.object({ paymentMethodId: z.string() }).parse(
      await post("/api/sandbox/card", {
        number: "4242424242424242",
        expMonth: 12,
        expYear: 2099,
        cvc: "123",
      }),
    );
    await post("/api/sandbox/confirm_payment", {
      clientSecret: init.clientSecret,
      paymentMethodId: card.paymentMethodId,
    });
    await post("/api/subscribe/checkout/confirm", { paymentId: init.paymentId });
  }
  const { strId } = z
    .object({ strId: z.string() })
    .parse(await post("/ai/strategy/new", { title: "Bench", description: STRATEGY }));
  await post("/ai/strategy/update", { strId, instructions: STRATEGY });
  await post("/ai/strategy/code", { strId });
  await post("/ai/strategy/code/complete", { strId });

  const ws = new SocketWithHeaders(`${url.replace("http", "ws")}/ai/connect`, {
    headers: { cookie, origin: url },
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve(), { once: true });
    ws.addEventListener("error", () => reject(new Error("socket failed")), { once: true });
  });
  const completed = (backtestId: string, onEvent?: (e: unknown) => void) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no completed event in 300 s")), 300_000);
      ws.addEventListener("message", (m) => {
        const parsed = liveEventSchema.safeParse(JSON.parse(String(m.data)));
        if (!parsed.success || parsed.data.type !== "strategy-backtest-processing") return;
        if (parsed.data.btId !== backtestId) return;
        onEvent?.(parsed.data);
        if (parsed.data.processing === 200) {
          clearTimeout(timer);
          reject(new Error(`the backtest failed: ${parsed.data.message ?? ""}`));
        }
        if (parsed.data.processing === 100) {
          clearTimeout(timer);
          resolve();
        }
      });
    });

  /** "Run backtest": resolves with the ms from the request to the completed event. */
  async function backtest(ask: BacktestAsk, onEvent?: (e: unknown) => void): Promise<number> {
    const t0 = performance.now();
    const { backtestId } = z.object({ backtestId: z.coerce.string() }).parse(
      await post("/ai/strategy/backtest/new", {
        strId,
        description: "bench",
        executionMode: 0,
        depositAmount: 10_000,
        depositCurrency: "USD",
        ...ask,
      }),
    );
    await completed(backtestId, onEvent);
    return performance.now() - t0;
  }
  /** Resolves with the first live event `accept` takes (the optimisation bench waits on its own events). */
  function until(accept: (e: unknown) => boolean, timeoutMs = 600_000): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no awaited event in ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      ws.addEventListener("message", (m) => {
        if (!accept(JSON.parse(String(m.data)))) return;
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return { backtest, post, strId, until, close: () => ws.close(1000, "done") };
}
