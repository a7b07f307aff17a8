import { useEffect, useState } from "react";

export interface LazyModule<T> {
  load(): Promise<T>;
  /** The module once loaded, else null. */
  current(): T | null;
}

/** A module behind a dynamic import (its own chunk in the browser build), loaded once and shared. */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | null = null;
  let loaded: T | null = null;
  return {
    load() {
      if (!pending) {
        pending = importer().then(
          (m) => {
            loaded = m;
            return m;
          },
          (e: unknown) => {
            pending = null; // a failed chunk load is tried again next time
            throw e;
          },
        );
      }
      return pending;
    },
    current: () => loaded,
  };
}

/**
 * The module after mount, so the page's first JavaScript stays small. The first render is always the
 * fallback, even when the module is already in (a prefetch may finish before hydration), so the server's
 * HTML and the hydrating render agree.
 */
export function useLazyModule<T>(mod: LazyModule<T>, enabled = true): T | null {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (!enabled || value) return;
    const ready = mod.current();
    if (ready) {
      setValue(ready);
      return;
    }
    let live = true;
    mod.load().then(
      (m) => {
        if (live) setValue(m);
      },
      (e: unknown) => console.error("chart module failed to load", e),
    );
    return () => {
      live = false;
    };
  }, [mod, enabled, value]);
  return value;
}
