import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import { eventually, newPage, uniqueEmail } from "./browser.ts";
import { chooseFreeAndContinue, hydrated, liveFrames, signUpForm, startSession } from "./session.ts";

// The whole first visit of a new trader, through the screens only (issue #7's acceptance): sign up, Free,
// an example prompt, the assistant's reply and outline, code generation in the overlay, a backtest whose
// progress arrives live, every results tab and chart, the candle replay, the EA download, archive and restore.

const session = startSession();

describe("a new trader's journey, JavaScript on", () => {
  it("goes from sign-up to a played-back backtest, a downloaded EA, and an archived then restored strategy", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    const frames = liveFrames(page);

    // Sign up and choose Free.
    await signUpForm(page, session.server.url, uniqueEmail("journey"), "Journey Trader");
    await chooseFreeAndContinue(page, session.server.url);

    // An example prompt, then the assistant's reply and the outline on the build tab.
    await hydrated(page);
    await page.click("a:has-text('Go long when the 6 MA crosses the 12 MA.')");
    await eventually(async () =>
      assert.equal(await page.inputValue("#description"), "Go long when the 6 MA crosses the 12 MA."),
    );
    await page.click("button:has-text('Create Strategy')");
    await page.waitForURL(/\/strategy\/\d+\/build$/);
    const sid = /\/strategy\/(\d+)\/build$/.exec(page.url())?.[1] ?? "";
    assert.ok(sid, page.url());
    await page.locator(".chat-user", { hasText: "Go long when the 6 MA crosses the 12 MA." }).waitFor();
    await page.locator(".chat-agent").first().waitFor();
    await eventually(async () => {
      const outline = (await page.textContent(".outline-text")) ?? "";
      assert.match(outline, /6/);
      assert.match(outline, /12/);
    });

    // Code generation in the overlay, then Run Backtest.
    await hydrated(page);
    await page.click("nav[aria-label=Strategy] a:has-text('Generate Code')");
    await page.waitForURL(`${session.server.url}/strategy/${sid}/code`);
    await page.click("button:has-text('Generate Code')");
    const overlay = page.locator(".code-overlay");
    await overlay.getByText("Generating Your EA").waitFor();
    await overlay.getByRole("button", { name: "Run Backtest", exact: true }).waitFor();
    assert.equal(await overlay.locator("[role=progressbar]").count(), 1);
    await page.locator(".code-viewer .code-line").first().waitFor();
    await overlay.getByRole("button", { name: "Run Backtest", exact: true }).click();
    await page.waitForURL(`${session.server.url}/strategy/${sid}/backtest`);

    // The backtest with the form's defaults: its results page fills in from live events, never reloaded.
    await page.locator("section.backtest-form").getByText("Create New Backtest").waitFor();
    assert.equal(await page.inputValue("#bt-symbol"), "EURUSD");
    await hydrated(page);
    await page.evaluate(() => {
      document.documentElement.dataset.marker = "one-document";
    });
    await page.click("section.backtest-form button:has-text('Run Backtest')");
    await page.waitForURL(new RegExp(`/strategy/${sid}/results/\\d+$`));
    const bid = /\/results\/(\d+)$/.exec(page.url())?.[1] ?? "";
    await page.getByText("Backtest completed!").waitFor({ timeout: 240_000 });
    assert.equal(await page.getAttribute("html", "data-marker"), "one-document");
    const progress = frames.filter(
      (f) => f.includes('"strategy-backtest-processing"') && f.includes(`"${bid}"`),
    );
    assert.ok(
      progress.some((f) => f.includes('"processing":100')),
      `the completion arrived live: ${progress.join(" ")}`,
    );
    assert.match((await page.textContent(".results-header")) ?? "", /Backtest for\s*EURUSD \(H1\)/);

    // Every graph tab draws.
    const graphs = page.locator("nav[aria-label=Graphs]");
    await page.locator(".equity-chart path.time-balance").waitFor();
    await graphs.locator("a:has-text('Entries')").click();
    await eventually(async () => assert.equal(await page.locator(".chart-svg rect.chart-bar").count(), 24));
    await graphs.locator("a:has-text('Profit and Loss')").click();
    await eventually(async () => assert.equal(await page.locator(".chart-svg rect.chart-bar").count(), 48));
    await graphs.locator("a:has-text('Candle')").click();
    await page.locator(".candle-canvas canvas").first().waitFor();

    // The candle replay: Play from the banner, then Pause.
    await page.locator(".results-completed a:has-text('Play')").click();
    await eventually(async () => assert.ok(page.url().endsWith("?graph=play"), page.url()));
    const toggle = page.locator(".candle-controls button").first();
    await eventually(async () => assert.equal((await toggle.textContent())?.trim(), "Pause"));
    await page.waitForTimeout(600);
    await toggle.click();
    await eventually(async () => assert.equal((await toggle.textContent())?.trim(), "Play"));

    // The lower tabs: the report's figures, then Orders and Deals.
    const report = page.locator("nav[aria-label=Report]");
    for (const label of ["Total Net Profit", "Profit Factor", "Total Trades", "Balance Drawdown Maximal"]) {
      await page.locator(".metric dt", { hasText: label }).first().waitFor();
    }
    await report.locator("a:has-text('Orders')").click();
    await page.locator("table[aria-label=Orders] tbody tr").first().waitFor();
    await report.locator("a:has-text('Deals')").click();
    const deals = page.locator("table[aria-label=Deals]");
    await eventually(async () =>
      assert.equal(
        (await deals.locator("tbody tr").first().locator("td").nth(3).textContent())?.trim(),
        "balance",
      ),
    );

    // The EA: str-{id}.mq5, an MQL5 expert.
    const download = page.waitForEvent("download");
    await page.click("a:has-text('Download EA')");
    const file = await download;
    assert.equal(file.suggestedFilename(), `str-${sid}.mq5`);
    assert.match(await readFile(await file.path(), "utf8"), /void OnTick\(\)/);

    // Archive from My Strategies, restore from the archive.
    await page.goto(`${session.server.url}/`);
    await hydrated(page);
    await page.locator("td", { hasText: "My Strategy" }).first().waitFor();
    await page.click("a:has-text('Delete strategy')");
    const dialog = page.locator("[role=dialog]");
    await dialog.getByText("Are you sure you want to delete this strategy?").waitFor();
    await dialog.locator("button:has-text('Confirm')").click();
    await page.getByText("You don't have any strategies yet.").waitFor();
    await page.goto(`${session.server.url}/strategy/deleted`);
    await page.locator("td", { hasText: "My Strategy" }).first().waitFor();
    await page.click("button:has-text('Restore')");
    await page.getByText("You don't have any deleted strategies to show here").waitFor();
    await page.goto(`${session.server.url}/`);
    await page.locator("td", { hasText: "My Strategy" }).first().waitFor();
    // The list shows the backtest's headline and a report link now that it completed.
    await page.locator("a:has-text('View report')").first().waitFor();
    await context.close();
  });
});
