import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { eventually, launch, newPage, uniqueEmail } from "./browser.ts";
import { ai, signUpFree, startBacktest, strategyWithCode } from "./results-setup.ts";
import { startServer, type TestServer } from "./server.ts";

/**
 * Issue 16: a long backtest's results page shows the runner's progress (percent and time left, from live
 * events) and a Cancel button that stops the run and shows it cancelled, with JavaScript and without it.
 */

let server: TestServer;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
let sid = "";

/** Two years of H1 at every tick: the Free plan's largest run, many slices long. */
const LONG_RUN_DAYS = 720;

interface Progress {
  btId: string;
  processing: number;
  progress?: number;
  etaSeconds?: number;
  message?: string;
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

async function hydrated(p: Page) {
  await p.waitForSelector("html[data-hydrated='true']", { state: "attached" });
}

before(async () => {
  server = await startServer();
  browser = await launch();
  ({ context: owner, page } = await newPage(browser, { javaScript: true }));
  await signUpFree(page, server.url, uniqueEmail("progress"));
  sid = await strategyWithCode(page);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a long backtest's progress and Cancel", () => {
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
    const watcher = await owner.newPage();
    listen(watcher);
    listen(page);
    await watcher.goto(`${server.url}/strategy/${sid}/results`);
    await hydrated(watcher);
    await page.goto(`${server.url}/strategy/${sid}/results`);
    await hydrated(page);
    // Cancel, sent as the page's script sends it right after the start (a fast machine ends a run in
    // seconds; the button itself is clicked in the no-JavaScript test), then the run's page says so.
    const bid = await startBacktest(page, sid, LONG_RUN_DAYS);
    assert.match(
      JSON.stringify(await ai(page, "strategy/backtest/cancel", { strId: sid, backtestId: bid })),
      /"status":"ok"/,
    );
    await page.goto(`${server.url}/strategy/${sid}/results/${bid}`);
    await hydrated(page);
    await page.waitForSelector(".results-cancelled", { timeout: 10_000 });
    assert.match((await page.textContent(".results-cancelled")) ?? "", /Backtest cancelled\./);
    assert.equal(await page.locator(".results-processing").count(), 0);
    await watcher.close();

    // Honoured: the run never completes behind the user's back, and the strategy runs again at once.
    const again = await ai(page, "strategy/backtest/new", {
      strId: sid,
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
    const view = await ai(page, "strategy/backtest", { strId: sid, backtestId: bid });
    assert.match(JSON.stringify(view), /"processingStatus":"error"/);
    assert.match(JSON.stringify(view), /"cancelled":true/);
    assert.ok(!events.some((e) => e.btId === bid && e.processing === 100));
  });

  it("without JavaScript: the Cancel button is a plain form and the page then says cancelled", async () => {
    // Wait for the previous test's short run to end, then start a long one from the JavaScript page.
    await eventually(async () => {
      const list = JSON.stringify(await ai(page, "strategy/backtests", { strId: sid }));
      assert.doesNotMatch(list, /"status":"processing"/);
    }, 60_000);
    const bid = await startBacktest(page, sid, LONG_RUN_DAYS);
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await owner.storageState(),
      viewport: { width: 1280, height: 860 },
    });
    try {
      const p = await plain.newPage();
      await p.goto(`${server.url}/strategy/${sid}/results/${bid}`);
      await p.waitForSelector(".results-processing");
      await p.click(".results-cancel button");
      await p.waitForURL(`${server.url}/strategy/${sid}/results/${bid}`);
      await p.waitForSelector(".results-cancelled");
      assert.match((await p.textContent(".results-cancelled")) ?? "", /Nothing was charged/);
    } finally {
      await plain.close();
    }
  });
});
