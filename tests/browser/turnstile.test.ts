import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { eventually, launch, newPage, uniqueEmail } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";

/*
 * The sign pages with REAL-looking Turnstile keys (not Cloudflare's test keys), so the forms carry no dummy
 * token and rely on the widget. Offline there is no Cloudflare: the browser gets a FAKE Turnstile api.js at
 * the network edge (below), which implements the documented explicit-render API (render, reset, remove and
 * the callback / expired-callback options) and lets the test decide when a token is issued or expires. The
 * worker's siteverify calls go to a FAKE siteverify endpoint in this process (TURNSTILE_VERIFY_URL): tokens
 * starting "good-" pass once, a reused one is "timeout-or-duplicate", anything else is invalid.
 */

const TURNSTILE_API = "https://challenges.cloudflare.com/turnstile/v0/api.js";

const FAKE_TURNSTILE = `
(() => {
  const widgets = [];
  const fake = { loads: 0, renders: 0, resets: 0, widgets };
  fake.loads++;
  window.__fakeTurnstile = fake;
  function issue(w, token) {
    w.input.value = token;
    if (typeof w.opts.callback === "function") w.opts.callback(token);
  }
  fake.solve = (token) => widgets.filter((w) => w.live).forEach((w) => issue(w, token));
  fake.expire = () =>
    widgets.filter((w) => w.live).forEach((w) => {
      const cb = w.opts["expired-callback"];
      if (typeof cb === "function") cb(w.input.value);
    });
  window.turnstile = {
    render(el, opts) {
      const host = typeof el === "string" ? document.querySelector(el) : el;
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "cf-turnstile-response";
      host.appendChild(input);
      const id = "w" + widgets.length;
      widgets.push({ id, host, input, opts, live: true });
      fake.renders++;
      return id;
    },
    reset(id) {
      const w = widgets.find((x) => x.id === id);
      if (w) w.input.value = "";
      fake.resets++;
    },
    remove(id) {
      const w = widgets.find((x) => x.id === id);
      if (w) { w.live = false; w.input.remove(); }
    },
    getResponse(id) {
      const w = widgets.find((x) => x.id === id);
      return w ? w.input.value : undefined;
    },
  };
})();
`;

const spentTokens = new Set<string>();

function startFakeSiteverify(): Promise<Server> {
  const srv = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      // The worker posts multipart form data; the token is the "response" field.
      const token = /name="response"\r\n\r\n([^\r]*)/.exec(Buffer.concat(chunks).toString("utf8"))?.[1] ?? "";
      let answer: { success: boolean; "error-codes": string[] };
      if (spentTokens.has(token)) answer = { success: false, "error-codes": ["timeout-or-duplicate"] };
      else if (token.startsWith("good-")) answer = { success: true, "error-codes": [] };
      else answer = { success: false, "error-codes": ["invalid-input-response"] };
      spentTokens.add(token);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
  });
  return new Promise((resolve) => srv.listen(0, "127.0.0.1", () => resolve(srv)));
}

let siteverify: Server;
let server: TestServer;
let browser: Browser;

