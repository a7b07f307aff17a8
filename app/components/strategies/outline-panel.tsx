import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { OutlineText } from "./outline-text";

/** Below this width the Summary starts collapsed, so the chat keeps the screen (spec 2 s2). */
const NARROW = "(max-width: 900px)";

export interface OutlinePanelProps {
  outline: string;
  /** Bumped by the page each time a new outline arrives; lights the dot until the user looks at it. */
  arrivals: number;
  /** The trade rules form (issue 14), where the outline's exits, orders, limits and size are edited. */
  rulesHref: string;
}

/**
 * The collapsible Summary: a <details>, so it opens and closes without JavaScript. It renders open (wide
 * screens); with JavaScript a narrow screen collapses it. Spec 2 s2 asks for a notification dot when an
 * outline arrives: it lights on every arrival, open or collapsed, because on a wide screen the open panel sits
 * beside the chat and a changed summary is easy to miss while typing. It stays until the user has looked:
 * opening a collapsed panel, or pointing at, touching or focusing an open one.
 */
export function OutlinePanel({ outline, arrivals, rulesHref }: OutlinePanelProps) {
  const [open, setOpen] = useState(true);
  const [dot, setDot] = useState(false);

  useEffect(() => {
    if (window.matchMedia?.(NARROW).matches) setOpen(false);
  }, []);
  // Only a change of the count after mount is an arrival: a panel mounted for another strategy starts unlit.
  const counted = useRef(arrivals);
  useEffect(() => {
    if (arrivals !== counted.current) setDot(true);
    counted.current = arrivals;
  }, [arrivals]);

  // Only an open panel shows its text, so only there does attention to it count as seeing the outline.
  const seen = () => {
    if (open) setDot(false);
  };

  return (
    <details
      className="outline-panel"
      open={open}
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) setDot(false);
      }}
      onPointerMove={seen}
      onPointerDown={seen}
      onFocus={seen}
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
      {outline ? (
        <p>
          <Link to={rulesHref}>Edit exits, orders, limits and size</Link>
        </p>
      ) : null}
    </details>
  );
}
