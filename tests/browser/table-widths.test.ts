import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { eventually, launch, newPage, uniqueEmail } from "./browser.ts";
import { ai, signUpFree, strategyWithCode } from "./results-setup.ts";
import { startServer, type TestServer } from "./server.ts";
import { hydrated } from "./session.ts";

// Issue 11: every table of the strategy screens fits its card at 1280 and 1920 px (Backtest History hid
// Description and Actions, Deals hid Balance and Comment, a 70-character title pushed My Strategies'
// Actions out), the long texts clipped with the whole text in a title attribute; money with 2 decimals and
// history rows with their time. On a phone (375 px) a table scrolls inside its own box, never the page.

let server: TestServer;
let browser: Browser;
let page: Page;
let sid = "";
let bid = "";

// One 70-character word: nothing to break it at.
const TITLE = "EURUSD_MA_crossover_".repeat(4).slice(0, 70);
// Long unbroken words are the worst case for a table cell.
const DESCRIPTION =
  `${"Supercalifragilisticexpialidocious-".repeat(4)} ${"x".repeat(60)} ${"word ".repeat(25)}`.slice(0, 255);

before(async () => {
  server = await startServer();
  browser = await launch();
  ({ page } = await newPage(browser, { javaScript: true }));
  await signUpFree(page, server.url, uniqueEmail("widths"));
  sid = await strategyWithCode(page);
  const renamed = await ai(page, "strategy/update/info", { strId: sid, title: TITLE });
  assert.equal((renamed as { status: string }).status, "ok", JSON.stringify(renamed));
  const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  const created = await ai(page, "strategy/backtest/new", {
    strId: sid,
    description: DESCRIPTION,
    symbol: "EURUSD",
    period: "H1",
    dateStart: day(-90),
    dateEnd: day(-1),
    executionMode: 0,
    model: 2,
    depositAmount: 10000,
    depositCurrency: "USD",
  });
  bid = String((created as { data?: { backtestId?: string } }).data?.backtestId ?? "");
  assert.ok(bid, JSON.stringify(created));
  await eventually(async () => {
    const got = (await ai(page, "strategy/backtest", { strId: sid, backtestId: bid })) as {
      data?: { processingStatus?: string };
    };
    assert.equal(got.data?.processingStatus, "completed");
  }, 240_000);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The table's width against its card's (the bordered .data-table box), in CSS pixels. */
async function widths(p: Page, label: string): Promise<{ table: number; card: number; page: number }> {
  const table = p.locator(`table[aria-label='${label}']`);
  await table.locator("tbody tr").first().waitFor();
  return table.evaluate((el) => ({
    table: el.getBoundingClientRect().width,
    card: el.closest(".data-table")?.getBoundingClientRect().width ?? 0,
    page: document.documentElement.scrollWidth,
  }));
}

const SCREENS = [
  { label: "My Strategies", path: () => "/" },
  { label: "Backtest History", path: () => `/strategy/${sid}/backtest` },
  { label: "Orders", path: () => `/strategy/${sid}/results/${bid}?tab=orders` },
  { label: "Deals", path: () => `/strategy/${sid}/results/${bid}?tab=deals` },
  { label: "Trades", path: () => `/strategy/${sid}/results/${bid}?tab=trades` },
];

describe("tables fit their cards", () => {
  for (const width of [1280, 1920]) {
    it(`at ${width} px every column is inside the card`, async () => {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of SCREENS) {
        await page.goto(`${server.url}${screen.path()}`);
        const w = await widths(page, screen.label);
        console.log(`${width}px ${screen.label}: table ${w.table} in card ${w.card}`);
        assert.ok(
          w.table <= w.card,
          `${screen.label} at ${width}: table ${w.table} px in a ${w.card} px card`,
        );
        // The last column (Actions, Comment) is inside the card's right edge.
        const lastRight = await page
          .locator(`table[aria-label='${screen.label}'] tbody tr`)
          .first()
          .locator("td")
          .last()
          .evaluate((td) => {
            const card = td.closest(".data-table")?.getBoundingClientRect();
            return (card?.right ?? 0) - td.getBoundingClientRect().right;
          });
        assert.ok(lastRight >= 0, `${screen.label}: last column ${-lastRight} px past the card`);
      }
    });
  }

  it("clips the long title and description with the whole text in a title attribute", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/`);
    const title = page.locator("table[aria-label='My Strategies'] a", { hasText: "EURUSD_MA_crossover_" });
    assert.equal(await title.getAttribute("title"), TITLE);
    await page.goto(`${server.url}/strategy/${sid}/backtest`);
    const description = page.locator("table[aria-label='Backtest History'] [title]", {
      hasText: "Supercalifragilistic",
    });
    assert.equal(await description.getAttribute("title"), DESCRIPTION.trim());
  });

  it("shows money with 2 decimals and the history's created time", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/`);
    await hydrated(page);
    const row = page.locator("table[aria-label='My Strategies'] tbody tr").first();
    for (const i of [3, 4, 5]) {
      const text = ((await row.locator("td").nth(i).textContent()) ?? "").trim();
      assert.match(text, /^-?[\d,]+\.\d\d$/, `column ${i}: ${text}`);
    }
    await page.goto(`${server.url}/strategy/${sid}/backtest`);
    const history = page.locator("table[aria-label='Backtest History'] tbody tr").first();
    assert.match(
      ((await history.locator("td").first().textContent()) ?? "").trim(),
      /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d\d:\d\d$/,
    );
    const profit = ((await history.locator("td").nth(2).textContent()) ?? "").trim();
    assert.match(profit, /^-?[\d,]+\.\d\d$/, profit);
  });

  it("on a 375 px phone the tables scroll inside their boxes, never the page", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const screen of SCREENS) {
      await page.goto(`${server.url}${screen.path()}`);
      const w = await widths(page, screen.label);
      assert.ok(w.page <= 375, `${screen.label}: the page is ${w.page} px wide at 375`);
    }
  });
});
