import { readCookie, THEME_COOKIE } from "../../worker/http";

export type Theme = "light" | "dark";

/**
 * Spec 1 s2: stored preference, else the system colour scheme, else light. The system scheme arrives as the
 * Sec-CH-Prefers-Color-Scheme client hint (asked for with Accept-CH), so the first paint is already right.
 */
export function themeFor(request: Request): { theme: Theme; stored: boolean } {
  const stored = readCookie(request.headers.get("cookie"), THEME_COOKIE);
  if (stored === "light" || stored === "dark") return { theme: stored, stored: true };
  const hint = request.headers.get("sec-ch-prefers-color-scheme");
  return { theme: hint === "dark" ? "dark" : "light", stored: false };
}
