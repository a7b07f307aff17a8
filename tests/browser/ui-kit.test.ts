// The shared UI kit on the dev showcase (/dev/ui): paging, sorting and the confirm dialog must work through
// links and forms with JavaScript off, and sort client-side (no page load) with it on.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { newPage } from "./browser.ts";
import { hydrated, startSession } from "./session.ts";

const session = startSession();

function strategies(page: Page) {
  return page.locator(".data-table", { has: page.getByRole("table", { name: "Strategies" }) });
}

function deals(page: Page) {
  return page.locator(".data-table", { has: page.getByRole("table", { name: "Deals" }) });
}

async function firstTitles(page: Page, n = 2): Promise<string[]> {
  const cells = strategies(page).locator("tbody tr td:first-child");
  return (await cells.allTextContents()).slice(0, n);
}

async function footer(page: Page): Promise<string> {
  return ((await strategies(page).locator(".table-footer").textContent()) ?? "").replace(/\s+/g, " ");
}

function titleHeader(page: Page) {
  return strategies(page).locator("th", { hasText: "Title" });
}

describe("JavaScript off", () => {
  it("renders the first page on the server and pages through footer links", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await page.goto(`${session.server.url}/dev/ui`);
    assert.equal(await page.textContent("h1"), "UI kit");
    assert.equal(await strategies(page).locator("tbody tr").count(), 8);
    assert.match(await footer(page), /Showing 8 of 25 Rows.*Page 1 of 4/);
    // Default sort Updated descending: newest first.
    assert.deepEqual(await firstTitles(page), ["EMA Cross 1", "Mean Revert 19"]);
    assert.equal(
      await strategies(page).locator("th", { hasText: "Updated" }).getAttribute("aria-sort"),
      "descending",
    );
    assert.ok(await strategies(page).getByRole("button", { name: "First page" }).isDisabled());
    assert.ok(await strategies(page).getByRole("button", { name: "Previous page" }).isDisabled());

    await strategies(page).getByRole("link", { name: "Next page" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    assert.match(await footer(page), /Showing 8 of 25 Rows.*Page 2 of 4/);

    await strategies(page).getByRole("link", { name: "Last page" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "4");
    assert.match(await footer(page), /Showing 1 of 25 Rows.*Page 4 of 4/);
    assert.ok(await strategies(page).getByRole("button", { name: "Next page" }).isDisabled());
    assert.ok(await strategies(page).getByRole("button", { name: "Last page" }).isDisabled());
    await context.close();
  });

  it("clamps a page beyond the end to the last page", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await page.goto(`${session.server.url}/dev/ui?page=99`);
    assert.match(await footer(page), /Showing 1 of 25 Rows.*Page 4 of 4/);
    await context.close();
  });

  it("sorts through header links: ascending, descending, none", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await page.goto(`${session.server.url}/dev/ui?page=2`);
    await titleHeader(page).getByRole("button").click();
    await page.waitForURL(
      (u) => u.searchParams.get("sort") === "title" && u.searchParams.get("dir") === "asc",
    );
    assert.equal(new URL(page.url()).searchParams.get("page"), null, "sorting starts at page 1");
    assert.equal(await titleHeader(page).getAttribute("aria-sort"), "ascending");
    assert.deepEqual(await firstTitles(page), ["Breakout 3", "Breakout 8"]);

    await titleHeader(page).getByRole("button").click();
    await page.waitForURL((u) => u.searchParams.get("dir") === "desc");
    assert.equal(await titleHeader(page).getAttribute("aria-sort"), "descending");
    assert.deepEqual(await firstTitles(page), ["RSI Reversal 22", "RSI Reversal 17"]);

    await titleHeader(page).getByRole("button").click();
    await page.waitForURL((u) => u.searchParams.get("dir") === "none");
    assert.equal(await titleHeader(page).getAttribute("aria-sort"), "none");
    assert.equal(
      await strategies(page).locator("th", { hasText: "Updated" }).getAttribute("aria-sort"),
      "none",
    );
    assert.deepEqual(await firstTitles(page), ["EMA Cross 1", "RSI Reversal 2"]);
    await context.close();
  });

  it("keeps two tables' params apart", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await page.goto(`${session.server.url}/dev/ui?page=3`);
    await deals(page).getByRole("link", { name: "Next page" }).click();
    await page.waitForURL((u) => u.searchParams.get("deals_page") === "2");
    assert.match(await footer(page), /Page 3 of 4/);
    const dealFooter = (await deals(page).locator(".table-footer").textContent()) ?? "";
    assert.match(dealFooter.replace(/\s+/g, " "), /Showing 5 of 12 Rows.*Page 2 of 3/);
    await context.close();
  });

  it("opens the confirm dialog from its URL flag, cancels by link and confirms by POST", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await page.goto(`${session.server.url}/dev/ui?page=2`);
    assert.equal(await page.getByRole("dialog").count(), 0);
    const first = (await firstTitles(page, 1))[0];
    await strategies(page)
      .getByRole("link", { name: `Delete ${first}`, exact: true })
      .click();
    await page.waitForURL((u) => (u.searchParams.get("confirm") ?? "").startsWith("delete-"));
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this strategy?" });
    await dialog.waitFor();
    assert.equal(await dialog.getAttribute("aria-modal"), "true");

    await dialog.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((u) => !u.searchParams.has("confirm") && u.searchParams.get("page") === "2");
    assert.equal(await page.getByRole("dialog").count(), 0);

    await page.goto(`${session.server.url}/dev/ui?page=2&confirm=delete-12`);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL((u) => u.searchParams.get("deleted") === "12");
    assert.equal(new URL(page.url()).searchParams.get("page"), "2", "the table state survives the post");
    assert.match((await page.getByRole("status").textContent()) ?? "", /Deleted row 12/);
    assert.equal(await page.getByRole("dialog").count(), 0);
    await context.close();
  });

  it("renders link tabs with a disabled one", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await page.goto(`${session.server.url}/dev/ui`);
    const tabs = page.getByRole("navigation", { name: "Showcase sections" });
    assert.equal(await tabs.locator("[aria-current=page]").textContent(), "Tables");
    assert.equal(await tabs.locator("[aria-disabled=true]").textContent(), "Locked");
    await tabs.getByRole("link", { name: "States" }).click();
    await page.waitForURL((u) => u.searchParams.get("tab") === "states");
    await page.getByText("You don't have any deleted strategies to show here").waitFor();
    assert.equal(
      await page.locator(".data-table [role=status]").count(),
      1,
      "the loading table shows a spinner",
    );
    await context.close();
  });
});

