import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FORM_LIMIT, FORM_MESSAGES } from "../../app/utils/form.server";
import { chooseFree, ORIGIN, signUp, TOKEN, uniqueIp } from "./helpers";

/*
 * Form bodies a person (or a script) can send to any action: the shared form reader answers 4xx with a
 * readable page for what it refuses, and the limit fits the longest legitimate form.
 */

function post(path: string, body: BodyInit, headers: Record<string, string>, cookie?: string) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      host: "app.test",
      origin: ORIGIN,
      "cf-connecting-ip": uniqueIp(),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body,
    redirect: "manual",
  });
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("form bodies", () => {
  it("accepts a 5000-character CJK contact message (about 45 KB encoded)", async () => {
    const { cookie } = await signUp();
    await chooseFree(cookie);
    const message = "漢".repeat(5000);
    const body = new URLSearchParams({ message, returnTo: "/" }).toString();
    expect(body.length).toBeGreaterThan(40_000);
    const res = await post("/contact", body, FORM, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("contact=sent");
  });

  it("answers 413 with a readable page for a form larger than any legitimate one", async () => {
    const body = new URLSearchParams({
      intent: "signin",
      email: "a@example.com",
      password: "x".repeat(FORM_LIMIT),
    });
    const res = await post("/sign/in", body.toString(), FORM);
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain(FORM_MESSAGES.tooLarge);
  });

  it("counts the bytes it reads, so a chunked body without Content-Length is limited too", async () => {
    const chunk = new TextEncoder().encode(`password=${"x".repeat(16 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > FORM_LIMIT * 2) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await post("/sign/in", stream, FORM);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(FORM_MESSAGES.tooLarge);
  });

  it("answers 415 for JSON or no content type sent to a form action", async () => {
    const json = await post("/sign/in", JSON.stringify({ email: "a@example.com" }), {
      "content-type": "application/json",
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain(FORM_MESSAGES.wrongType);
    const none = await post("/sign/up?index", "name=x", {});
    expect(none.status).toBe(415);
  });

  it("still reads multipart forms", async () => {
    const { email, password } = await signUp();
    const form = new FormData();
    form.set("intent", "signin");
    form.set("email", email);
    form.set("password", password);
    form.set("cf-turnstile-response", TOKEN);
    const res = await post("/sign/in", form, {});
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toContain("sf_session=");
  });
});
