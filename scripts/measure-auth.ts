// The JavaScript an anonymous visitor's first page loads (issue 2 closing note), measured in Chromium:
// `npx tsx scripts/measure-auth.ts`. Starts the app as the browser tests do (wrangler dev, fresh state), opens
// each auth page in a cold browser context and prints the gzip size of every script it loads.
import { gzipSync } from "node:zlib";
import { launch } from "../tests/browser/browser.ts";
import { startServer } from "../tests/browser/server.ts";

const PAGES = ["/sign/in", "/sign/up", "/sign/up/switch-markets"];

const server = await startServer();
const browser = await launch();
try {
  for (const path of PAGES) {
    // A new context per page: an empty HTTP cache, as a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const sizes: Promise<{ url: string; gzip: number; raw: number } | null>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      sizes.push(
        res
          .body()
          .then((body) => ({
            url: new URL(res.url()).pathname,
            gzip: gzipSync(body).length,
            raw: body.length,
          }))
          .catch(() => null),
      );
    });
    await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
    const scripts = (await Promise.all(sizes)).filter((s) => s !== null);
    const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const raw = scripts.reduce((sum, s) => sum + s.raw, 0);
    console.log(
      `${path.padEnd(26)} ${(gzip / 1024).toFixed(1).padStart(6)} KiB gzip (${(raw / 1024).toFixed(1)} KiB raw) in ${scripts.length} scripts`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
