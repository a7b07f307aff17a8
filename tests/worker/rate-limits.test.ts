import { describe, expect, it } from "vitest";
import { api, env, errorCode, signUp, TOKEN, uniqueEmail, uniqueIp } from "./helpers";

/*
 * DESIGN D3: sign-in, sign-up, password reset and contact are limited per IP and per e-mail (or user); sign-in and
 * reset per (e-mail, address), so that others cannot lock an owner out (issue 11, worker/services/rate-limit.ts).
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

describe("nobody else can lock an owner out", () => {
  const signIn = (email: string, password: string, ip: string) =>
    api("sign/in", { email, password, turnstileToken: TOKEN }, { ip });

  it("after 11 wrong passwords from other addresses the owner signs in from a clean address; the attackers stay throttled", async () => {
    const { email, password } = await signUp();
    const attackers = Array.from({ length: 11 }, () => uniqueIp());
    const guesses: (string | null)[] = [];
    for (const ip of attackers) guesses.push(errorCode(await signIn(email, "guess", ip)));
    expect(guesses.every((c) => c === "USER_CREDENTIALS_INVALID")).toBe(true);

    // The account is guarded now: an address that failed on it is refused, even with the right password.
    const again = await signIn(email, "another guess", attackers[0]);
    expect(again.status).toBe(429);
    expect(errorCode(again)).toBe("RATE_LIMITED");
    expect(errorCode(await signIn(email, password, attackers[3]))).toBe("RATE_LIMITED");

    const owner = await signIn(email, password, uniqueIp());
    expect(owner.status).toBe(200);
    expect(owner.cookie).not.toBeNull();
  });

  it("throttles one address after 5 wrong passwords while the owner signs in from elsewhere", async () => {
    const { email, password } = await signUp();
    const attacker = uniqueIp();
    const got: (string | null)[] = [];
    for (let i = 0; i < 6; i++) got.push(errorCode(await signIn(email, `guess ${i}`, attacker)));
    expect(got).toEqual([...Array(5).fill("USER_CREDENTIALS_INVALID"), "RATE_LIMITED"]);
    expect(errorCode(await signIn(email, password, attacker))).toBe("RATE_LIMITED");
    expect((await signIn(email, password, uniqueIp())).status).toBe(200);
  });

  it("does not count the owner's successful sign-ins from one address", async () => {
    const { email, password } = await signUp();
    const ip = uniqueIp();
    expect(errorCode(await signIn(email, "typo", ip))).toBe("USER_CREDENTIALS_INVALID");
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await signIn(email, password, ip)).status);
    expect(statuses).toEqual(Array(8).fill(200));
  });

  it("keeps reset links coming to the owner whoever asks, without flooding the mailbox", async () => {
    const { email } = await signUp();
    const mails = async () =>
      (
        await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_address = ?")
          .bind(email)
          .first<{ n: number }>()
      )?.n ?? 0;
    const attacker = uniqueIp();
    const fromAttacker: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      fromAttacker.push(errorCode(await api("password_reset_request", { email }, { ip: attacker })));
    }
    expect(fromAttacker).toEqual([null, null, null, "RATE_LIMITED"]);
    for (let i = 0; i < 3; i++) {
      expect(errorCode(await api("password_reset_request", { email }, { ip: uniqueIp() }))).toBeNull();
    }
    // The owner is answered as always, and holds working links (each lives until the window ends).
    const owner = await api("password_reset_request", { email }, { ip: uniqueIp() });
    expect(owner.status).toBe(200);
    expect(await mails()).toBe(3);
    const row = await env.DB.prepare(
      "SELECT text FROM outbox WHERE to_address = ? ORDER BY created_at DESC LIMIT 1",
    )
      .bind(email)
      .first<{ text: string }>();
    const token = row?.text.match(/\/sign\/reset\/([A-Za-z0-9_-]{40,})/)?.[1];
    expect((await api("password_reset_validate", { token })).body).toMatchObject({ data: { valid: true } });
  });
});
