import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { errors } from "../http/errors";

export interface RateRule {
  /** e.g. "signin:ip" */
  name: string;
  limit: number;
  windowMs: number;
}

/** DESIGN D3 limits for sign-in, sign-up, password reset and contact: per IP and per e-mail. */
export const RATE_RULES = {
  signInIp: { name: "signin:ip", limit: 30, windowMs: 15 * 60_000 },
  signInEmail: { name: "signin:email", limit: 10, windowMs: 15 * 60_000 },
  signUpIp: { name: "signup:ip", limit: 10, windowMs: 60 * 60_000 },
  // Sign-up and sponsored sign-up share it: repeated tries on one address (probing whether it is taken).
  signUpEmail: { name: "signup:email", limit: 5, windowMs: 60 * 60_000 },
  resetIp: { name: "reset:ip", limit: 10, windowMs: 60 * 60_000 },
  resetEmail: { name: "reset:email", limit: 3, windowMs: 60 * 60_000 },
  contactUser: { name: "contact:user", limit: 5, windowMs: 60 * 60_000 },
  // Many accounts behind one address cannot multiply the per-user allowance.
  contactIp: { name: "contact:ip", limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateRule>;

/**
 * Fixed-window counter in one upsert, so two concurrent requests cannot both read "under the limit".
 * Throws RATE_LIMITED once the window's count passes the limit.
 */
export async function hit(db: Db, rule: RateRule, subject: string, now: number): Promise<void> {
  const windowStart = now - (now % rule.windowMs);
  const key = `${rule.name}:${subject}`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = ${windowStart} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count });
  const count = rows[0]?.count ?? 1;
  if (count > rule.limit) throw errors.rateLimited((windowStart + rule.windowMs - now) / 1000);
}
