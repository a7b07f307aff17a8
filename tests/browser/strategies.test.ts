import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Page } from "playwright-core";
import { newPage, uniqueEmail } from "./browser.ts";
import { chooseFreeAndContinue, createFromExample, hydrated, signUpForm, startSession } from "./session.ts";

const session = startSession();

/** Sign-up, Free plan, then the welcome page's Continue, which lands on the new-strategy form. */
async function newSubscriber(page: Page, email: string, javaScript: boolean) {
  await signUpForm(page, session.server.url, email, "Strategy Trader");
  await chooseFreeAndContinue(page, session.server.url, javaScript);
}

/** The inline title edit on My Strategies (spec 2 s2): pencil opens it, Enter saves. */
async function renameWithEnter(page: Page, from: string, to: string) {
  await page.click(`a[aria-label='Edit title of ${from}']`);
  const input = page.locator("input[aria-label='Strategy title']");
  await input.waitFor();
  await input.fill(to);
  await input.press("Enter");
  await input.waitFor({ state: "detached" });
  await page.locator("td a", { hasText: to }).first().waitFor();
}

describe("JavaScript off", () => {
  it("creates a strategy from an example prompt and shows the reply and the outline", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await newSubscriber(page, uniqueEmail("st-new"), false);
    await createFromExample(page, session.server.url, false);
    await page.locator(".chat-user", { hasText: "Go long when the 6 MA crosses the 12 MA." }).waitFor();
    await page.locator(".chat-agent").first().waitFor();
    const outline = (await page.textContent(".outline-text")) ?? "";
    assert.ok(outline.trim().length > 0 && !outline.includes("The summary appears"), outline);
    assert.equal(await page.getAttribute("details.outline-panel", "open"), "");
    await context.close();
  });

  it("renames a strategy inline: the pencil opens the title, Enter saves it", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await newSubscriber(page, uniqueEmail("st-ren0"), false);
    await createFromExample(page, session.server.url, false);
    await page.goto(`${session.server.url}/`);
    await renameWithEnter(page, "My Strategy", "Plain form title");
    assert.equal(new URL(page.url()).searchParams.get("edit"), null);
    await context.close();
  });

  it("archives a strategy from the list and restores it from the archive", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: false });
    await newSubscriber(page, uniqueEmail("st-arch"), false);
    await createFromExample(page, session.server.url, false);
    await page.goto(`${session.server.url}/`);
    await page.locator("td", { hasText: "My Strategy" }).first().waitFor();
    await page.click("a:has-text('Delete strategy')");
    const dialog = page.locator("[role=dialog]");
    await dialog.getByText("Are you sure you want to delete this strategy?").waitFor();
    await dialog.locator("button:has-text('Confirm')").click();
    await page.waitForURL(`${session.server.url}/`);
    await page.getByText("You don't have any strategies yet.").waitFor();

    await page.goto(`${session.server.url}/strategy/deleted`);
    await page.locator("td", { hasText: "My Strategy" }).first().waitFor();
    await page.click("button:has-text('Restore')");
    await page.getByText("You don't have any deleted strategies to show here").waitFor();
    await page.goto(`${session.server.url}/`);
    await page.locator("td", { hasText: "My Strategy" }).first().waitFor();
    await context.close();
  });
});

