import { useEffect } from "react";

/** Closes a modal on Escape (keyboard access; the close icon and Cancel remain for everyone else). */
export function useEscape(onEscape: () => void): void {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.key === "Escape") onEscape();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onEscape]);
}
