import { useEffect, useState } from "react";
import { OutlineText } from "./outline-text";

/** Below this width the Summary starts collapsed, so the chat keeps the screen (spec 2 s2). */
const NARROW = "(max-width: 900px)";

export interface OutlinePanelProps {
  outline: string;
  /** Bumped by the page when an outline arrives live; shows the dot if the panel is collapsed. */
  arrivals: number;
}

/**
 * The collapsible Summary: a <details>, so it opens and closes without JavaScript. It renders open (wide
 * screens); with JavaScript a narrow screen collapses it, and a live outline arriving while it is collapsed
 * lights a notification dot until it is opened.
 */
export function OutlinePanel({ outline, arrivals }: OutlinePanelProps) {
  const [open, setOpen] = useState(true);
  const [dot, setDot] = useState(false);

  useEffect(() => {
    if (window.matchMedia?.(NARROW).matches) setOpen(false);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new arrival lights the dot, not a toggle
  useEffect(() => {
    if (arrivals > 0 && !open) setDot(true);
  }, [arrivals]);

  return (
    <details
      className="outline-panel"
      open={open}
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) setDot(false);
      }}
    >
      <summary>
        Summary
        {dot ? <span className="notification-dot" role="status" aria-label="New summary" /> : null}
      </summary>
      <div className="outline-text">
        {outline ? (
          <OutlineText text={outline} />
        ) : (
          <span className="muted">The summary appears once the assistant understands your strategy.</span>
        )}
      </div>
    </details>
  );
}
