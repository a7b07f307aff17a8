import { type ReactNode, useEffect, useRef } from "react";

/**
 * The header's 'more' link and its popover (spec 2 s2): a <details>, so it opens and closes without
 * JavaScript; with it, Escape and a click elsewhere close it too, as a popover should.
 */
export function MorePopover({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointer = (e: PointerEvent) => {
      if (details.open && e.target instanceof Node && !details.contains(e.target)) details.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details className="results-more" ref={ref}>
      <summary>more</summary>
      <div className="results-popover">{children}</div>
    </details>
  );
}
