import { and, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactMessages, passwordResets, sessions, users } from "../db/schema";
import type { SignInInput, SignUpInput, SponsorSignUpInput } from "../forms/auth";
import { AppError, errors } from "../http/errors";
import type { Clocked } from "./clock";
import { DUMMY_PASSWORD_HASH, hashPassword, randomToken, sha256Hex, verifyPassword } from "./crypto";
import type { Mailer } from "./mailer";
import { hit, RATE_RULES, resetThrottle, signInThrottle } from "./rate-limit";
import type { SessionSockets } from "./session-sockets";
import type { SponsorEligibility } from "./sponsor";
import type { Subscriptions, SubscriptionView } from "./subscriptions";
import { requireHuman, type TurnstileVerifier } from "./turnstile";

export const SESSION_TTL_MS = 30 * 86_400_000;
/** last_seen_at is refreshed at most this often, so reads do not write on every request. */
const SESSION_TOUCH_MS = 60 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  internal: boolean;
  subscription: SubscriptionView | null;
  /** The session this user was found by: its id (the stored token hash) and when it expires. */
  session: { id: string; expiresAt: number };
}

export interface AccountsDeps extends Clocked {
  db: Db;
  mailer: Mailer;
  turnstile: TurnstileVerifier;
  sponsor: SponsorEligibility;
  subscriptions: Subscriptions;
  /** Told when sessions end, so their live-event sockets close (DESIGN D7). */
  sockets: SessionSockets;
  appName: string;
  contactTo: string;
}

export interface RequestMeta {
  ip: string;
  /** Origin used to build links in mail, e.g. https://app.example.com */
  origin: string;
}

