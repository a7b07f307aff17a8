import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { createDb } from "../db/client";
import type { Env } from "../env";
import { SESSION_ENDED_CODE } from "../events";
import { liveSessionExpiries } from "../services/accounts";

/** Set by `/ai/connect` (worker/api/connect.ts) on the upgrade it hands over; a client's own values are replaced. */
export const HUB_SESSION_HEADER = "x-stratforge-session";
export const HUB_SESSION_EXPIRES_HEADER = "x-stratforge-session-expires";

/**
 * How often a socket's session is looked up again in D1 before it is sent an event. Sign-out and password reset
 * close sockets at once (the accounts service calls endSession/endAllSessions); this recheck is the fallback
 * when that call was lost, and it follows a session whose expiry slid forward.
 */
const RECHECK_MS = 60_000;

const socketSession = z.object({ sessionId: z.string(), expiresAt: z.number(), checkedAt: z.number() });
type SocketSession = z.infer<typeof socketSession>;

const connectHeaders = z.object({
  sessionId: z.string().regex(/^[0-9a-f]{64}$/),
  expiresAt: z.coerce.number().int().positive(),
});

function sessionTag(sessionId: string): string {
  return `session:${sessionId}`;
}

/** The session a socket belongs to, from its attachment; null for one accepted without (closed on sight). */
function sessionOf(ws: WebSocket): SocketSession | null {
  const parsed = socketSession.safeParse(ws.deserializeAttachment());
  return parsed.success ? parsed.data : null;
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Already closing: nothing more to do.
  }
}

/**
 * One per user (DESIGN D7): holds the user's live-event WebSockets with the hibernation API and fans out
 * events published by the services. Sockets are accepted by `fetch` after the worker checked the session;
 * each is tagged with its session id and carries the session's expiry in its attachment, so a session's
 * sockets close when it is signed out, when the password is reset (every session) and when it expires
 * (an alarm at the earliest expiry, and a check before each event).
 */
export class UserHub extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const session = connectHeaders.safeParse({
      sessionId: request.headers.get(HUB_SESSION_HEADER),
      expiresAt: request.headers.get(HUB_SESSION_EXPIRES_HEADER),
    });
    if (!session.success) return new Response("A socket needs the session it belongs to", { status: 400 });
    const pair = new WebSocketPair();
    const ws = pair[1];
    this.ctx.acceptWebSocket(ws, [sessionTag(session.data.sessionId)]);
    const attachment: SocketSession = { ...session.data, checkedAt: Date.now() };
    ws.serializeAttachment(attachment);
    await this.scheduleExpiry();
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** RPC: sends one serialised event to every open socket of this user; answers how many received it. */
  async publish(event: string): Promise<number> {
    const now = Date.now();
    await this.recheck(
      this.ctx.getWebSockets().filter((ws) => {
        const s = sessionOf(ws);
        return !s || s.expiresAt <= now || now - s.checkedAt >= RECHECK_MS;
      }),
      now,
    );
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        // A socket closed by the recheck above throws here and is not counted.
        ws.send(event);
        sent++;
      } catch {
        // A socket closing while we send is not an error for the publisher.
      }
    }
    return sent;
  }

  /** RPC, on sign-out: closes the sockets of that one session; answers how many. */
  async endSession(sessionId: string, reason: string): Promise<number> {
    const sockets = this.ctx.getWebSockets(sessionTag(sessionId));
    for (const ws of sockets) closeQuietly(ws, SESSION_ENDED_CODE, reason);
    return sockets.length;
  }

  /** RPC, on a password reset (which ends every session of the user): closes all sockets; answers how many. */
  async endAllSessions(reason: string): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    for (const ws of sockets) closeQuietly(ws, SESSION_ENDED_CODE, reason);
    return sockets.length;
  }

  /** Fires at the earliest session expiry among the open sockets. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    await this.recheck(
      this.ctx.getWebSockets().filter((ws) => (sessionOf(ws)?.expiresAt ?? 0) <= now),
      now,
    );
    await this.scheduleExpiry(true);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Clients only listen; a "ping" keeps intermediaries from closing an idle socket.
    if (message !== "ping") return;
    const now = Date.now();
    const s = sessionOf(ws);
    if (!s || s.expiresAt <= now) await this.recheck([ws], now);
    try {
      ws.send("pong");
    } catch {
      // Closed by the recheck: its session ended.
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // 1005/1006 are reserved and throw when echoed (docs/toolchain.md "D1, R2, Durable Objects, cron"): answer
    // them with a normal closure.
    closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code, "closing");
  }

  /**
   * Looks the sessions of `sockets` up in D1: a socket whose session is gone or expired is closed, the others
   * keep the session's current expiry (it slides forward while the user is active).
   */
  private async recheck(sockets: WebSocket[], now: number): Promise<void> {
    if (sockets.length === 0) return;
    const ids = new Set<string>();
    for (const ws of sockets) {
      const s = sessionOf(ws);
      if (s) ids.add(s.sessionId);
    }
    const live = await liveSessionExpiries(createDb(this.env.DB), [...ids], now);
    for (const ws of sockets) {
      const s = sessionOf(ws);
      const expiresAt = s ? live.get(s.sessionId) : undefined;
      if (!s || expiresAt === undefined) {
        closeQuietly(ws, SESSION_ENDED_CODE, "Your session has ended. Please sign in again.");
        continue;
      }
      const next: SocketSession = { sessionId: s.sessionId, expiresAt, checkedAt: now };
      ws.serializeAttachment(next);
    }
  }

  /**
   * Keeps an alarm at the earliest session expiry among the sockets (none when there is no socket). `replace`
   * from the alarm itself, which has just fired; otherwise only an earlier time moves the alarm.
   */
  private async scheduleExpiry(replace = false): Promise<void> {
    const now = Date.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const ws of this.ctx.getWebSockets()) {
      const expiresAt = sessionOf(ws)?.expiresAt ?? 0;
      // A past expiry belongs to a socket the recheck has just closed (it lingers until the close completes).
      if (expiresAt > now) earliest = Math.min(earliest, expiresAt);
    }
    if (!Number.isFinite(earliest)) return;
    const current = replace ? null : await this.ctx.storage.getAlarm();
    if (current === null || earliest < current) await this.ctx.storage.setAlarm(earliest);
  }
}
