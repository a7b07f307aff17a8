import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useRootData } from "../root";
import { clearSessionRecord } from "../utils/session-record";
import { LogoMark } from "./logo";
import { ThemeToggle } from "./theme-toggle";

/**
 * Top navigation (spec 1 s2). The profile dropdown is a <details> element, so it opens without JavaScript;
 * scripts add closing on an outside click, on Escape and on navigation.
 */
export function TopBar({
  user,
  roadmapUrl,
  onContact,
}: {
  user: { name: string; email: string };
  roadmapUrl: string;
  onContact: () => void;
}) {
  const root = useRootData();
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // Close on navigation: the effect runs whenever the location changes.
  const navigationKey = location.key;
  useEffect(() => {
    if (navigationKey && menu.current) menu.current.open = false;
  }, [navigationKey]);

  useEffect(() => {
    function onPointer(e: PointerEvent) {
      const el = menu.current;
      if (el?.open && e.target instanceof Node && !el.contains(e.target)) el.open = false;
    }
    function onKey(e: KeyboardEvent) {
      const el = menu.current;
      if (e.key === "Escape" && el?.open) {
        el.open = false;
        el.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  const initials = user.name
    .split(/\s+/)
    .map((p) => p[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();

  return (
    <header className="topbar">
      <Link to="/" className="logo" aria-label="StratForge home">
        <LogoMark /> <span>{root?.config.appName ?? "StratForge"}</span>
      </Link>
      <nav className="topbar-right" aria-label="Main">
        <a className="roadmap" href={roadmapUrl} target="_blank" rel="noreferrer">
          Request a Feature
        </a>
        <details className="profile" ref={menu}>
          <summary aria-label="Profile menu">
            <span className="avatar" aria-hidden="true">
              {initials || "?"}
            </span>
            <span className="profile-name">{user.name}</span>
          </summary>
          <div className="menu" role="menu">
            <div className="who">{user.email}</div>
            <Link to="/" role="menuitem">
              My Strategies
            </Link>
            <Link to="/strategy/deleted" role="menuitem">
              Strategy Archive
            </Link>
            <hr />
            <Link to="/account" role="menuitem">
              Account
            </Link>
            <a className="menu-roadmap" href={roadmapUrl} target="_blank" rel="noreferrer" role="menuitem">
              Request a Feature
            </a>
            <Link
              to="?contact=1"
              role="menuitem"
              preventScrollReset
              onClick={(e) => {
                e.preventDefault();
                if (menu.current) menu.current.open = false;
                onContact();
              }}
            >
              Contact Us
            </Link>
            <ThemeToggle theme={root?.theme ?? "light"} returnTo={`${location.pathname}${location.search}`} />
            {/* A form, not a link: one click signs out without JavaScript too (signout.tsx). */}
            <Form method="post" action="/signout" onSubmit={() => clearSessionRecord()}>
              <button type="submit" className="button link" role="menuitem">
                Sign Out
              </button>
            </Form>
          </div>
        </details>
      </nav>
    </header>
  );
}
