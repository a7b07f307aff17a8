import type { UserHub } from "../hubs/user-hub";
import { errorFields, log } from "../log";

/** What the accounts service tells the live-event hub when sessions end (DESIGN D7). */
export interface SessionSockets {
  /** Sign-out: closes the live-event sockets opened with that one session. */
  endSession(userId: string, sessionId: string): Promise<void>;
  /** Password reset: every session of the user ended, so all of the user's sockets close. */
  endAllSessions(userId: string): Promise<void>;
}

/**
 * Through the user's UserHub. A hub that cannot be reached must not fail the sign-out or reset itself (the
 * session is already deleted); the hub then finds the session gone on its next check before sending.
 */
export function hubSessionSockets(ns: DurableObjectNamespace<UserHub>): SessionSockets {
  const hub = (userId: string) => ns.get(ns.idFromName(userId));
  return {
    async endSession(userId, sessionId) {
      try {
        await hub(userId).endSession(sessionId, "Signed out.");
      } catch (e) {
        log.warn("sessions.sockets_not_closed", { userId, reason: "sign-out", ...errorFields(e) });
      }
    },
    async endAllSessions(userId) {
      try {
        await hub(userId).endAllSessions("Your password was changed. Please sign in again.");
      } catch (e) {
        log.warn("sessions.sockets_not_closed", { userId, reason: "password-reset", ...errorFields(e) });
      }
    },
  };
}