export function createAccounts(deps: AccountsDeps) {
  const { db, now, newId } = deps;

  async function startSession(userId: string): Promise<string> {
    const token = randomToken(32);
    const t = now();
    await db.insert(sessions).values({
      tokenHash: await sha256Hex(token),
      userId,
      createdAt: t,
      lastSeenAt: t,
      expiresAt: t + SESSION_TTL_MS,
    });
    return token;
  }

  async function createUser(name: string, email: string, password: string): Promise<string> {
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing.length > 0) throw errors.emailExists();
    const id = newId();
    const t = now();
    try {
      await db.insert(users).values({
        id,
        email,
        name,
        passwordHash: await hashPassword(password),
        internal: false,
        createdAt: t,
        updatedAt: t,
      });
    } catch (e) {
      // Two sign-ups racing for one e-mail: the unique index decides, the loser gets the spec's code.
      if (String(e).includes("UNIQUE")) throw errors.emailExists();
      throw e;
    }
    return id;
  }

  const sessionCache = new Map<string, Promise<SessionUser | null>>();

  async function lookupSession(token: string): Promise<SessionUser | null> {
    const tokenHash = await sha256Hex(token);
    const t = now();
    const rows = await db
      .select({ user: users, session: sessions })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, t)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    let expiresAt = row.session.expiresAt;
    if (t - row.session.lastSeenAt > SESSION_TOUCH_MS) {
      expiresAt = t + SESSION_TTL_MS;
      await db.update(sessions).set({ lastSeenAt: t, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    }
    return {
      id: row.user.id,
      name: row.user.name,
      email: row.user.email,
      internal: row.user.internal === true,
      subscription: await deps.subscriptions.current(row.user.id),
      session: { id: tokenHash, expiresAt },
    };
  }

  return {
    async signUp(input: SignUpInput, meta: RequestMeta): Promise<{ token: string; userId: string }> {
      await requireHuman(deps.turnstile, input.turnstileToken, meta.ip);
      await hit(db, RATE_RULES.signUpIp, meta.ip, now());
      await hit(db, RATE_RULES.signUpEmail, input.email, now());
      const userId = await createUser(input.name, input.email, input.password);
      return { token: await startSession(userId), userId };
    },

    async sponsorSignUp(
      input: SponsorSignUpInput,
      meta: RequestMeta,
    ): Promise<{ token: string; userId: string }> {
      await requireHuman(deps.turnstile, input.turnstileToken, meta.ip);
      await hit(db, RATE_RULES.signUpIp, meta.ip, now());
      await hit(db, RATE_RULES.signUpEmail, input.email, now());
      const existing = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email))
        .limit(1);
      if (existing.length > 0) throw errors.emailExists();
      const eligibility = await deps.sponsor.check(input.sponsor, input.email);
      if (!eligibility.eligible) throw errors.sponsorIneligible(eligibility.userMessage);
      const userId = await createUser(input.name, input.email, input.password);
      await deps.subscriptions.startFree(userId, "sponsor-sm", input.sponsor);
      return { token: await startSession(userId), userId };
    },

    async signIn(input: SignInInput, meta: RequestMeta): Promise<{ token: string; userId: string }> {
      await requireHuman(deps.turnstile, input.turnstileToken, meta.ip);
      // Per address and per (account, address), so others cannot lock the owner out (rate-limit.ts).
      const throttle = await signInThrottle(db, input.email, meta.ip, now());
      const rows = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
      const user = rows[0];
      // Unknown e-mail and wrong password answer alike (same code, same work), so sign-in cannot be used
      // to learn which addresses have accounts. USER_NOT_FOUND is therefore never sent by sign/in.
      const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !ok) {
        await throttle.failed();
        throw errors.credentialsInvalid();
      }
      await throttle.succeeded();
      return { token: await startSession(user.id), userId: user.id };
    },

    /** Ends this session only: the user's other sessions (and their live-event sockets) stay. */
    async signOut(token: string | null): Promise<void> {
      if (!token) return;
      sessionCache.delete(token);
      const tokenHash = await sha256Hex(token);
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, tokenHash))
        .returning({ userId: sessions.userId });
      const userId = ended[0]?.userId;
      if (userId) await deps.sockets.endSession(userId, tokenHash);
    },

    /**
     * The signed-in user for a session cookie token, or null (expired, signed out, unknown). Services live for
     * one request, so the answer is kept for the rest of it: the root loader and the shell's guard ask for the
     * same user, and each lookup costs several D1 queries.
     */
    sessionUser(token: string | null): Promise<SessionUser | null> {
      if (!token || token.length > 128) return Promise.resolve(null);
      let answer = sessionCache.get(token);
      if (!answer) {
        answer = lookupSession(token);
        sessionCache.set(token, answer);
      }
      return answer;
    },

    /** Never reveals whether the account exists: the answer is the same either way (spec 1 s8). */
    async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
      // Past the account's mail allowance the answer is the same but nothing is sent (rate-limit.ts).
      const mayMail = await resetThrottle(db, email, meta.ip, now());
      if (!mayMail) return;
      const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const user = rows[0];
      if (!user) return;
      const token = randomToken(32);
      const t = now();
      await db.insert(passwordResets).values({
        tokenHash: await sha256Hex(token),
        userId: user.id,
        createdAt: t,
        expiresAt: t + RESET_TTL_MS,
      });
      const link = `${meta.origin}/sign/reset/${token}`;
      await deps.mailer.send({
        to: user.email,
        subject: `Reset your ${deps.appName} password`,
        text: [
          `Hello ${user.name},`,
          "",
          `Someone asked to reset the password of your ${deps.appName} account.`,
          `Open this link within one hour to choose a new password:`,
          link,
          "",
          "If it was not you, ignore this message: your password stays as it is.",
        ].join("\n"),
      });
    },

    async validateResetToken(token: string): Promise<{ valid: boolean; name: string | null }> {
      const row = await liveReset(token);
      return row ? { valid: true, name: row.name } : { valid: false, name: null };
    },

    /** Single use: the token is spent in the same statement that checks it, so a replay finds nothing. */
    async confirmReset(token: string, password: string): Promise<void> {
      const tokenHash = await sha256Hex(token);
      const t = now();
      const spent = await db
        .update(passwordResets)
        .set({ usedAt: t })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, t),
          ),
        )
        .returning({ userId: passwordResets.userId });
      const userId = spent[0]?.userId;
      if (!userId) throw errors.resetTokenInvalid();
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: t })
        .where(eq(users.id, userId));
      // A new password ends every session, so whoever knew the old one is signed out, live sockets included.
      await db.delete(sessions).where(eq(sessions.userId, userId));
      sessionCache.clear();
      await deps.sockets.endAllSessions(userId);
      await db
        .delete(passwordResets)
        .where(and(eq(passwordResets.userId, userId), lt(passwordResets.createdAt, t)));
    },

    async sendContact(user: SessionUser, message: string, meta: Pick<RequestMeta, "ip">): Promise<void> {
      await hit(db, RATE_RULES.contactIp, meta.ip, now());
      await hit(db, RATE_RULES.contactUser, user.id, now());
      await db.insert(contactMessages).values({ id: newId(), userId: user.id, message, createdAt: now() });
      await deps.mailer.send({
        to: deps.contactTo,
        subject: `[${deps.appName}] Message from ${user.name}`,
        text: `From: ${user.name} <${user.email}>\n\n${message}`,
      });
    },
  };

  async function liveReset(token: string) {
    const rows = await db
      .select({ name: users.name })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(passwordResets.tokenHash, await sha256Hex(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now()),
        ),
      )
      .limit(1);
    return rows[0] ?? null;
  }
}

/**
 * The expiry of each of `sessionIds` (stored token hashes) that is still live at `now`; ended and expired
 * sessions are absent. The UserHub asks this before it keeps streaming to a socket (DESIGN D7).
 */
export async function liveSessionExpiries(
  db: Db,
  sessionIds: string[],
  now: number,
): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: sessions.tokenHash, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, sessionIds), gt(sessions.expiresAt, now)));
  return new Map(rows.map((r) => [r.id, r.expiresAt]));
}

export type Accounts = ReturnType<typeof createAccounts>;
export { AppError };
