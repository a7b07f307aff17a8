import { describe, expect, it } from "vitest";
import { api, errorCode, signUp, TOKEN, uniqueEmail, uniqueIp } from "./helpers";

/*
 * DESIGN D3: sign-in, sign-up, password reset and contact are limited per IP and per e-mail (or user).
 * Each test uses its own addresses and e-mails, so counters never leak between tests.
 */

async function codes(n: number, call: (i: number) => ReturnType<typeof api>): Promise<(string | null)[]> {
  const out: (string | null)[] = [];
  for (let i = 0; i < n; i++) out.push(errorCode(await call(i)));
  return out;
}

describe("rate limits", () => {
  it("limits sign-in attempts from one IP across many e-mails (30 per 15 minutes)", async () => {
    const ip = uniqueIp();
    const got = await codes(31, () =>
      api("sign/in", { email: uniqueEmail("spray"), password: "guess", turnstileToken: TOKEN }, { ip }),
    );
    expect(got.slice(0, 30).every((c) => c === "USER_CREDENTIALS_INVALID")).toBe(true);
    expect(got[30]).toBe("RATE_LIMITED");
  });

  it("limits sign-ups on one e-mail from many IPs (5 an hour)", async () => {
    const email = uniqueEmail("probe");
    const got = await codes(6, () =>
      api(
        "sign/up",
        { name: "Probe", email, password: "pw-12345678", turnstileToken: TOKEN },
        { ip: uniqueIp() },
      ),
    );
    expect(got.slice(0, 5)).toEqual([null, ...Array(4).fill("EMAIL_ALREADY_EXISTS")]);
    expect(got[5]).toBe("RATE_LIMITED");
  });

  it("limits sponsored sign-ups on one e-mail from many IPs, sharing the sign-up count", async () => {
    const email = uniqueEmail("unfunded");
    const body = {
      name: "N",
      email,
      password: "pw-12345678",
      sponsor: "switch-markets",
      turnstileToken: TOKEN,
    };
    const got = await codes(6, () => api("sign/up/sponsor", body, { ip: uniqueIp() }));
    expect(got.slice(0, 5).every((c) => c === "SPONSOR_ELIGIBILITY_ERROR")).toBe(true);
    expect(got[5]).toBe("RATE_LIMITED");
  });

  it("limits reset requests from one IP across many e-mails (10 an hour)", async () => {
    const ip = uniqueIp();
    const got = await codes(11, () => api("password_reset_request", { email: uniqueEmail("who") }, { ip }));
    expect(got.slice(0, 10).every((c) => c === null)).toBe(true);
    expect(got[10]).toBe("RATE_LIMITED");
  });

  it("limits contact messages from one IP across accounts (20 an hour)", async () => {
    const ip = uniqueIp();
    const users: { cookie: string }[] = [];
    for (let i = 0; i < 5; i++) users.push(await signUp());
    const got = await codes(21, (i) =>
      api("message/new", { message: `hello ${i}` }, { cookie: users[Math.floor(i / 5)].cookie, ip }),
    );
    expect(got.slice(0, 20).every((c) => c === null)).toBe(true);
    expect(got[20]).toBe("RATE_LIMITED");
  });
});
