import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createServices } from "../../worker/services/context";
import { newUser, subscriptionOf } from "./billing-helpers";
import { getPage as get, pageText as html, newStrategy, ORIGIN, postForm as post, uniqueIp } from "./helpers";
import { subscribePaid } from "./sandbox-checkout";
import { freeUser } from "./strategies-helpers";

/** The code tab (spec 2 s2, s4, s6) as HTML pages and form posts, the way a browser without JavaScript uses it. */

/** The credits banner's markup alone, so its texts are not confused with the rest of the page. */
function bannerOf(page: string): string {
  const match = /<section class="credits-banner[^"]*"[^>]*>[\s\S]*?<\/section>/.exec(page);
  if (!match) throw new Error("no credits banner on the page");
  return match[0];
}

async function usage(cookie: string): Promise<number> {
  const res = await SELF.fetch(`${ORIGIN}/api/subscription`, {
    method: "POST",
    headers: { cookie, origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
    body: "{}",
  });
  return z.object({ data: z.object({ creditsUsage: z.number() }) }).parse(await res.json()).data.creditsUsage;
}

describe("code tab", () => {
  it("generates code through the form, shows the overlay until Run Backtest completes it", async () => {
    const cookie = await freeUser();
    const sid = await newStrategy(cookie);
    const empty = await html(await get(`/strategy/${sid}/code`, cookie));
    expect(empty).toContain("Generate Code");
    expect(empty).not.toContain("Generating Your EA");

    const before = await usage(cookie);
    const gen = await post(`/strategy/${sid}/code`, { intent: "generate" }, cookie);
    expect(gen.status).toBe(302);
    expect(gen.headers.get("location")).toBe(`/strategy/${sid}/code`);
    expect(await usage(cookie)).toBe(before + 1);

    // Ready (GENERATED_OK): the overlay with its two choices and a full bar.
    const ready = await html(await get(`/strategy/${sid}/code`, cookie));
    expect(ready).toContain("Generating Your EA");
    expect(ready).toContain("Please wait as we complete the final steps of code generation");
    expect(ready).toContain("Run Backtest");
    expect(ready).toContain("Run backtest later");
    expect(ready).toMatch(/aria-valuenow="100"/);
    // The tab label follows the code's existence.
    expect(ready).not.toMatch(/>Generate Code</);

    const done = await post(`/strategy/${sid}/code`, { intent: "complete", next: "backtest" }, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/strategy/${sid}/backtest`);
    const ok = await html(await get(`/strategy/${sid}/code`, cookie));
    expect(ok).not.toContain("Generating Your EA");
    expect(ok).toContain("Download EA");
    expect(ok).toContain("Install Guide");
    expect(ok).toContain("Recreate Code");
    expect(ok).toContain("Loading code...");
    // The source comes lazily, escaped, through the same loader.
    const source = await html(await get(`/strategy/${sid}/code?source=1`, cookie));
    expect(source).toContain("#property");
    expect(source).toContain("OnTick");
    expect(await usage(cookie)).toBe(before + 1);
  });

  it("completes with 'Run backtest later' without leaving the code tab", async () => {
    const cookie = await freeUser();
    const sid = await newStrategy(cookie);
    await post(`/strategy/${sid}/code`, { intent: "generate" }, cookie);
    const later = await post(`/strategy/${sid}/code`, { intent: "complete", next: "later" }, cookie);
    expect(later.status).toBe(302);
    expect(later.headers.get("location")).toBe(`/strategy/${sid}/code`);
  });

  it("shows the credits banner when credits run out, and consumes nothing", async () => {
    const cookie = await freeUser();
    const sid = await newStrategy(cookie);
    // Free has 3 credits: generate, then two recreations use them up.
    expect((await post(`/strategy/${sid}/code`, { intent: "generate" }, cookie)).status).toBe(302);
    expect((await post(`/strategy/${sid}/code`, { intent: "recreate" }, cookie)).status).toBe(302);
    expect((await post(`/strategy/${sid}/code`, { intent: "recreate" }, cookie)).status).toBe(302);
    expect(await usage(cookie)).toBe(3);

    const refused = await post(`/strategy/${sid}/code`, { intent: "recreate" }, cookie);
    expect(refused.status).toBe(402);
    const page = await html(refused);
    const banner = bannerOf(page);
    expect(banner).toContain("Credits Exhausted");
    expect(banner).toContain("Upgrade to Premium for unlimited access");
    expect(banner).toMatch(/href="\/account"[^>]*>Upgrade</);
    expect(banner).toMatch(/href="\/addons"[^>]*>Add-ons</);
    expect(banner).not.toContain("Get more credits to continue building");
    // The generic banner, not the account page's upsell variant.
    expect(page).not.toContain("Unlock Premium Features!");
    expect(await usage(cookie)).toBe(3);
    // The refused generation left no code: the tab offers Generate Code again.
    const after = await html(await get(`/strategy/${sid}/code`, cookie));
    expect(after).toContain("Generate Code");
    expect(after).not.toContain("Generating Your EA");
  });

  it("shows a paid plan the 'Get more credits' banner, without the free plan's heading", async () => {
    const u = await newUser();
    await subscribePaid(u.cookie, "builder-monthly-eur");
    const sid = await newStrategy(u.cookie);
    // Use up every plan credit directly, so the next generation is refused (402 INSUFFICIENT_CREDITS).
    const sub = await subscriptionOf(u.cookie);
    await createServices(env).credits.consume(u.userId, sub?.credits ?? 0, "test: use the plan credits");

    const refused = await post(`/strategy/${sid}/code`, { intent: "generate" }, u.cookie);
    expect(refused.status).toBe(402);
    const page = await html(refused);
    const banner = bannerOf(page);
    expect(banner).toContain("Get more credits to continue building");
    expect(banner).toMatch(/href="\/addons"[^>]*>Get Credits</);
    expect(banner).toMatch(/href="\/account"[^>]*>Upgrade</);
    expect(banner).not.toContain("Credits Exhausted");
    expect(banner).not.toContain("Upgrade to Premium for unlimited access");
    expect(page).not.toContain("Need More Credits?");
  });

  it("draws a running generation from the stored state, with a refresh for pages without scripts", async () => {
    const cookie = await freeUser();
    const sid = await newStrategy(cookie);
    await post(`/strategy/${sid}/code`, { intent: "generate" }, cookie);
    // A generation caught mid-way (checked code, state GENERATED 10), as another tab's reload would see it.
    await env.DB.prepare("UPDATE strategy_codes SET state = 10, updated_at = ?1 WHERE strategy_id = ?2")
      .bind(Date.now(), Number(sid))
      .run();
    const page = await html(await get(`/strategy/${sid}/code`, cookie));
    expect(page).toContain("Generating Your EA");
    expect(page).toContain("Step 2 of 5");
    expect(page).toMatch(/aria-valuenow="34"/);
    expect(page).toContain('http-equiv="refresh"');
    expect(page).toContain(">Refresh<");
    expect(page).not.toContain("Run backtest later");
  });

  it("answers another user's strategy as not found, and ignores unknown intents", async () => {
    const owner = await freeUser();
    const sid = await newStrategy(owner);
    const other = await freeUser();
    expect((await get(`/strategy/${sid}/code`, other)).status).toBe(404);
    expect((await post(`/strategy/${sid}/code`, { intent: "generate" }, other)).status).toBe(404);
    const odd = await post(`/strategy/${sid}/code`, { intent: "explode" }, owner);
    expect(odd.status).toBe(400);
    expect(await html(odd)).toContain("Error processing code");
  });
});
