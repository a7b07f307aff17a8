// Screenshots of the screens in light and dark, at 1280 and 375 px, for a person to look at:
// `npx tsx scripts/screenshots.ts [outDir]` (default ./screenshots, ignored by git). Needs Chromium.
import { mkdirSync } from "node:fs";
import { launch } from "../tests/browser/browser.ts";
import { startServer } from "../tests/browser/server.ts";

const out = process.argv[2] ?? "screenshots";
mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launch();
try {
  for (const theme of ["light", "dark"] as const) {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({
        viewport: { width, height: 860 },
        colorScheme: theme,
        extraHTTPHeaders: { "cf-connecting-ip": `10.99.${width % 250}.${theme === "dark" ? 2 : 1}` },
      });
      await context.addCookies([{ name: "theme", value: theme, url: server.url }]);
      const page = await context.newPage();
      const shot = async (name: string) => {
        await page.screenshot({ path: `${out}/${name}-${theme}-${width}.png`, fullPage: true });
      };
      await page.goto(`${server.url}/sign/in`);
      await shot("sign-in");
      await page.goto(`${server.url}/sign/in?forgot=1`);
      await shot("forgot-password");
      await page.goto(`${server.url}/sign/up`);
      await shot("sign-up");
      await page.goto(`${server.url}/sign/up/switch-markets?email=trader%40funded.switchmarkets.example`);
      await shot("switch-markets");
      await page.goto(`${server.url}/sign/reset/not-a-token`);
      await shot("reset-invalid");
      await page.goto(`${server.url}/nowhere`);
      await shot("not-found");
      await page.goto(`${server.url}/sign/up`);
      await page.fill("#name", "Screen Shot");
      await page.fill("#email", `shots-${theme}-${width}-${Date.now()}@example.com`);
      await page.fill("#password", "pw-12345678");
      await page.check("input[name=terms]");
      await page.click("button:has-text('Get Started')");
      await page.waitForURL(`${server.url}/subscribe`);
      await shot("subscribe");
      await page.click("button:has-text('Get Started')");
      await page.waitForURL(`${server.url}/welcome`);
      await shot("welcome");
      await page.click("button:has-text('Continue')");
      await page.waitForURL(`${server.url}/strategy/ai/new`);
      await page.click("text=Go long when the 6 MA crosses the 12 MA.");
      await shot("new-strategy");
      await page.click("button:has-text('Create Strategy')");
      await page.waitForURL(/\/strategy\/\d+\/build/);
      await page.waitForTimeout(1500);
      // The example has no exit and the assistant asks for one: answer it as a trader would, so the backtest
      // below trades and its graphs and tables have something to show.
      await page.fill("textarea[placeholder='Type your message here']", "Close on the opposite cross.");
      await page.keyboard.press("Enter");
      await page.getByText("Close on the opposite cross.").first().waitFor();
      await page.waitForTimeout(2500);
      await shot("build-tab");
      const sid = /\/strategy\/(\d+)\//.exec(page.url())?.[1] ?? "";
      await page.goto(`${server.url}/strategy/${sid}/code`);
      await shot("code-tab-empty");
      await page.click("button:has-text('Generate Code')");
      await page.getByRole("button", { name: "Run Backtest", exact: true }).waitFor();
      await shot("code-overlay");
      await page.getByRole("button", { name: "Run backtest later" }).click();
      await page.locator(".code-viewer .code-line").first().waitFor();
      await shot("code-tab");
      await page.goto(`${server.url}/strategy/${sid}/backtest`);
      await shot("backtest-form");
      await page.click("section.backtest-form button:has-text('Run Backtest')");
      await page.waitForURL(/\/results\/\d+$/);
      await page.getByText("Backtest completed!").waitFor({ timeout: 240_000 });
      const results = page.url();
      // The balance/equity chart over time is the results page's first graph.
      await page.locator("figure.equity-chart path.time-balance").first().waitFor();
      await page.waitForTimeout(500);
      await shot("results-balance");
      for (const graph of ["entries", "pnl", "candle", "play"]) {
        await page.goto(`${results}?graph=${graph}`);
        await page.locator(".chart-svg, .candle-canvas canvas").first().waitFor();
        await page.waitForTimeout(1200);
        await shot(`results-${graph}`);
      }
      for (const tab of ["trades", "orders", "deals", "robustness"]) {
        await page.goto(`${results}?tab=${tab}`);
        await shot(`results-${tab}`);
      }
      // The read-only share view, as someone without an account sees it.
      await page.goto(results);
      await page.click("button:has-text('Create share link')");
      const shareUrl = await page.locator("a.share-link").first().getAttribute("href");
      if (shareUrl) {
        const visitor = await browser.newContext({ viewport: { width, height: 860 }, colorScheme: theme });
        const shared = await visitor.newPage();
        await shared.goto(shareUrl);
        await shared.screenshot({ path: `${out}/shared-result-${theme}-${width}.png`, fullPage: true });
        await visitor.close();
      }
      // A second run (open prices, another deposit) so Compare has two curves to overlay.
      await page.goto(`${server.url}/strategy/${sid}/backtest`);
      await page.selectOption("select[name=model]", "2");
      await page.click("section.backtest-form button:has-text('Run Backtest')");
      await page.waitForURL(/\/results\/\d+$/);
      await page.getByText("Backtest completed!").waitFor({ timeout: 240_000 });
      const first = /\/results\/(\d+)/.exec(results)?.[1] ?? "";
      const second = /\/results\/(\d+)/.exec(page.url())?.[1] ?? "";
      await page.goto(`${server.url}/strategy/${sid}/compare?b=${first}&b=${second}`);
      await page.waitForTimeout(800);
      await shot("compare");
      await page.goto(`${server.url}/strategy/${sid}/optimise`);
      await shot("optimise-form");
      await page.goto(`${server.url}/strategy/${sid}/backtest`);
      await shot("backtest-history");
      await page.goto(`${server.url}/`);
      await shot("my-strategies");
      await page.click("summary[aria-label='Profile menu']");
      await shot("shell-menu");
      await page.goto(`${server.url}/?contact=1`);
      await shot("contact");
      await page.goto(`${server.url}/account`);
      await shot("account");
      await page.goto(`${server.url}/subscribe?currency=EUR&cycle=yearly`);
      await page.goto(`${server.url}/addons`);
      await shot("addons");
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots written to ${out}/`);
