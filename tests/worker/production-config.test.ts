import { SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { envelope, fetchWithVars, ORIGIN, TOKEN, uniqueEmail, uniqueIp } from "./helpers";

/*
 * wrangler.toml is what `npm run deploy` ships and sets no APP_ENV, so a deployment runs as production. The
 * tests' own worker runs as APP_ENV=test (vitest.config.ts); these calls give the same built worker the
 * production setting to prove that nothing development-only leaks into a deployment.
 */
const PRODUCTION = { APP_ENV: "production" };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a production deployment", () => {
  for (const path of ["/dev/outbox", "/dev/ui", "/dev/charts"]) {
    it(`answers 404 for ${path}, which development serves`, async () => {
      const dev = await SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual" });
      expect(dev.status).toBe(200);
      const prod = await fetchWithVars(PRODUCTION, path, { redirect: "manual" });
      expect(prod.status).toBe(404);
      expect(await prod.text()).toContain("404. Page Not Found");
    });
  }

  function signUpRequest(email: string): RequestInit {
    return {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, "cf-connecting-ip": uniqueIp() },
      body: JSON.stringify({
        name: "Prod Trader",
        email,
        password: "correct horse battery",
        turnstileToken: TOKEN,
      }),
    };
  }

  it("fails every Turnstile check closed, with a server log, when TURNSTILE_SECRET_KEY is unset", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const email = uniqueEmail("prod");
    const res = await fetchWithVars(PRODUCTION, "/api/sign/up", signUpRequest(email));
    expect(res.status).toBe(400);
    const body = envelope.parse(await res.json());
    expect(body.status === "error" ? body.errorCode : "ok").toBe("TURNSTILE_INVALID");
    expect(logged.mock.calls.flat().join(" ")).toContain("TURNSTILE_SECRET_KEY is not set");
    // Nothing was written: the same e-mail can still sign up where the test secret applies.
    const dev = await SELF.fetch(`${ORIGIN}/api/sign/up`, signUpRequest(email));
    expect(dev.status).toBe(200);
  });

  it("uses a configured secret in production (here Cloudflare's always-failing test secret)", async () => {
    const res = await fetchWithVars(
      { ...PRODUCTION, TURNSTILE_SECRET_KEY: "2x0000000000000000000000000000000AA" },
      "/api/sign/up",
      signUpRequest(uniqueEmail("prod2")),
    );
    const body = envelope.parse(await res.json());
    expect(body.status === "error" ? body.errorCode : "ok").toBe("TURNSTILE_INVALID");
  });
});
