// What every browser test file sets up the same way: one `wrangler dev` and one Chromium for the file, and
// the first steps of a new trader through the real forms (sign-up, the Free plan, the welcome page).

import assert from "node:assert/strict";
import { after, before } from "node:test";
import type { Browser, Page } from "playwright-core";
import { eventually, launch } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";

export interface Session {
  readonly server: TestServer;
  readonly browser: Browser;
}

/**
 * Starts the server and the browser before the file's tests and stops them after; read them inside tests.
 * `setUp` runs in the same before(), once both are up: node:test runs a file's top-level before() hooks
 * side by side, so a second hook could not wait for this one.
 */
export function startSession(
  options?: Parameters<typeof startServer>[0],
  setUp?: (session: Session) => Promise<void>,
): Session {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const session: Session = {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
  before(async () => {
    server = await startServer(options);
    browser = await launch();
    await setUp?.(session);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  return session;
}

/** What a fixture made in before(): a test reads it, a file's top level cannot (it is not there yet). */
export function started<T>(what: T | undefined): T {
  if (what === undefined) throw new Error("the session starts in before(): use it inside a test");
  return what;
}

/** Waits until React has hydrated the page (the root sets data-hydrated), so clicks reach its handlers. */
export async function hydrated(page: Page) {
  await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
}

/** A new account through the sign-up form; it lands on the plan picker (no subscription yet). */
export async function signUpForm(page: Page, base: string, email: string, name = "Browser Trader") {
  await page.goto(`${base}/sign/up`);
  await submitSignUp(page, { name, email, password: "pw-12345678" });
  await page.waitForURL(`${base}/subscribe`);
}

/**
 * Types into the open sign-up form (/sign/up, or the partner page with `button` "Register"), accepts the
 * terms and submits. Without `email` the field keeps what the page put there.
 */
export async function submitSignUp(
  page: Page,
  typed: { name: string; email?: string; password: string },
  button = "Get Started",
) {
  await page.fill("#name", typed.name);
  if (typed.email !== undefined) await page.fill("#email", typed.email);
  await page.fill("#password", typed.password);
  await page.check("input[name=terms]");
  await page.click(`button:has-text('${button}')`);
}

/**
 * From the plan picker: Free, then the welcome page a new user sees once (spec 2 s2) and its Continue, which
 * lands on the new-strategy form. `javaScript` false clicks as soon as the server's page is there.
 */
export async function chooseFreeAndContinue(page: Page, base: string, javaScript = true) {
  await page.click("button:has-text('Get Started')");
  await page.waitForURL(`${base}/welcome`);
  await page.getByText("Risk disclaimer").waitFor();
  if (javaScript) await hydrated(page);
  await page.click("button:has-text('Continue')");
  await page.waitForURL(`${base}/strategy/ai/new`);
}

/** The new-strategy form's first example prompt. */
export const EXAMPLE = "Go long when the 6 MA crosses the 12 MA.";

/**
 * From the new-strategy form: the first example prompt fills the description, Create Strategy opens the new
 * strategy's build tab. Its id.
 */
export async function createFromExample(page: Page, base: string, javaScript = true): Promise<string> {
  if (javaScript) await hydrated(page);
  await page.click(`a:has-text('${EXAMPLE}')`);
  if (!javaScript) await page.waitForURL(`${base}/strategy/ai/new?example=1`);
  await eventually(async () => assert.equal(await page.inputValue("#description"), EXAMPLE));
  await page.click("button:has-text('Create Strategy')");
  await page.waitForURL(/\/strategy\/\d+\/build$/);
  const sid = /\/strategy\/(\d+)\/build$/.exec(page.url())?.[1];
  assert.ok(sid, page.url());
  return sid;
}

/** A new trader (sign-up, Free, the welcome page's Continue) with a strategy from the example prompt: its id. */
export async function newTraderStrategy(
  page: Page,
  base: string,
  email: string,
  name: string,
  javaScript: boolean,
) {
  await signUpForm(page, base, email, name);
  await chooseFreeAndContinue(page, base, javaScript);
  return createFromExample(page, base, javaScript);
}

/** The live-event frames the page receives on its /ai/connect socket, in order, as the test goes on. */
export function liveFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on("websocket", (ws) => {
    if (ws.url().endsWith("/ai/connect"))
      ws.on("framereceived", (f) => {
        if (typeof f.payload === "string") frames.push(f.payload);
      });
  });
  return frames;
}
