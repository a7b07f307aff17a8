import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { errors } from "../http/errors";

export interface RateRule {
  /** e.g. "signin:ip" */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * DESIGN D3 limits for sign-in, sign-up, password reset and contact. Sign-in and reset are counted per
 * address and per (account, address), never as one counter per account that anybody can fill: see
 * `signInThrottle` and `resetThrottle` for why.
 */
export const RATE_RULES = {
  /** Every sign-in attempt from one address, whatever the account (password spraying). */
  signInIp: { name: "signin:ip", limit: 30, windowMs: 15 * 60_000 },
  /** Failed (and in-flight) sign-ins from one address on one account. */
  signInAccountIp: { name: "signin:acct-ip", limit: 5, windowMs: 15 * 60_000 },
  /** Failed sign-ins on one account from any address; reaching the limit guards the account (no lock). */
  signInAccount: { name: "signin:acct", limit: 10, windowMs: 15 * 60_000 },
  signUpIp: { name: "signup:ip", limit: 10, windowMs: 60 * 60_000 },
  // Sign-up and sponsored sign-up share it: repeated tries on one address (probing whether it is taken).
  signUpEmail: { name: "signup:email", limit: 5, windowMs: 60 * 60_000 },
  resetIp: { name: "reset:ip", limit: 10, windowMs: 60 * 60_000 },
  /** Reset requests for one account from one address. */
  resetAccountIp: { name: "reset:acct-ip", limit: 3, windowMs: 60 * 60_000 },
  /** Reset mails sent to one account: more requests are answered alike but send nothing. */
  resetAccountMail: { name: "reset:acct-mail", limit: 3, windowMs: 60 * 60_000 },
  contactUser: { name: "contact:user", limit: 5, windowMs: 60 * 60_000 },
  // Many accounts behind one address cannot multiply the per-user allowance.
  contactIp: { name: "contact:ip", limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateRule>;

function windowOf(rule: RateRule, now: number) {
  const start = now - (now % rule.windowMs);
  return { start, retryAfterSeconds: (start + rule.windowMs - now) / 1000 };
}

/**
 * Fixed-window counter in one upsert, so two concurrent requests cannot both read "under the limit".
 * Answers the window's count including this one.
 */
export async function count(db: Db, rule: RateRule, subject: string, now: number): Promise<number> {
  const windowStart = windowOf(rule, now).start;
  const rows = await db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = ${windowStart} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count });
  return rows[0]?.count ?? 1;
}

/** Counts one more and throws RATE_LIMITED once the window's count passes the limit. */
export async function hit(db: Db, rule: RateRule, subject: string, now: number): Promise<void> {
  if ((await count(db, rule, subject, now)) > rule.limit) throw limited(rule, now);
}

/** The window's count without adding to it. */
export async function peek(db: Db, rule: RateRule, subject: string, now: number): Promise<number> {
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, `${rule.name}:${subject}`),
        eq(rateLimits.windowStart, windowOf(rule, now).start),
      ),
    )
    .limit(1);
  return rows[0]?.count ?? 0;
}

/** Gives back one count taken in this window (an attempt that turned out not to count). */
async function release(db: Db, rule: RateRule, subject: string, now: number): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, `${rule.name}:${subject}`),
        eq(rateLimits.windowStart, windowOf(rule, now).start),
        gt(rateLimits.count, 0),
      ),
    );
}

function limited(rule: RateRule, now: number) {
  return errors.rateLimited(windowOf(rule, now).retryAfterSeconds);
}

/**
 * Sign-in throttling that slows a guesser without locking the owner out (issue 11). A single counter per
 * account let anyone lock a user out with 11 wrong passwords; instead, within each 15-minute window:
 * - one address may make 30 attempts in all (RATE_RULES.signInIp) and 5 failed attempts on one account
 *   (signInAccountIp; the attempt is counted before the password check so a burst cannot overrun it, and
 *   given back when the password was right, so the owner's own sign-ins never add up);
 * - once an account has 10 failures from any addresses (signInAccount) it is guarded: an address that
 *   has already failed on it is refused, each further address gets a single try. The correct password from
 *   an address that has not failed is still accepted, so the owner is never locked out by others; a
 *   distributed guesser gets one guess per address, each behind a Turnstile check (DESIGN D3).
 * An owner whose own address is refused can still reset the password (see `resetThrottle`).
 * The same answers for an unknown e-mail: the counters are keyed by the typed address, not by the user.
 * Call before the password check; then `succeeded()` or `failed()`.
 */
export async function signInThrottle(db: Db, email: string, ip: string, now: number) {
  await hit(db, RATE_RULES.signInIp, ip, now);
  const pair = `${email}|${ip}`;
  const mine = await count(db, RATE_RULES.signInAccountIp, pair, now);
  if (mine > RATE_RULES.signInAccountIp.limit) throw limited(RATE_RULES.signInAccountIp, now);
  const accountFailures = await peek(db, RATE_RULES.signInAccount, email, now);
  if (accountFailures >= RATE_RULES.signInAccount.limit && mine > 1) {
    throw limited(RATE_RULES.signInAccount, now);
  }
  return {
    succeeded: () => release(db, RATE_RULES.signInAccountIp, pair, now),
    failed: async () => {
      await count(db, RATE_RULES.signInAccount, email, now);
    },
  };
}

/**
 * Password-reset throttling (issue 11): one address may ask 10 times an hour in all and 3 times for one
 * account (RATE_LIMITED after that). Nobody else can block an account's resets: past 3 mails in the hour
 * (resetAccountMail) a request is answered alike but mails nothing, because the links already sent in
 * this window are valid until it ends (a link lives an hour, RESET_TTL_MS), so the owner holds a working
 * link whoever asked; and the owner's mailbox cannot be flooded. Answers whether to send the mail.
 */
export async function resetThrottle(db: Db, email: string, ip: string, now: number): Promise<boolean> {
  await hit(db, RATE_RULES.resetIp, ip, now);
  await hit(db, RATE_RULES.resetAccountIp, `${email}|${ip}`, now);
  return (await count(db, RATE_RULES.resetAccountMail, email, now)) <= RATE_RULES.resetAccountMail.limit;
}