describe("JavaScript on", () => {
  it("sends a chat message with Enter and the streamed reply arrives without a reload", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    // Proof the reply came through the live-event socket, not only through the post's own reload of data.
    const frames: string[] = [];
    let sockets = 0;
    page.on("websocket", (ws) => {
      if (!ws.url().endsWith("/ai/connect")) return;
      sockets++;
      ws.on("framereceived", (f) => {
        if (typeof f.payload === "string") frames.push(f.payload);
      });
    });
    await newSubscriber(page, uniqueEmail("st-chat"), true);
    await createFromExample(page, session.server.url, true);
    await hydrated(page);
    await page.locator(".chat-agent").first().waitFor();
    // A marker on the window survives only if the page is never reloaded.
    await page.evaluate(() => {
      document.documentElement.dataset.marker = "still-here";
    });
    const agents = await page.locator(".chat-agent").count();
    const box = page.locator("textarea[placeholder='Type your message here']");
    await box.fill("Use a stop loss of 30 pips.");
    await box.press("Shift+Enter");
    await box.type("Take profit 60 pips.");
    assert.equal(await box.inputValue(), "Use a stop loss of 30 pips.\nTake profit 60 pips.");
    await box.press("Enter");
    await page.locator(".chat-user", { hasText: "Take profit 60 pips." }).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll(".chat-agent").length > n, agents);
    assert.equal(await box.inputValue(), "");
    assert.equal(await page.getAttribute("html", "data-marker"), "still-here");
    assert.equal(sockets, 1, "one live-event connection per tab");
    const streamed = frames.filter(
      (f) => f.includes('"strategy-message-agent"') && f.includes('"stream":true'),
    );
    assert.ok(streamed.length > 0, "streamed agent chunks arrived");
    await context.close();
  });

  it("keeps the typed form when Create Strategy fails or the connection drops (issue 11)", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await newSubscriber(page, uniqueEmail("st-fail"), true);
    await hydrated(page);
    const text = "Buy EURUSD when RSI(14) drops below 30, sell above 70.";
    await page.fill("#title", "Kept title");
    await page.fill("#description", text);
    const action = /\/strategy\/ai\/new\.data/;
    for (const fault of ["dropped", "500"] as const) {
      // The POST fails; the page's reload of its data afterwards goes through, as it would once back online.
      await page.route(action, (route) => {
        if (route.request().method() !== "POST") return route.continue();
        return fault === "dropped"
          ? route.abort("connectionreset")
          : route.fulfill({ status: 500, body: "boom" });
      });
      await page.click("button:has-text('Create Strategy')");
      await page.locator(".form-error", { hasText: "An error occurred. Please try again." }).waitFor();
      assert.equal(await page.getByText("Unexpected Application Error!").count(), 0, fault);
      assert.equal(await page.inputValue("#description"), text, fault);
      assert.equal(await page.inputValue("#title"), "Kept title", fault);
      assert.ok(page.url().endsWith("/strategy/ai/new"), page.url());
      await page.unroute(action);
    }
    // Spec 2 s4: any form change clears the error; the next try goes through.
    await page.fill("#title", "Kept title 2");
    assert.equal(await page.locator(".form-error").count(), 0);
    await page.click("button:has-text('Create Strategy')");
    await page.waitForURL(/\/strategy\/\d+\/build$/);
    await page.locator(".chat-user", { hasText: text }).waitFor();
    await context.close();
  });

  it("refuses a description over 20,000 characters with the limit, keeping the text", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await newSubscriber(page, uniqueEmail("st-long"), true);
    await hydrated(page);
    const long = `Buy when the 6 MA crosses the 12 MA. ${"And more detail. ".repeat(1200)}`;
    await page.fill("#description", long);
    await page.click("button:has-text('Create Strategy')");
    await page
      .locator(".form-error", { hasText: "Description must be at most 20,000 characters." })
      .waitFor();
    assert.equal((await page.inputValue("#description")).length, long.length);
    await context.close();
  });

  it("holds back a chat message over 8,000 characters with the reason, and wraps long words", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await newSubscriber(page, uniqueEmail("st-bubble"), true);
    await createFromExample(page, session.server.url, true);
    await hydrated(page);
    await page.locator(".chat-agent").first().waitFor();
    const box = page.locator("textarea[placeholder='Type your message here']");
    const long = "x".repeat(10_000);
    await box.fill(long);
    // Not cut to 8,000 without a word: the whole text stays, the reason shows and Send is off.
    assert.equal((await box.inputValue()).length, 10_000);
    await page
      .locator(".chat-length", {
        hasText: "Messages can be at most 8,000 characters: this one has 10,000.",
      })
      .waitFor();
    assert.equal(await page.locator(".chat-form button[type=submit]").isDisabled(), true);
    await box.press("Enter");
    assert.equal(await page.locator(".chat-user", { hasText: "xxxxxxxxxx" }).count(), 0);
    // One long word within the limit is sent, and its bubble does not overflow the chat.
    const word = `Use-${"y".repeat(400)}`;
    await box.fill(word);
    assert.equal(await page.locator(".chat-length").count(), 0);
    await box.press("Enter");
    const bubble = page.locator(".chat-user", { hasText: "yyyyyyyyyy" });
    await bubble.waitFor();
    const fit = await bubble.evaluate((el) => {
      const panel = el.closest(".chat-panel")?.getBoundingClientRect();
      const b = el.getBoundingClientRect();
      return { overflow: el.scrollWidth - el.clientWidth, inside: panel ? b.right <= panel.right : false };
    });
    assert.equal(fit.overflow, 0);
    assert.ok(fit.inside, "the bubble stays inside the chat panel");
    await context.close();
  });

  it("lights the Summary dot when a new outline arrives, until the user looks at it", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await newSubscriber(page, uniqueEmail("st-dot"), true);
    await createFromExample(page, session.server.url, true);
    await hydrated(page);
    await page.locator(".chat-agent").first().waitFor();
    const panel = page.locator("details.outline-panel");
    const dot = panel.locator("summary .notification-dot");
    const box = page.locator("textarea[placeholder='Type your message here']");
    // The outline the page loaded with is not news.
    assert.equal(await dot.count(), 0);

    // Collapsed (as a narrow screen starts, or a user folds it on a wide one): the dot shows on the toggle.
    await panel.locator("summary").click();
    assert.equal(await panel.getAttribute("open"), null);
    const before = (await panel.locator(".outline-text").textContent()) ?? "";
    await box.fill("Use a stop loss of 30 pips.");
    await box.press("Enter");
    await dot.waitFor({ state: "visible" });
    assert.notEqual((await panel.locator(".outline-text").textContent()) ?? "", before, "a new outline");
    assert.equal(await dot.getAttribute("aria-label"), "New summary");
    // Opening the panel shows the outline, which clears the dot.
    await panel.locator("summary").click();
    assert.equal(await panel.getAttribute("open"), "");
    await dot.waitFor({ state: "detached" });

    // Open beside the chat on a wide screen: the dot still marks the change until the user points at it.
    const chat = await page.locator(".chat-panel").boundingBox();
    assert.ok(chat);
    await page.mouse.move(chat.x + 10, chat.y + 10);
    await box.fill("Take profit 60 pips.");
    await box.press("Enter");
    await dot.waitFor({ state: "visible" });
    assert.equal(await panel.getAttribute("open"), "");
    await panel.locator(".outline-text").hover();
    await dot.waitFor({ state: "detached" });
    await context.close();
  });

  it("shows My Strategies with its spinner while a client navigation loads the list", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await newSubscriber(page, uniqueEmail("st-spin"), true);
    await createFromExample(page, session.server.url, true);
    await page.goto(`${session.server.url}/strategy/deleted`);
    await hydrated(page);
    // Hold the list's data request, as a slow network would, until the spinner has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === "/_root.data",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.click("a.logo");
    const table = page.locator("main:has(h1:has-text('My Strategies')) .data-table");
    await table.locator("[role=status]", { hasText: "Loading..." }).waitFor();
    assert.equal(await table.getAttribute("aria-busy"), "true");
    release();
    await table.locator("td", { hasText: "My Strategy" }).first().waitFor();
    assert.equal(await table.locator("[role=status]").count(), 0);
    assert.equal(new URL(page.url()).pathname, "/");
    await context.close();
  });

  it("edits a title inline: Enter saves, Escape and the cross cancel, at most 70 characters", async () => {
    const { context, page } = await newPage(session.browser, { javaScript: true });
    await newSubscriber(page, uniqueEmail("st-ren"), true);
    await createFromExample(page, session.server.url, true);
    await page.goto(`${session.server.url}/`);
    await hydrated(page);
    const input = page.locator("input[aria-label='Strategy title']");

    await renameWithEnter(page, "My Strategy", "Crossover v2");
    // The stored title, not only the screen: it is there after a reload.
    await page.reload();
    await page.locator("td a", { hasText: "Crossover v2" }).waitFor();
    await hydrated(page);

    // Escape leaves the title as it was.
    await page.click("a[aria-label='Edit title of Crossover v2']");
    await input.waitFor();
    assert.equal(await input.evaluate((el) => el === document.activeElement), true, "the input takes focus");
    await input.fill("Never saved");
    await input.press("Escape");
    await input.waitFor({ state: "detached" });
    await page.locator("td a", { hasText: "Crossover v2" }).waitFor();
    assert.equal(await page.locator("td a", { hasText: "Never saved" }).count(), 0);

    // So does the cross.
    await page.click("a[aria-label='Edit title of Crossover v2']");
    await input.fill("Never saved either");
    await page.click("a[aria-label='Cancel editing']");
    await input.waitFor({ state: "detached" });
    await page.locator("td a", { hasText: "Crossover v2" }).waitFor();

    // Typing stops at 70 characters, and the check saves what is there.
    await page.click("a[aria-label='Edit title of Crossover v2']");
    await input.fill("");
    await input.pressSequentially("L".repeat(75));
    assert.equal((await input.inputValue()).length, 70);
    await page.click("button[aria-label='Save title']");
    await input.waitFor({ state: "detached" });
    await page.reload();
    await page.locator("td a", { hasText: "L".repeat(70) }).waitFor();
    const title = (await page.locator("td a", { hasText: "LLLL" }).first().textContent()) ?? "";
    assert.equal(title, "L".repeat(70));
    await context.close();
  });
});