before(async () => {
  siteverify = await startFakeSiteverify();
  const addr = siteverify.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  server = await startServer({
    vars: {
      TURNSTILE_SITE_KEY: "0x4AAAAAAAFakeSiteKey",
      TURNSTILE_SECRET_KEY: "0x4AAAAAAAFakeSecretKey",
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    },
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  siteverify?.close();
});

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Requests for Turnstile's api.js and POSTs that reached the app. */
  scriptLoads: () => number;
  posts: () => number;
}

async function visit(path: string): Promise<Visit> {
  const { context, page } = await newPage(browser, { javaScript: true });
  let scriptLoads = 0;
  let posts = 0;
  await context.route(`${TURNSTILE_API}*`, (route) => {
    scriptLoads++;
    return route.fulfill({ status: 200, contentType: "text/javascript", body: FAKE_TURNSTILE });
  });
  page.on("request", (req) => {
    if (req.method() === "POST" && req.url().startsWith(server.url)) posts++;
  });
  await page.goto(`${server.url}${path}`);
  await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
  return { context, page, scriptLoads: () => scriptLoads, posts: () => posts };
}

const REQUIRED = "Please complete the security verification.";
const INVALID = "Security verification failed. Please try again.";

describe("Turnstile with real keys", () => {
  const pages = [
    {
      path: "/sign/in",
      fill: async (page: Page) => {
        await page.fill("#email", uniqueEmail("ts-in"));
        await page.fill("#password", "pw-12345678");
      },
      submit: "button:has-text('Sign In')",
    },
    {
      path: "/sign/up",
      fill: async (page: Page) => {
        await page.fill("#name", "Turnstile Trader");
        await page.fill("#email", uniqueEmail("ts-up"));
        await page.fill("#password", "pw-12345678");
        await page.check("input[name=terms]");
      },
      submit: "button:has-text('Get Started')",
    },
    {
      path: "/sign/up/switch-markets",
      fill: async (page: Page) => {
        await page.fill("#name", "Turnstile Trader");
        await page.fill("#email", uniqueEmail("ts-sm"));
        await page.fill("#password", "pw-12345678");
        await page.check("input[name=terms]");
      },
      submit: "button:has-text('Register')",
    },
  ];

  for (const p of pages) {
    it(`${p.path}: without a token nothing is sent and the page asks for the verification`, async () => {
      const v = await visit(p.path);
      await p.fill(v.page);
      await v.page.click(p.submit);
      await v.page.locator("[role=alert]", { hasText: REQUIRED }).waitFor();
      assert.equal(v.posts(), 0, "no request without a Turnstile token");
      await v.context.close();
    });
  }

  async function widgetReady(page: Page, renders = 1) {
    await page.waitForFunction(
      (n) =>
        Reflect.get(window, "__fakeTurnstile")?.widgets.filter((w: { live: boolean }) => w.live).length === n,
      renders,
    );
  }

  /** Drives the fake widget in the page: issue a token, expire it, or read its counters. */
  const solve = (page: Page, token: string) =>
    page.evaluate((t) => Reflect.get(window, "__fakeTurnstile").solve(t), token);
  const expire = (page: Page) => page.evaluate(() => Reflect.get(window, "__fakeTurnstile").expire());
  const count = (page: Page, what: "resets" | "renders") =>
    page.evaluate((w) => Number(Reflect.get(window, "__fakeTurnstile")[w]), what);

  it("clears the token when the widget expires, so the page asks again and sends nothing", async () => {
    const v = await visit("/sign/in");
    await widgetReady(v.page);
    await solve(v.page, "good-expired");
    assert.equal(await v.page.inputValue("input[name=cf-turnstile-response]"), "good-expired");
    await expire(v.page);
    await pages[0].fill(v.page);
    await v.page.click(pages[0].submit);
    await v.page.locator("[role=alert]", { hasText: REQUIRED }).waitFor();
    assert.equal(v.posts(), 0);
    await v.context.close();
  });

  it("resets the widget after a refused submit, so the retry uses a new token and signs in", async () => {
    const email = uniqueEmail("ts-retry");
    const up = await visit("/sign/up");
    await widgetReady(up.page);
    await solve(up.page, `good-${email}-up`);
    await up.page.fill("#name", "Retry Trader");
    await up.page.fill("#email", email);
    await up.page.fill("#password", "pw-12345678");
    await up.page.check("input[name=terms]");
    await up.page.click("button:has-text('Get Started')");
    await up.page.waitForURL(`${server.url}/subscribe`);
    await up.context.close();

    const v = await visit("/sign/in");
    await widgetReady(v.page);
    await solve(v.page, `good-${email}-1`);
    await v.page.fill("#email", email);
    await v.page.fill("#password", "wrong password");
    await v.page.click("button:has-text('Sign In')");
    await v.page.locator("[role=alert]", { hasText: "Wrong email or password." }).waitFor();
    // The spent token is gone and the widget was reset for a new challenge.
    await eventually(async () => {
      assert.equal(await count(v.page, "resets"), 1);
      assert.equal(await v.page.inputValue("input[name=cf-turnstile-response]"), "");
    });
    await solve(v.page, `good-${email}-2`);
    await v.page.fill("#password", "pw-12345678");
    await v.page.click("button:has-text('Sign In')");
    await v.page.waitForURL(`${server.url}/subscribe`);
    await v.context.close();
  });

  it("answers a reused token with the verification failure text", async () => {
    const v = await visit("/sign/in");
    await widgetReady(v.page);
    spentTokens.add("good-spent");
    await solve(v.page, "good-spent");
    await pages[0].fill(v.page);
    await v.page.click(pages[0].submit);
    await v.page.locator("[role=alert]", { hasText: INVALID }).waitFor();
    await v.context.close();
  });

  it("loads Turnstile once while moving between sign pages", async () => {
    const v = await visit("/sign/in");
    await widgetReady(v.page);
    await v.page.click("a:has-text('Create an account')");
    await v.page.getByText("Subscribe today").waitFor();
    await widgetReady(v.page);
    assert.equal(await count(v.page, "renders"), 2);
    assert.equal(v.scriptLoads(), 1);
    await v.context.close();
  });
});
