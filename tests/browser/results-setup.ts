// A signed-up Free user with one strategy from an example prompt, its code generated and a backtest started
// through the JSON API from the page (the session cookie rides along), for the results screen's tests and
// scripts/measure-results.ts.

import type { BrowserContext, Page } from "playwright-core";
import { newPage, uniqueEmail } from "./browser.ts";
import {
  chooseFreeAndContinue,
  createFromExample,
  hydrated,
  type Session,
  signUpForm,
  started,
  startSession,
} from "./session.ts";

/** A new account on the Free plan, past the welcome page, on the new-strategy form. */
export async function signUpFree(page: Page, base: string, email: string) {
  await signUpForm(page, base, email, "Results Trader");
  await chooseFreeAndContinue(page, base);
}

/** POST /ai/{action} from the page: same origin, with the session cookie. */
export async function ai(page: Page, action: string, body: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ action, body }) => {
      const res = await fetch(`/ai/${action}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    { action, body },
  );
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && key in value
    ? Object.getOwnPropertyDescriptor(value, key)?.value
    : undefined;
}

function okData(answer: unknown): unknown {
  if (field(answer, "status") !== "ok") throw new Error(`API error: ${JSON.stringify(answer)}`);
  return field(answer, "data");
}

/** The strategy from the example prompt (the New Strategy form), with its code ready: its id. */
export async function strategyWithCode(page: Page): Promise<string> {
  const sid = await createFromExample(page, new URL(page.url()).origin);
  await hydrated(page);
  // The example gives no exit, and the assistant asks for one instead of inventing it: answer it,
  // so the backtest trades often enough to page its tables. The first turn may still be running
  // (the strategy is busy), so retry for a while.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await ai(page, "strategy/update", {
      strId: sid,
      instructions: "Close on the opposite cross.",
    });
    if (field(answer, "status") === "ok") break;
    if (Date.now() > deadline) throw new Error(`exit turn failed: ${JSON.stringify(answer)}`);
    await page.waitForTimeout(500);
  }
  for (;;) {
    const answer = await ai(page, "strategy/code", { strId: sid });
    if (field(answer, "status") === "ok") break;
    if (Date.now() > deadline) throw new Error(`code generation failed: ${JSON.stringify(answer)}`);
    await page.waitForTimeout(500);
  }
  okData(await ai(page, "strategy/code/complete", { strId: sid }));
  return sid;
}

/** The date `offset` days from today, as the forms and the API take it (YYYY-MM-DD). */
export function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * What the results, optimise and progress files start from: a new Free trader (an address made from `prefix`)
 * in the session's browser with JavaScript on, and a strategy whose code is ready. The trader's context (for
 * its cookies), its page and the strategy's id.
 */
export async function traderWithStrategy(
  session: Session,
  prefix: string,
): Promise<{ owner: BrowserContext; page: Page; sid: string }> {
  const { context: owner, page } = await newPage(session.browser, { javaScript: true });
  await signUpFree(page, session.server.url, uniqueEmail(prefix));
  const sid = await strategyWithCode(page);
  return { owner, page, sid };
}

export interface TraderSession extends Session {
  /** The trader's context (JavaScript on): its cookies sign in the file's other pages. */
  readonly owner: BrowserContext;
  readonly page: Page;
  /** The strategy's id. */
  readonly sid: string;
}

/**
 * startSession and, in its before(), traderWithStrategy, then the file's own `setUp` (a backtest, the inputs
 * to optimise): the server, the browser and the trader's context, page and strategy, read inside tests.
 */
export function startTrader(prefix: string, setUp?: (trader: TraderSession) => Promise<void>): TraderSession {
  let made: Awaited<ReturnType<typeof traderWithStrategy>> | undefined;
  const session = startSession(undefined, async (s) => {
    made = await traderWithStrategy(s, prefix);
    await setUp?.(trader);
  });
  const trader: TraderSession = {
    get server() {
      return session.server;
    },
    get browser() {
      return session.browser;
    },
    get owner() {
      return started(made).owner;
    },
    get page() {
      return started(made).page;
    },
    get sid() {
      return started(made).sid;
    },
  };
  return trader;
}

/** Starts a backtest (EURUSD H1 over the last `days` days): its id. */
export async function startBacktest(page: Page, sid: string, days = 60): Promise<string> {
  const data = okData(
    await ai(page, "strategy/backtest/new", {
      strId: sid,
      description: "results screen",
      symbol: "EURUSD",
      period: "H1",
      dateStart: day(-days),
      dateEnd: day(-1),
      executionMode: 0,
      model: 0,
      depositAmount: 10000,
      depositCurrency: "USD",
    }),
  );
  const bid = field(data, "backtestId");
  if (typeof bid !== "string") throw new Error(`no backtest id: ${JSON.stringify(data)}`);
  return bid;
}

/** Opens a results page once its run has finished (the processing banner gone), fresh from the server. */
export async function finishedResults(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator(".results-processing").waitFor({ state: "detached", timeout: 90_000 });
  await page.goto(url);
}

/** A headline figure of the results page as shown, e.g. "Total Net Profit". */
export async function figure(page: Page, label: string): Promise<string> {
  return (
    (await page
      .locator(".metric", { has: page.locator("dt", { hasText: label }) })
      .locator("dd")
      .first()
      .textContent()) ?? ""
  ).trim();
}
