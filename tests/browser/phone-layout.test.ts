import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { launch, newPage, uniqueEmail } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";

// A page wider than the phone scrolls sideways as a whole, which hides the top bar's menu and the tables'
// own scroll; every screen must fit 375 px, with wide tables scrolling inside their box.

let server: TestServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** What sticks out of the viewport: the document's width and the outermost overflowing elements. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const parent = el.parentElement?.getBoundingClientRect();
      if (el.getBoundingClientRect().right > vw + 1 && parent && parent.right <= vw + 1) {
        culprits.push(`${el.tagName.toLowerCase()}.${el.className}`);
      }
    }
    return { width: document.documentElement.scrollWidth, culprits };
  });
}

describe("phone layout (375 px)", () => {
  it("fits every signed-in screen without sideways page scrolling", async () => {
    const { context, page } = await newPage(browser, { javaScript: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/sign/up`);
    await page.fill("#name", "Phone Trader");
    await page.fill("#email", uniqueEmail("phone"));
    await page.fill("#password", "pw-12345678");
    await page.check("input[name=terms]");
    await page.click("button:has-text('Get Started')");
    await page.waitForURL(`${server.url}/subscribe`);
    await page.click("button:has-text('Get Started')");
    await page.waitForURL(`${server.url}/welcome`);
    await page.click("button:has-text('Continue')");
    await page.waitForURL(`${server.url}/strategy/ai/new`);
    await page.click("a:has-text('Go long when the 6 MA crosses the 12 MA.')");
    await page.click("button:has-text('Create Strategy')");
    await page.waitForURL(/\/strategy\/\d+\/build$/);
    const build = new URL(page.url()).pathname;

    for (const path of [
      "/",
      build,
      "/strategy/deleted",
      "/strategy/ai/new",
      "/account",
      "/addons",
      "/subscribe",
    ]) {
      await page.goto(`${server.url}${path}`);
      const { width, culprits } = await overflow(page);
      assert.equal(width, 375, `${path} is ${width} px wide: ${culprits.join(", ")}`);
    }
    await context.close();
  });
});
