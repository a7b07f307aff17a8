/**
 * The browser's SESSION record of spec 1 s4 (sessionStorage, 60 minutes): where to go after signing in.
 * Pure except for the sessionStorage it is handed (defaults to the window's).
 */
export const SESSION_KEY = "SESSION";
export const SESSION_RECORD_TTL_MS = 60 * 60_000;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function storeRedirect(path: string, now = Date.now(), store = storage()): void {
  store?.setItem(
    SESSION_KEY,
    JSON.stringify({ redirectAfterLogin: path, expires: now + SESSION_RECORD_TTL_MS }),
  );
}

export function readStoredRedirect(now = Date.now(), store = storage()): string | null {
  const raw = store?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object") return null;
    const path = "redirectAfterLogin" in value ? value.redirectAfterLogin : null;
    const expires = "expires" in value ? value.expires : 0;
    if (typeof path !== "string" || typeof expires !== "number" || expires < now) return null;
    return path;
  } catch {
    return null;
  }
}

export function clearSessionRecord(store = storage()): void {
  store?.removeItem(SESSION_KEY);
}
