import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { api, CARDS } from "./billing-helpers.ts";
import { eventually, newPage, plainPageOf, uniqueEmail } from "./browser.ts";
import { ai, signUpFree, startBacktest, startTrader, strategyWithCode } from "./results-setup.ts";
import { hydrated } from "./session.ts";

/**
 * Issue 16: a long backtest's results page shows the runner's progress (percent and time left, from live
 * events) and a Cancel button that stops the run and shows it cancelled, with JavaScript and without it.
 */

const trader = startTrader("progress");

/** Two years of H1 at every tick: the Free plan's largest run, many slices long. */
const LONG_RUN_DAYS = 720;

/**
 * Eight years of H1 at every tick (Pro allows ten): long enough on any machine for the runner to send many
 * progress events (one at least every half second) before it ends, so the bar is seen moving.
 */
const PROGRESS_RUN_DAYS = 8 * 365;

interface Progress {
  btId: string;
  processing: number;
  progress?: number;
  etaSeconds?: number;
  message?: string;
}

/** Free -> Pro through the payment page's calls (sandbox card): Pro allows the long run. */
async function upgradeToPro(p: Page) {
  const text = (v: unknown, k: string) => {
    const found = Object.getOwnPropertyDescriptor(v, k)?.value;
    if (typeof found !== "string") throw new Error(`no ${k} in ${JSON.stringify(v)}`);
    return found;
  };
  const init = await api(p, trader.server.url, "payment/initiate", {
    type: "upgrade",
    id: "pro-monthly-usd",
  });
  const card = await api(p, trader.server.url, "sandbox/card", {
    number: CARDS.visa,
    expMonth: 12,
    expYear: 2034,
    cvc: "123",
  });
  await api(p, trader.server.url, "sandbox/confirm_payment", {
    clientSecret: text(init, "clientSecret"),
    paymentMethodId: text(card, "paymentMethodId"),
  });
  const done = await api(p, trader.server.url, "payment/confirm", {
    type: "upgrade",
    id: "pro-monthly-usd",
    paymentData: { paymentIntentId: text(init, "paymentIntentId") },
  });
  assert.equal(text(done, "status"), "succeeded");
}

function asProgress(text: string): Progress | null {
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null) return null;
  const get = (k: string): unknown => Object.getOwnPropertyDescriptor(value, k)?.value;
  if (get("type") !== "strategy-backtest-processing") return null;
  const btId = get("btId");
  const processing = get("processing");
  if (typeof btId !== "string" || typeof processing !== "number") return null;
  const progress = get("progress");
  const eta = get("etaSeconds");
  const message = get("message");
  return {
    btId,
    processing,
    ...(typeof progress === "number" ? { progress } : {}),
    ...(typeof eta === "number" ? { etaSeconds: eta } : {}),
    ...(typeof message === "string" ? { message } : {}),
  };
}

