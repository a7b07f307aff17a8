import { describe, expect, it } from "vitest";
import { env, fetchWithVars, signUp } from "./helpers";

/*
 * Analytics, customer-data and error-reporting scripts (issue 2, spec 1 s6-7): with a key configured the page
 * carries what makes the integration actually work (Sentry's self-initialising Loader Script, Segment's stub
 * with a page view), the CSP names exactly those origins, and nothing is loaded unconfigured or for internal users.
 */

const SENTRY_KEY = "0123abcdef4567890123abcdef456789";
const CONFIGURED = {
  SEGMENT_WRITE_KEY: "seg-key",
  SENTRY_DSN: `https://${SENTRY_KEY}@o4501.ingest.sentry.io/4505`,
};

function directive(res: Response, name: string): string {
  const csp = res.headers.get("content-security-policy") ?? "";
  return csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
}

/** The inline and external <script> elements of a page, attributes and body as written. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0]);
}

/**
 * The scripts that reach another origin or set up an integration. The page's loader data (in Remix's own
 * inline script) names the public configuration, so a plain text search of the page would not tell.
 */
function integrationScripts(html: string): string[] {
  return scripts(html).filter((s) => /\bsrc="https?:\/\//.test(s) || s.includes("window.analytics"));
}

describe("configured integrations", () => {
  it("loads Sentry's Loader Script for the DSN's public key, which initialises the SDK itself", async () => {
    const res = await fetchWithVars(CONFIGURED, "/sign/in");
    const loader = scripts(await res.text()).find((s) => s.includes("sentry"));
    expect(loader).toContain(`src="https://js.sentry-cdn.com/${SENTRY_KEY}.min.js"`);
    expect(loader).toContain('crossorigin="anonymous"');
    const script = directive(res, "script-src");
    expect(script).toContain("https://js.sentry-cdn.com");
    expect(script).toContain("https://browser.sentry-cdn.com");
    expect(directive(res, "connect-src")).toContain("https://o4501.ingest.sentry.io");
  });

  it("puts Segment's stub with the write key and a page view before analytics.min.js, under the nonce", async () => {
    const res = await fetchWithVars(CONFIGURED, "/sign/in");
    const all = scripts(await res.text());
    const stub = all.findIndex((s) => s.includes("_writeKey"));
    const lib = all.findIndex((s) => s.includes("cdn.segment.com/analytics.js/v1/seg-key/analytics.min.js"));
    expect(stub).toBeGreaterThanOrEqual(0);
    expect(lib).toBeGreaterThan(stub);
    expect(all[stub]).toContain('_writeKey="seg-key"');
    expect(all[stub]).toContain("page()");
    const nonce = all[stub]?.match(/nonce="([^"]+)"/)?.[1];
    expect(nonce).toBeTruthy();
    expect(directive(res, "script-src")).toContain(`'nonce-${nonce}'`);
    expect(directive(res, "script-src")).toContain("https://cdn.segment.com");
    expect(directive(res, "connect-src")).toContain("https://api.segment.io");
  });

  it("cannot be broken out of by a write key with markup in it", async () => {
    const res = await fetchWithVars(
      { SEGMENT_WRITE_KEY: 'k</script><script>alert("x")</script>' },
      "/sign/in",
    );
    const html = await res.text();
    expect(html).not.toContain('<script>alert("x")');
    expect(html).toContain("\\u003c/script\\u003e");
  });

  it("loads nothing from Sentry for a malformed DSN, and the CSP does not name it", async () => {
    const res = await fetchWithVars({ SENTRY_DSN: "not a dsn" }, "/sign/in");
    expect(integrationScripts(await res.text())).toEqual([]);
    expect(res.headers.get("content-security-policy")).not.toContain("sentry");
  });
});

describe("nothing loaded", () => {
  it("when nothing is configured: no outside script and a CSP of the page's own origin", async () => {
    const res = await fetchWithVars({}, "/sign/in");
    expect(integrationScripts(await res.text())).toEqual([]);
    expect(directive(res, "connect-src")).toBe("connect-src 'self'");
  });

  it("for an internal user, while another signed-in user gets them", async () => {
    const internal = await signUp();
    const other = await signUp();
    await env.DB.prepare("UPDATE users SET internal = 1 WHERE email = ?").bind(internal.email).run();
    const page = async (cookie: string) =>
      (await fetchWithVars(CONFIGURED, "/subscribe", { headers: { cookie } })).text();
    expect(integrationScripts(await page(other.cookie))).toHaveLength(3);
    const internalHtml = await page(internal.cookie);
    expect(internalHtml).toContain("<form"); // the page itself rendered
    expect(integrationScripts(internalHtml)).toEqual([]);
  });
});
