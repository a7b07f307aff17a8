import { useLocation } from "@remix-run/react";

/** The query string with `name` set to `value` (or removed when null), every other param kept. */
export function withParam(search: string, name: string, value: string | null): string {
  const sp = new URLSearchParams(search);
  if (value === null) sp.delete(name);
  else sp.set(name, value);
  const s = sp.toString();
  return s ? `?${s}` : "";
}

export interface UrlFlag {
  /** The flag's value, e.g. "delete-12" for `?confirm=delete-12`; null when absent. */
  value: string | null;
  /** Link that opens the flag with a value, keeping the page's other params (table paging, sort). */
  openHref: (value: string) => string;
  /** Link back to this page without the flag: Cancel and the close icon. */
  closeHref: string;
}

/**
 * A modal opened by a search param (`?confirm=delete-12`), so it opens, cancels and posts without
 * JavaScript, and server and browser agree on whether it is open.
 */
export function useUrlFlag(name: string): UrlFlag {
  const { pathname, search } = useLocation();
  const value = new URLSearchParams(search).get(name);
  return {
    value,
    openHref: (v) => `${pathname}${withParam(search, name, v)}`,
    closeHref: `${pathname}${withParam(search, name, null)}`,
  };
}
