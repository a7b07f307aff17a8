/**
 * Only same-origin paths are followed after sign-in (DESIGN D3): "//evil.com", "/\\evil.com" and absolute
 * URLs fall back to "/". Pure, so the browser's sign-in form can use it on the SESSION record too.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  try {
    const base = "http://local.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
