import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chooseFree, env, getPage as get, ORIGIN, postForm, signUp, TOKEN, uniqueEmail } from "./helpers";

/** The sign-in form as the page posts it, with a token the test Turnstile key passes. */
const signIn = (email: string, password: string, extra: Record<string, string> = {}) =>
  postForm("/sign/in", { intent: "signin", email, password, "cf-turnstile-response": TOKEN, ...extra });

function sessionFrom(res: Response): string {
  const m = res.headers.get("set-cookie")?.match(/sf_session=([^;]+)/);
  if (!m) throw new Error("no session cookie");
  return `sf_session=${m[1]}`;
}

describe("guards", () => {
  it.each([
    "/",
    "/strategy/deleted",
    "/strategy/ai/new",
    "/strategy/12/build",
    "/account/invoices",
    "/feedback",
    "/subscribe",
    "/welcome",
  ])("sends an anonymous visitor of %s to /sign/up", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location.startsWith("/sign/up")).toBe(true);
  });

  it("remembers the path and query of the guarded page", async () => {
    const res = await get("/strategy/42/results/7?tab=deals");
    expect(res.headers.get("location")).toBe(
      `/sign/up?redirectTo=${encodeURIComponent("/strategy/42/results/7?tab=deals")}`,
    );
  });

  it.each([
    "/sign/in",
    "/sign/up",
    "/sign/up/switch-markets",
    "/sign/reset/some-token",
    "/signout",
    "/err/app",
  ])("lets an anonymous visitor open %s", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
  });

  it("answers unknown paths with the not-found page and a 404 status, signed in or not", async () => {
    const anon = await get("/no/such/page");
    expect(anon.status).toBe(404);
    expect(await anon.text()).toContain("404. Page Not Found");
  });

  it("sends a session without a subscription to /subscribe, and a subscriber away from it", async () => {
    const { cookie } = await signUp();
    expect((await get("/", cookie)).headers.get("location")).toBe("/subscribe");
    expect((await get("/subscribe", cookie)).status).toBe(200);
    const chosen = await chooseFree(cookie);
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe("/");
    // A new subscriber without strategies sees the welcome page first (spec 2 s2).
    expect((await get("/", cookie)).headers.get("location")).toBe("/welcome");
    expect((await get("/welcome", cookie)).status).toBe(200);
    expect((await get("/subscribe", cookie)).headers.get("location")).toBe("/account");
  });
});

