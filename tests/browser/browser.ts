// Debian's Chromium driven by playwright-core (docs/toolchain.md "Browser tests"): no browser download, no outside calls.
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export async function newPage(
  browser: Browser,
  opts: { javaScript: boolean },
): Promise<{ context: BrowserContext; page: Page }> {
  // Each context is a different visitor: its own client address keeps per-IP rate limits per test.
  ipCounter++;
  const context = await browser.newContext({
    javaScriptEnabled: opts.javaScript,
    viewport: { width: 1280, height: 860 },
    extraHTTPHeaders: { "cf-connecting-ip": `10.77.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The same visitor with JavaScript off: a new context with `owner`'s cookies. Close its context after. */
export async function plainPageOf(
  browser: Browser,
  owner: BrowserContext,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, { javaScript: false });
  await opened.context.addCookies(await owner.cookies());
  return opened;
}

let ipCounter = Math.floor(Math.random() * 10_000);
let n = 0;
export function uniqueEmail(prefix: string): string {
  n++;
  return `${prefix}-${Date.now().toString(36)}-${n}@example.com`;
}

/**
 * Retries an assertion until it passes or the time runs out. With JavaScript on, Remix updates the URL
 * before React commits the new route, so a check right after `waitForURL` can still see the old page.
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
