// The results page's JavaScript and its time to the first chart (issue 7 acceptance), measured in Chromium:
// `npx tsx scripts/measure-results.ts`. Starts the app as the browser tests do (wrangler dev, fresh state),
// signs up, runs a backtest, then opens its results page in a cold browser context and prints the gzip size
// of the scripts it loads (before and with the chart chunks) and the ms from navigation to the first drawn
// chart (the balance SVG; the candle canvas on ?graph=candle).
import { gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { launch, newPage, uniqueEmail } from "../tests/browser/browser.ts";
import { ai, signUpFree, startBacktest, strategyWithCode } from "../tests/browser/results-setup.ts";
import { startServer } from "../tests/browser/server.ts";

const RUNS = 3;

interface Script {
  url: string;
  gzip: number;
  at: number;
}

function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function waitCompleted(page: Page, sid: string, bid: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await ai(page, "strategy/backtest", { strId: sid, backtestId: bid });
    if (JSON.stringify(answer).includes('"processingStatus":"completed"')) return;
    if (Date.now() > deadline) throw new Error(`backtest did not complete: ${JSON.stringify(answer)}`);
    await page.waitForTimeout(500);
  }
}

/** One cold load: scripts (with the time they arrived) and the ms to the first chart element. */
async function measure(context: BrowserContext, url: string, selector: string) {
  const page = await context.newPage();
  const started = Date.now();
  const pending: Promise<Script | null>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    const at = Date.now() - started;
    pending.push(
      res
        .body()
        .then((body) => ({
          url: decodeURIComponent(new URL(res.url()).pathname),
          gzip: gzipSync(body).length,
          at,
        }))
        .catch(() => null),
    );
  });
  const response = await page.goto(url, { waitUntil: "commit" });
  const paint = await page.waitForFunction(
    (sel) => (document.querySelector(sel) ? performance.now() : false),
    selector,
    { polling: "raf", timeout: 30_000 },
  );
  const ms = Number(await paint.jsonValue());
  const ttfb = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    return nav instanceof PerformanceNavigationTiming ? nav.responseStart : 0;
  });
  await page.waitForLoadState("networkidle");
  // What the server's HTML names (module preloads, imports) is the page's initial JavaScript; the rest came
  // later through dynamic imports (the chart chunks).
  const html = (await response?.text()) ?? "";
  const initial = new Set(
    Array.from(html.matchAll(/\/build\/[^"'\s]+?\.js/g), (m) => decodeURIComponent(m[0])),
  );
  const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
  await page.close();
  return { ms, ttfb, scripts, initial };
}

const server = await startServer();
const browser = await launch();
try {
  const { context, page } = await newPage(browser, { javaScript: true });
  await signUpFree(page, server.url, uniqueEmail("measure"));
  const sid = await strategyWithCode(page);
  const bid = await startBacktest(page, sid, 365);
  await waitCompleted(page, sid, bid);
  const cookies = await context.cookies();
  const base = `${server.url}/strategy/${sid}/results/${bid}`;

  const report = async (label: string, url: string, selector: string) => {
    const times: number[] = [];
    const firstBytes: number[] = [];
    let scripts: Script[] = [];
    let initial = new Set<string>();
    for (let i = 0; i < RUNS; i++) {
      // A new context each run: an empty HTTP cache, as a first visit.
      const cold = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      await cold.addCookies(cookies);
      const run = await measure(cold, url, selector);
      times.push(run.ms);
      firstBytes.push(run.ttfb);
      scripts = run.scripts;
      initial = run.initial;
      await cold.close();
    }
    const sum = (list: Script[]) => list.reduce((s, x) => s + x.gzip, 0);
    const first = scripts.filter((s) => initial.has(s.url));
    const lazy = scripts.filter((s) => !initial.has(s.url));
    console.log(`\n${label}: ${url.replace(server.url, "")}`);
    for (const s of lazy) console.log(`  ${kib(s.gzip).padStart(7)} KiB gzip  ${s.url} (loaded on demand)`);
    console.log(`  initial JavaScript (in the HTML): ${kib(sum(first))} KiB gzip in ${first.length} files`);
    console.log(`  chart chunks loaded after mount: ${kib(sum(lazy))} KiB gzip in ${lazy.length} files`);
    console.log(`  total: ${kib(sum(scripts))} KiB gzip`);
    console.log(
      `  first chart drawn (${selector}): median ${Math.round(median(times))} ms of ${times.map(Math.round).join(", ")}` +
        ` (first byte of the HTML: median ${Math.round(median(firstBytes))} ms)`,
    );
  };

  await report("Balance graph", base, ".chart-svg path, .chart-svg rect");
  await report("Candle graph", `${base}?graph=candle`, ".candle-canvas canvas");
} finally {
  await browser.close();
  await server.stop();
}