describe("a long backtest's progress and Cancel", () => {
  it("with JavaScript: the bar follows the live progress events, with the time left", async () => {
    const { context, page: p } = await newPage(trader.browser, { javaScript: true });
    try {
      await signUpFree(p, trader.server.url, uniqueEmail("progress-bar"));
      await upgradeToPro(p);
      const own = await strategyWithCode(p);
      const events: Progress[] = [];
      p.on("websocket", (ws) => {
        ws.on("framereceived", (frame) => {
          if (typeof frame.payload !== "string") return;
          const e = asProgress(frame.payload);
          if (e) events.push(e);
        });
      });
      await p.goto(`${trader.server.url}/strategy/${own}/results`);
      await hydrated(p);
      const bid = await startBacktest(p, own, PROGRESS_RUN_DAYS);
      await p.goto(`${trader.server.url}/strategy/${own}/results/${bid}`);
      await hydrated(p);
      await p.waitForSelector(".results-processing");
      // Bar values seen, each beside the last event heard then: the bar must reach each event's percent.
      const seen: { bar: number; event: number }[] = [];
      await eventually(async () => {
        const mine = events.filter((e) => e.btId === bid && e.processing === 1 && e.progress !== undefined);
        const done = events.some((e) => e.btId === bid && e.processing === 100);
        assert.ok(
          !done || seen.length >= 2,
          `the run ended before the bar was seen moving: ${JSON.stringify(seen)}`,
        );
        const last = mine.at(-1)?.progress;
        const bar = Number(await p.getAttribute("[role=progressbar]", "aria-valuenow", { timeout: 1_000 }));
        if (last !== undefined && seen.at(-1)?.event !== last) seen.push({ bar, event: last });
        assert.ok(seen.length >= 3, `progress events seen by the bar: ${JSON.stringify(seen)}`);
        // Moving forwards with the events, never behind the one before it (the bar also ticks on its own).
        for (const [i, s] of seen.entries()) {
          if (i > 0) assert.ok(s.event > seen[i - 1].event, `events went back: ${JSON.stringify(seen)}`);
          if (i > 0) assert.ok(s.bar >= seen[i - 1].event - 1, `bar behind: ${JSON.stringify(seen)}`);
        }
        assert.ok((seen.at(-1)?.bar ?? 0) > (seen[0]?.bar ?? 0), `bar did not move: ${JSON.stringify(seen)}`);
        const text = await p.textContent(".progress-text", { timeout: 1_000 });
        assert.match(text ?? "", /\d+%.*left/);
      }, 120_000);
      assert.ok(events.some((e) => e.btId === bid && e.etaSeconds !== undefined));
      // Stopped so that it does not slow the next tests (Cancel itself is asserted below).
      await ai(p, "strategy/backtest/cancel", { strId: own, backtestId: bid });
    } finally {
      await context.close();
    }
  });

  it("with JavaScript: Cancel stops the run at once, the page says so, the strategy runs again", async () => {
    const events: Progress[] = [];
    const listen = (p: Page) =>
      p.on("websocket", (ws) => {
        ws.on("framereceived", (frame) => {
          if (typeof frame.payload !== "string") return;
          const e = asProgress(frame.payload);
          if (e) events.push(e);
        });
      });
    // A second tab stays on the strategy's results list with its socket open, so it hears the run's events
    // from the first (the first tab loses some while it navigates to the run's page).
    const watcher = await trader.owner.newPage();
    listen(watcher);
    listen(trader.page);
    await watcher.goto(`${trader.server.url}/strategy/${trader.sid}/results`);
    await hydrated(watcher);
    await trader.page.goto(`${trader.server.url}/strategy/${trader.sid}/results`);
    await hydrated(trader.page);
    // Cancel, sent as the page's script sends it right after the start (a fast machine ends a run in
    // seconds; the button itself is clicked in the no-JavaScript test), then the run's page says so.
    const bid = await startBacktest(trader.page, trader.sid, LONG_RUN_DAYS);
    assert.match(
      JSON.stringify(
        await ai(trader.page, "strategy/backtest/cancel", { strId: trader.sid, backtestId: bid }),
      ),
      /"status":"ok"/,
    );
    await trader.page.goto(`${trader.server.url}/strategy/${trader.sid}/results/${bid}`);
    await hydrated(trader.page);
    await trader.page.waitForSelector(".results-cancelled", { timeout: 10_000 });
    assert.match((await trader.page.textContent(".results-cancelled")) ?? "", /Backtest cancelled\./);
    assert.equal(await trader.page.locator(".results-processing").count(), 0);
    await watcher.close();

    // Honoured: the run never completes behind the user's back, and the strategy runs again at once.
    const again = await ai(trader.page, "strategy/backtest/new", {
      strId: trader.sid,
      description: "after cancel",
      symbol: "EURUSD",
      period: "H1",
      dateStart: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10),
      dateEnd: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      executionMode: 0,
      model: 0,
      depositAmount: 10000,
      depositCurrency: "USD",
    });
    assert.match(JSON.stringify(again), /"status":"ok"/);
    const view = await ai(trader.page, "strategy/backtest", { strId: trader.sid, backtestId: bid });
    assert.match(JSON.stringify(view), /"processingStatus":"error"/);
    assert.match(JSON.stringify(view), /"cancelled":true/);
    assert.ok(!events.some((e) => e.btId === bid && e.processing === 100));
  });

  it("without JavaScript: the Cancel button is a plain form and the page then says cancelled", async () => {
    // Wait for the previous test's short run to end, then start a long one from the JavaScript page.
    await eventually(async () => {
      const list = JSON.stringify(await ai(trader.page, "strategy/backtests", { strId: trader.sid }));
      assert.doesNotMatch(list, /"status":"processing"/);
    }, 60_000);
    // Pro's eight years: a fast machine ends the Free plan's two years before the plain page's click lands,
    // and a run that has ended rightly says so instead of "cancelled".
    await upgradeToPro(trader.page);
    const bid = await startBacktest(trader.page, trader.sid, PROGRESS_RUN_DAYS);
    const { context: plain, page: p } = await plainPageOf(trader.browser, trader.owner);
    try {
      await p.goto(`${trader.server.url}/strategy/${trader.sid}/results/${bid}`);
      await p.waitForSelector(".results-processing");
      await p.click(".results-cancel button");
      await p.waitForURL(`${trader.server.url}/strategy/${trader.sid}/results/${bid}`);
      await p.waitForSelector(".results-cancelled");
      assert.match((await p.textContent(".results-cancelled")) ?? "", /Nothing was charged/);
    } finally {
      await plain.close();
    }
  });
});
