import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { eventually, launch, newPage, uniqueEmail } from "./browser.ts";
import { startServer, type TestServer } from "./server.ts";

/*
 * The sign pages with REAL-looking Turnstile keys (not Cloudflare's test keys), so the forms carry no dummy
 * token and rely on the widget. Offline there is no Cloudflare: the browser gets a FAKE Turnstile api.js at
 * the network edge (below), which implements the documented explicit-render API (render, reset, remove and
 * the callback / expired-callback options) and lets the test decide when a token is issued or expires. The
 * worker's siteverify call cannot reach Cloudflare either, so every token fails verification server-side.
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

let server: TestServer;
let browser: Browser;

before(async () => {
  server = await startServer({
    vars: { TURNSTILE_SITE_KEY: "0x4AAAAAAAFakeSiteKey", TURNSTILE_SECRET_KEY: "0x4AAAAAAAFakeSecretKey" },
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.stop();
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
});
