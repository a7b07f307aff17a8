import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { api, envelope, fetchWithVars, ORIGIN, signUp, TOKEN, uniqueEmail, uniqueIp } from "./helpers";

/*
 * Acceptance checks of issue 2 not covered elsewhere: validation errors of sign-in and sponsored sign-up,
 * TURNSTILE_INVALID over HTTP, the feedback token with keys configured, /err/app, and the CSP with every
 * integration configured. Configurations SELF does not have use the built worker with extra vars.
 */

const FAILING_TURNSTILE = { TURNSTILE_SECRET_KEY: "2x0000000000000000000000000000000AA" };

async function apiWithVars(vars: Record<string, string>, action: string, body: unknown, cookie?: string) {
  const res = await fetchWithVars(vars, `/api/${action}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: ORIGIN,
      "cf-connecting-ip": uniqueIp(),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: envelope.parse(await res.json()) };
}

describe("validation errors", () => {
  it("sign/in answers VALIDATION_ERROR naming the e-mail field", async () => {
    const res = await api("sign/in", { email: "not-an-email", password: "x", turnstileToken: TOKEN });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorCode: "VALIDATION_ERROR",
      field: "email",
      userMessage: "Please enter a valid email address",
    });
  });

  it("sign/up/sponsor answers VALIDATION_ERROR naming the missing name and creates no user", async () => {
    const email = `v-${Date.now()}@funded.switchmarkets.example`;
    const res = await api("sign/up/sponsor", {
      email,
      password: "pw-12345678",
      sponsor: "switch-markets",
      turnstileToken: TOKEN,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: "VALIDATION_ERROR", field: "name" });
    const again = await api("sign/up/sponsor", {
      name: "Funded",
      email,
      password: "pw-12345678",
      sponsor: "switch-markets",
      turnstileToken: TOKEN,
    });
    expect(again.status).toBe(200);
  });
});

describe("TURNSTILE_INVALID over HTTP", () => {
  it.each([
    ["sign/in", { password: "pw-12345678" }],
    ["sign/up", { name: "Bot", password: "pw-12345678" }],
    ["sign/up/sponsor", { name: "Bot", password: "pw-12345678", sponsor: "switch-markets" }],
  ])(
    "%s answers TURNSTILE_INVALID for a token siteverify refuses, and writes nothing",
    async (action, rest) => {
      const email = `t-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@funded.switchmarkets.example`;
      const res = await apiWithVars(FAILING_TURNSTILE, action, { ...rest, email, turnstileToken: TOKEN });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        errorCode: "TURNSTILE_INVALID",
        userMessage: "Security verification failed. Please try again.",
      });
      // No account exists for the e-mail: a normal sign-up of it still succeeds.
      const later = await api("sign/up", {
        name: "Real",
        email,
        password: "pw-12345678",
        turnstileToken: TOKEN,
      });
      expect(later.status).toBe(200);
    },
  );

  it("the sign-up form shows the spec's text for it", async () => {
    const res = await fetchWithVars(FAILING_TURNSTILE, "/sign/up?index", {
      method: "POST",
      headers: {
        host: "app.test",
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": uniqueIp(),
      },
      body: new URLSearchParams({
        name: "Bot",
        email: uniqueEmail("form-bot"),
        password: "pw-12345678",
        terms: "on",
        "cf-turnstile-response": TOKEN,
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Security verification failed. Please try again.");
  });
});

describe("POST /api/canny/token with the board keys configured", () => {
  const CANNY = {
    CANNY_APP_ID: "app-123",
    CANNY_PRIVATE_KEY: "canny-private-key",
    CANNY_BOARD_TOKEN: "board-1",
  };

  it("answers a token signed with the private key that names the signed-in user", async () => {
    const { cookie, email } = await signUp();
    const res = await apiWithVars(CANNY, "canny/token", {}, cookie);
    expect(res.status).toBe(200);
    const token =
      res.body.status === "ok" ? z.object({ userToken: z.string() }).parse(res.body.data).userToken : "";
    const [header, payload, signature] = token.split(".");
    const fromB64 = (s: string) =>
      Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(fromB64(payload)));
    expect(claims).toMatchObject({ email });
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(CANNY.CANNY_PRIVATE_KEY),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["verify"],
    );
    const valid = await crypto.subtle.verify(
      "HMAC",
      key,
      fromB64(signature),
      new TextEncoder().encode(`${header}.${payload}`),
    );
    expect(valid).toBe(true);
  });
});

describe("pages", () => {
  it("/err/app says the app failed to load", async () => {
    const res = await SELF.fetch(`${ORIGIN}/err/app`);
    expect(await res.text()).toContain("There is an error loading the app.");
  });

  it("the CSP allows the configured integrations' origins and nothing else", async () => {
    const res = await fetchWithVars(
      {
        TURNSTILE_SITE_KEY: "0x4AAAAAAAFakeSiteKey",
        TURNSTILE_SECRET_KEY: "0x4AAAAAAAFakeSecretKey",
        CANNY_APP_ID: "app-123",
        CANNY_PRIVATE_KEY: "k",
        CANNY_BOARD_TOKEN: "b",
        ANALYTICS_SCRIPT_URL: "https://stats.example.net/script.js",
        ANALYTICS_SITE_ID: "site-1",
        SEGMENT_WRITE_KEY: "seg-key",
        SENTRY_DSN: "https://abc@o1.ingest.sentry.io/1",
      },
      "/sign/in",
    );
    const csp = res.headers.get("content-security-policy") ?? "";
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
    const script = directive("script-src");
    for (const origin of [
      "https://challenges.cloudflare.com",
      "https://canny.io",
      "https://stats.example.net",
      "https://cdn.segment.com",
      "https://js.sentry-cdn.com",
      "https://browser.sentry-cdn.com",
    ])
      expect(script).toContain(origin);
    expect(directive("connect-src")).toContain("https://o1.ingest.sentry.io");
    expect(directive("frame-src")).toContain("https://challenges.cloudflare.com");
    expect(script).not.toContain("stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
    // The page loads the configured scripts for this anonymous visitor.
    const html = await res.text();
    expect(html).toContain("https://stats.example.net/script.js");
  });
});
