import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { eventually, newPage, uniqueEmail } from "./browser.ts";
import { hydrated, liveFrames, newTraderStrategy, startSession } from "./session.ts";

// The code tab and the backtest page (spec 2 s2, s4) in Chromium, with JavaScript on and off.

const session = startSession();

/** Sign-up, Free plan, the welcome page's Continue, then a strategy from the first example prompt. */
async function strategyFromExample(page: Page, javaScript: boolean): Promise<string> {
  const email = uniqueEmail(javaScript ? "cb-js" : "cb-nojs");
  const sid = await newTraderStrategy(page, session.server.url, email, "Code Trader", javaScript);
  await page.locator(".chat-agent").first().waitFor();
  return sid;
}

describe("JavaScript on", () => {
  it("generates code under the overlay, runs a backtest and watches it finish live", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    const frames = liveFrames(page);
    const sid = await strategyFromExample(page, true);
    await hydrated(page);
    await page.click("nav[aria-label=Strategy] a:has-text('Generate Code')");
    await page.waitForURL(`${session.server.url}/strategy/${sid}/code`);
    await page.locator("button:has-text('Generate Code')").waitFor();
    // A marker on the document survives only if the page is never reloaded.
    await page.evaluate(() => {
      document.documentElement.dataset.marker = "still-here";
    });
    await page.click("button:has-text('Generate Code')");
    const overlay = page.locator(".code-overlay");
    await overlay.getByText("Generating Your EA").waitFor();
    await overlay.getByText("Please wait as we complete the final steps of code generation").waitFor();
    // Ready: the bar is full, the choices show, and the highlighted code has loaded behind the overlay.
    await overlay.locator("button:has-text('Run backtest later')").waitFor();
    await eventually(async () =>
      assert.equal(await overlay.locator("[role=progressbar]").getAttribute("aria-valuenow"), "100"),
    );
    await page.locator(".code-viewer[data-highlighted=true] .tok-preprocessor").first().waitFor();
    assert.ok((await page.locator(".code-viewer .tok-keyword").count()) > 0);
    assert.ok((await page.locator(".code-viewer .code-line").count()) > 20);
    assert.equal(await page.getAttribute("html", "data-marker"), "still-here");

    await overlay.getByRole("button", { name: "Run Backtest", exact: true }).click();
    await page.waitForURL(`${session.server.url}/strategy/${sid}/backtest`);
    const form = page.locator("section.backtest-form");
    await form.getByText("Create New Backtest").waitFor();
    assert.equal(await page.inputValue("#bt-symbol"), "EURUSD");
    assert.equal(await page.inputValue("#bt-period"), "H1");
    assert.equal(await page.inputValue("#bt-deposit"), "10000");
    // The custom delay appears only when chosen, and takes the focus.
    assert.equal(await page.locator("#bt-custom-delay").count(), 0);
    await page.selectOption("#bt-delay", "-2");
    await eventually(async () =>
      assert.equal(await page.evaluate(() => document.activeElement?.id), "bt-custom-delay"),
    );
    await page.selectOption("#bt-delay", "0");
    // Issue 11: the server's messages for a start after the end and a zero deposit, then (spec 2 s4) they
    // clear as soon as another field changes.
    const start = await page.inputValue("#bt-start");
    const end = await page.inputValue("#bt-end");
    await page.fill("#bt-start", end);
    await page.fill("#bt-end", start);
    await page.fill("#bt-deposit", "0");
    await form.locator("button:has-text('Run Backtest')").click();
    const startError = page.locator("#bt-start-error");
    await eventually(async () =>
      assert.equal(await startError.textContent(), "The start date must not be after the end date."),
    );
    assert.equal(await page.textContent("#bt-deposit-error"), "The deposit must be more than 0.");
    assert.equal(await page.inputValue("#bt-deposit"), "0", "the typed values stay");
    await page.selectOption("#bt-period", "H4");
    await eventually(async () => assert.equal(await startError.count(), 0));
    assert.equal(await page.locator("#bt-deposit-error").count(), 0);
    await page.fill("#bt-start", start);
    await page.fill("#bt-end", end);
    await page.fill("#bt-deposit", "10000");
    await page.selectOption("#bt-period", "H1");
    // The defaults run in about a second on demo data: every banner the page shows is recorded as it happens.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { seenBanners: seen });
      new MutationObserver(() => {
        for (const el of document.querySelectorAll(".backtest-banner, .results-processing")) {
          const text = el.textContent ?? "";
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await form.locator("button:has-text('Run Backtest')").click();
    // Spec 2 s4: the new backtest's results, which turn from progress to the report without a reload.
    await page.waitForURL(new RegExp(`/strategy/${sid}/results/\\d+$`));
    await page.getByText("Backtest completed!").waitFor({ timeout: 240_000 });
    await page.click("nav[aria-label=Strategy] a:has-text('Backtest')");
    await page.waitForURL(`${session.server.url}/strategy/${sid}/backtest`);

    const history = page.locator("table[aria-label='Backtest History']");
    await history.locator("td", { hasText: "Completed" }).waitFor({ timeout: 240_000 });
    await history.locator("a:has-text('View Backtest')").first().waitFor();
    assert.equal(await page.getByText("Backtesting in Progress...").count(), 0);
    const banners = await page.evaluate(() =>
      "seenBanners" in window && Array.isArray(window.seenBanners) ? window.seenBanners.map(String) : [],
    );
    assert.ok(
      banners.some((b) =>
        /Backtesting in Progress\.\.\.|Preparing backtest|Backtest in progress|Preparing reports/.test(b),
      ),
      `the progress banner showed: ${JSON.stringify(banners)}`,
    );
    const steps = frames.filter((f) => f.includes('"strategy-backtest-processing"'));
    assert.ok(
      steps.some((f) => f.includes('"processing":1')),
      "step events arrived on the socket",
    );
    assert.ok(
      steps.some((f) => f.includes('"processing":100')),
      "the completion arrived on the socket",
    );
    assert.equal(await page.getAttribute("html", "data-marker"), "still-here");

    // Back on the code tab: the download is str-{id}.mq5 and reads like MQL5; the install guide opens and closes.
    await page.click("nav[aria-label=Strategy] a:has-text('Code')");
    await page.waitForURL(`${session.server.url}/strategy/${sid}/code`);
    const download = page.waitForEvent("download");
    await page.click("a:has-text('Download EA')");
    const file = await download;
    assert.equal(file.suggestedFilename(), `str-${sid}.mq5`);
    const text = await readFile(await file.path(), "utf8");
    assert.match(text.slice(0, 400), /^\/\/|#property/m);
    assert.match(text, /void OnTick\(\)/);

    await page.click("a:has-text('Install Guide')");
    const dialog = page.locator("[role=dialog]", { hasText: "MQL5" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });
});

describe("JavaScript off", () => {
  it("generates code, runs a backtest and deletes it through the confirm dialog", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    const sid = await strategyFromExample(page, false);
    await page.goto(`${session.server.url}/strategy/${sid}/code`);
    await page.click("button:has-text('Generate Code')");
    await page.waitForURL(`${session.server.url}/strategy/${sid}/code`);
    await page.getByText("Generating Your EA").waitFor();
    await page.getByRole("button", { name: "Run Backtest", exact: true }).click();
    await page.waitForURL(`${session.server.url}/strategy/${sid}/backtest`);

    // A short range with 1 minute OHLC keeps the run quick.
    const start = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    await page.fill("#bt-start", start);
    await page.selectOption("#bt-model", "2");
    await page.fill("#bt-description", "no script");
    await page.click("section.backtest-form button:has-text('Run Backtest')");
    await page.waitForURL(new RegExp(`/strategy/${sid}/results/\\d+$`));
    await page.goto(`${session.server.url}/strategy/${sid}/backtest`);
    const history = page.locator("table[aria-label='Backtest History']");
    await eventually(async () => {
      if (await page.getByText("Backtesting in Progress...").count()) {
        await page.click("a:has-text('Refresh')");
        await page.waitForLoadState();
      }
      assert.equal(await history.locator("td", { hasText: "Completed" }).count(), 1);
    }, 60_000);
    await history.locator("td", { hasText: "no script" }).waitFor();

    await page.click("a:has-text('Delete Backtest')");
    const dialog = page.locator("[role=dialog]");
    await dialog.getByText("Are you sure you want to delete this backtest?").waitFor();
    await dialog.getByText("This action can not be undone").waitFor();
    await dialog.locator("a:has-text('Cancel')").click();
    await dialog.waitFor({ state: "detached" });
    await page.click("a:has-text('Delete Backtest')");
    await dialog.locator("button:has-text('Confirm')").click();
    await page.waitForURL(`${session.server.url}/strategy/${sid}/backtest`);
    await page.locator("section.backtest-form").waitFor();
    assert.equal(await page.locator("table[aria-label='Backtest History']").count(), 0);

    // The viewer loads lazily with scripts; without them a link brings the code with the page.
    await page.goto(`${session.server.url}/strategy/${sid}/code`);
    assert.equal(await page.getByText("Loading code...").isVisible(), false);
    await page.click("a:has-text('Show the code')");
    await page.locator(".code-viewer .code-line", { hasText: "#property" }).first().waitFor();
    await context.close();
  });
});