describe("sign-in and sign-up forms without JavaScript", () => {
  it("signs up through the form, then lands on the remembered path", async () => {
    const email = uniqueEmail("form");
    const res = await postForm("/sign/up?index", {
      name: "Form User",
      email,
      password: "pw",
      terms: "on",
      "cf-turnstile-response": TOKEN,
      redirectTo: "/strategy/ai/new",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/strategy/ai/new");
    expect(res.headers.get("set-cookie")).toContain("sf_session=");
  });

  it("shows the spec's text when the terms are not accepted, and writes nothing", async () => {
    const email = uniqueEmail("noterms");
    const res = await postForm("/sign/up?index", {
      name: "No Terms",
      email,
      password: "pw",
      "cf-turnstile-response": TOKEN,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please accept the Terms of Service and Privacy Policy");
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).toBeNull();
  });

  it("signs in and never follows an off-site redirectTo", async () => {
    const { email, password } = await signUp();
    const res = await signIn(email, password, { redirectTo: "//evil.example/steal" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("shows 'Wrong email or password.' on the page for bad credentials", async () => {
    const { email } = await signUp();
    const res = await signIn(email, "wrong");
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Wrong email or password.");
  });

  it("shows 'Please complete the security verification.' without a token", async () => {
    const { email, password } = await signUp();
    const res = await postForm("/sign/in", { intent: "signin", email, password });
    expect(await res.text()).toContain("Please complete the security verification.");
  });

  it("refuses a form posted from another site", async () => {
    const res = await SELF.fetch(`${ORIGIN}/sign/in`, {
      method: "POST",
      headers: {
        host: "app.test",
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "intent=signin&email=a%40b.c&password=x",
      redirect: "manual",
    });
    expect(res.status).toBe(403);
  });
});

describe("partner sign-up page", () => {
  it("prefills the e-mail from the query", async () => {
    const res = await get("/sign/up/switch-markets?email=funded%40funded.switchmarkets.example");
    const html = await res.text();
    expect(html).toContain("In partnership with");
    expect(html).toContain('value="funded@funded.switchmarkets.example"');
  });

  it("registers an eligible trader and shows the 5-second welcome", async () => {
    const res = await postForm("/sign/up/switch-markets", {
      name: "Funded Form",
      email: `f-${Date.now()}@funded.switchmarkets.example`,
      password: "pw",
      terms: "on",
      "cf-turnstile-response": TOKEN,
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Go to Dashboard Now");
    expect(html).toContain('content="5;url=/"');
  });
});

describe("contact form without JavaScript", () => {
  it("sends and returns to the page with the modal showing 'Message sent!'", async () => {
    const { cookie } = await signUp();
    await chooseFree(cookie);
    const res = await postForm(
      "/contact",
      { message: "Hello from a form", returnTo: "/strategy/deleted" },
      cookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/strategy/deleted?contact=sent");
    const page = await get("/strategy/deleted?contact=sent", cookie);
    expect(await page.text()).toContain("Message sent!");
  });

  it("shows the message rule on an empty message", async () => {
    const { cookie } = await signUp();
    await chooseFree(cookie);
    const res = await postForm("/contact", { message: " ", returnTo: "/" }, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter a message");
  });
});

describe("reset page", () => {
  const INVALID = "This password reset link is invalid or has expired.";
  const USED =
    "This password reset link has expired or already been used. Please request a new password reset link.";

  it("shows the token-check text on a visit and the submit text after a refused submit without JavaScript", async () => {
    const token = "a".repeat(43);
    const visit = await (await get(`/sign/reset/${token}`)).text();
    expect(visit).toContain(INVALID);
    const res = await postForm(`/sign/reset/${token}`, {
      password: "new-password-1",
      confirmPassword: "new-password-1",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(USED);
    expect(html).not.toContain(INVALID);
  });
});

describe("sign-out", () => {
  it("ends the session with a POST and goes to /sign/in", async () => {
    const { cookie } = await signUp();
    const res = await postForm("/signout", {}, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/sign/in");
    expect((await get("/", cookie)).headers.get("location")).toBe("/sign/up");
  });

  it("signing in by form sets a cookie the guards accept", async () => {
    const { email, password } = await signUp();
    const res = await signIn(email, password);
    const cookie = sessionFrom(res);
    expect((await get("/", cookie)).headers.get("location")).toBe("/subscribe");
  });
});

describe("theme", () => {
  it("defaults to light, follows the system hint, and a stored choice wins", async () => {
    expect(await (await get("/sign/in")).text()).toContain('class="light"');
    const hinted = await SELF.fetch(`${ORIGIN}/sign/in`, {
      headers: { "sec-ch-prefers-color-scheme": "dark" },
    });
    expect(await hinted.text()).toContain('class="dark"');
    const stored = await SELF.fetch(`${ORIGIN}/sign/in`, {
      headers: { "sec-ch-prefers-color-scheme": "dark", cookie: "theme=light" },
    });
    expect(await stored.text()).toContain('class="light"');
  });

  it("stores the choice from the footer form", async () => {
    const res = await postForm("/theme", { theme: "dark", returnTo: "/sign/in" });
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toContain("theme=dark");
  });
});

describe("dev outbox", () => {
  it("lists mail with clickable links in development", async () => {
    const { email } = await signUp();
    await SELF.fetch(`${ORIGIN}/api/password_reset_request`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    const html = await (await get("/dev/outbox")).text();
    expect(html).toMatch(/<a href="http:\/\/app\.test\/sign\/reset\/[A-Za-z0-9_-]+">/);
  });
});
