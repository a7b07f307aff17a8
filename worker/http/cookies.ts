/** The session cookie of DESIGN D3: HttpOnly, SameSite=Lax, Secure whenever served over HTTPS. */
export const SESSION_COOKIE = "sf_session";
export const THEME_COOKIE = "theme";

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function isHttps(url: string): boolean {
  return url.startsWith("https:");
}

export function sessionCookie(token: string, requestUrl: string, maxAgeSeconds: number): string {
  const secure = isHttps(requestUrl) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function clearSessionCookie(requestUrl: string): string {
  const secure = isHttps(requestUrl) ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export function themeCookie(theme: "light" | "dark", requestUrl: string): string {
  const secure = isHttps(requestUrl) ? "; Secure" : "";
  return `${THEME_COOKIE}=${theme}; Path=/; SameSite=Lax; Max-Age=31536000${secure}`;
}

export function sessionToken(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), SESSION_COOKIE);
}

export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "127.0.0.1";
}