describe("JavaScript on", () => {
  it("cycles a header asc → desc → none without a full page load", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await page.goto(`${session.server.url}/dev/ui`);
    await hydrated(page);
    // A full load would wipe this marker; replace navigations keep the history length too.
    await page.evaluate(() => Object.assign(window, { uiKitMarker: 42 }));
    const historyLength = await page.evaluate(() => history.length);
    const button = titleHeader(page).getByRole("button");

    await button.click();
    await page.waitForFunction(() =>
      document.querySelector("th[aria-sort=ascending]")?.textContent?.includes("Title"),
    );
    assert.deepEqual(await firstTitles(page), ["Breakout 3", "Breakout 8"]);
    await button.click();
    await page.waitForFunction(() =>
      document.querySelector("th[aria-sort=descending]")?.textContent?.includes("Title"),
    );
    assert.deepEqual(await firstTitles(page), ["RSI Reversal 22", "RSI Reversal 17"]);
    await button.click();
    await page.waitForURL((u) => u.searchParams.get("dir") === "none");
    // The URL changes before React renders the new sort: wait for the rendered state, then check it.
    await page.waitForFunction(() =>
      [...document.querySelectorAll("th")].some(
        (th) => th.textContent?.includes("Title") && th.getAttribute("aria-sort") === "none",
      ),
    );
    assert.equal(await titleHeader(page).getAttribute("aria-sort"), "none");
    assert.deepEqual(await firstTitles(page), ["EMA Cross 1", "RSI Reversal 2"]);

    await strategies(page).getByRole("link", { name: "Next page" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    await page.getByText("Page 2 of 4").first().waitFor();
    assert.match(await footer(page), /Page 2 of 4/);

    assert.equal(await page.evaluate(() => Reflect.get(window, "uiKitMarker")), 42, "no full page load");
    assert.equal(await page.evaluate(() => history.length), historyLength, "navigations replace history");
    await context.close();
  });

  it("sorts from the keyboard (Enter and Space)", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await page.goto(`${session.server.url}/dev/ui`);
    await hydrated(page);
    await titleHeader(page).getByRole("button").focus();
    await page.keyboard.press("Enter");
    // Wait for what the user sees (the header's sort state and the row order), not for a navigation
    // event: a same-document replace navigation fires none that Playwright can reliably wait on.
    await page.waitForFunction(() =>
      document.querySelector("th[aria-sort=ascending]")?.textContent?.includes("Title"),
    );
    assert.deepEqual(await firstTitles(page), ["Breakout 3", "Breakout 8"]);
    assert.equal(new URL(page.url()).searchParams.get("dir"), "asc");
    await titleHeader(page).getByRole("button").focus();
    await page.keyboard.press(" ");
    await page.waitForFunction(() =>
      document.querySelector("th[aria-sort=descending]")?.textContent?.includes("Title"),
    );
    assert.deepEqual(await firstTitles(page), ["RSI Reversal 22", "RSI Reversal 17"]);
    assert.equal(new URL(page.url()).searchParams.get("dir"), "desc");
    await context.close();
  });

  it("moves focus into the dialog, closes on Escape and returns focus", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await page.goto(`${session.server.url}/dev/ui`);
    await hydrated(page);
    const opener = strategies(page).getByRole("link", { name: "Delete EMA Cross 1", exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === "Cancel");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.waitForURL((u) => !u.searchParams.has("confirm"));
    await page.waitForFunction(
      () => document.activeElement?.getAttribute("aria-label") === "Delete EMA Cross 1",
    );

    await opener.click();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL((u) => u.searchParams.get("deleted") === "1");
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });

  it("moves between tabs with the arrow keys", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await page.goto(`${session.server.url}/dev/ui`);
    await hydrated(page);
    const tabs = page.getByRole("navigation", { name: "Showcase sections" });
    await tabs.getByRole("link", { name: "Tables" }).focus();
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "States");
    await page.keyboard.press("ArrowRight");
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      "Tables",
      "wraps, skipping disabled",
    );
    await context.close();
  });
});
