import { SELF } from "cloudflare:test";
import { z } from "zod";
import { type LiveEvent, liveEventSchema } from "../../worker/events";
import { AppError } from "../../worker/http/errors";
import { data } from "./answers";
import { chooseFree, envelope, ORIGIN, signUp, uniqueIp } from "./helpers";

export const STRATEGY_TEXT =
  "Trade EURUSD on H1. Buy when the 10 SMA crosses above the 30 SMA, sell when it crosses below. Stop loss 30 pips, take profit 60 pips, 0.1 lots.";

/** POST /ai/{action} with the session cookie, as the strategy pages call it. */
export async function ai(action: string, body: unknown, cookie: string | null) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: ORIGIN,
    "cf-connecting-ip": uniqueIp(),
  };
  if (cookie) headers.cookie = cookie;
  const res = await SELF.fetch(`${ORIGIN}/ai/${action}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  return { status: res.status, body: envelope.parse(await res.json()) };
}

export async function freeUser(): Promise<string> {
  const { cookie } = await signUp();
  const res = await chooseFree(cookie);
  if (res.status >= 400) throw new Error(`free plan refused: ${res.status}`);
  return cookie;
}

/** A live-event socket of the user: every parsed event, and a wait for the one a test expects. */
export async function connect(cookie: string) {
  const res = await SELF.fetch(`${ORIGIN}/ai/connect`, { headers: { Upgrade: "websocket", cookie } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no socket: ${res.status}`);
  ws.accept();
  const events: LiveEvent[] = [];
  const waiters: { pred: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  ws.addEventListener("message", (m) => {
    if (typeof m.data !== "string") return;
    const parsed = liveEventSchema.safeParse(JSON.parse(m.data));
    if (!parsed.success) return;
    events.push(parsed.data);
    for (const w of [...waiters]) {
      if (w.pred(parsed.data)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(parsed.data);
      }
    }
  });
  function waitFor(pred: (e: LiveEvent) => boolean, ms = 20_000): Promise<LiveEvent> {
    const seen = events.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no matching event in ${ms} ms: ${JSON.stringify(events.map((e) => e.type))}`)),
        ms,
      );
      waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }
  return { ws, events, waitFor, close: () => ws.close(1000, "done") };
}

export function today(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** The AppError a service call refuses with; fails the test when it succeeds. */
export async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

/** A backtest's settings with the form's defaults over the last 20 days (spec 2 s3, s9), as the runner stores them. */
export function backtestInputs(overrides: Record<string, unknown> = {}) {
  return {
    symbol: "EURUSD",
    period: "H1",
    dateStart: today(-20),
    dateEnd: today(-1),
    executionMode: 0,
    model: 0,
    depositAmount: 10000,
    depositCurrency: "USD",
    ...overrides,
  };
}

/** The Create New Backtest request: backtestInputs for a strategy, with a description. */
export function backtestRequest(strId: string, overrides: Record<string, unknown> = {}) {
  return { strId, description: "first", ...backtestInputs(overrides) };
}

/** A strategy of the user's with generated code, through the JSON API as a trader would. */
export async function strategyWithCode(cookie: string, title = "Results"): Promise<string> {
  const { strId } = z
    .object({ strId: z.string() })
    .parse(data(await ai("strategy/new", { title, description: "d" }, cookie)));
  data(await ai("strategy/update", { strId, instructions: STRATEGY_TEXT }, cookie));
  data(await ai("strategy/code", { strId }, cookie));
  data(await ai("strategy/code/complete", { strId }, cookie));
  return strId;
}

/** A one-month H1 backtest of `strId`, polled until it has completed. */
export async function completedBacktest(
  cookie: string,
  strId: string,
  description = "for the screen",
): Promise<string> {
  const { backtestId } = z
    .object({ backtestId: z.string() })
    .parse(
      data(
        await ai(
          "strategy/backtest/new",
          backtestRequest(strId, { description, dateStart: today(-45), model: 3 }),
          cookie,
        ),
      ),
    );
  const deadline = Date.now() + 50_000;
  for (;;) {
    const bt = z
      .object({ processing: z.number() })
      .parse(data(await ai("strategy/backtest", { strId, backtestId }, cookie)));
    if (bt.processing === 100) return backtestId;
    if (bt.processing === 200 || Date.now() > deadline) throw new Error(`backtest ended ${bt.processing}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
