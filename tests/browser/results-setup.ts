// A signed-up Free user with one strategy from an example prompt, its code generated and a backtest started
// through the JSON API from the page (the session cookie rides along), for the results screen's tests and
// scripts/measure-results.ts.
import type { Page } from "playwright-core";
import { chooseFreeAndContinue, createFromExample, hydrated, signUpForm } from "./session.ts";

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

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
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
