import { Link, NavLink } from "@remix-run/react";
import type { KeyboardEvent, ReactNode } from "react";

export interface TabItem {
  /** Stable key; defaults to `to`. */
  id?: string;
  label: ReactNode;
  /** The tab's route. Without it (or with `disabled`) the tab is an aria-disabled span. */
  to?: string;
  disabled?: boolean;
  /** Match the route exactly (like an index tab: /account but not /account/invoices). */
  end?: boolean;
  /** Override route matching, for tabs that differ only by a search param (`?tab=orders`). */
  active?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  /** Accessible name of the tab bar, e.g. 'Account'. */
  label: string;
  className?: string;
  /** Keep the scroll position when switching (tabs inside a long page). */
  preventScrollReset?: boolean;
}

const KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);

/**
 * Link-based tabs: each tab is a route, so they work without JavaScript and the current one carries
 * aria-current="page". With JavaScript, arrow keys, Home and End move focus between enabled tabs.
 */
export function Tabs({ items, label, className, preventScrollReset }: TabsProps) {
  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (!KEYS.has(e.key)) return;
    const links: Element[] = Array.from(e.currentTarget.querySelectorAll("a.tab"));
    const active = document.activeElement;
    const at = active ? links.indexOf(active) : -1;
    if (at < 0) return;
    e.preventDefault();
    const next =
      e.key === "Home"
        ? 0
        : e.key === "End"
          ? links.length - 1
          : (at + (e.key === "ArrowRight" ? 1 : -1) + links.length) % links.length;
    const target = links[next];
    if (target instanceof HTMLElement) target.focus();
  }

  return (
    <nav aria-label={label} className={className ? `tabs ${className}` : "tabs"} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const key = item.id ?? item.to ?? String(item.label);
        if (item.disabled || !item.to) {
          return (
            <span key={key} className="tab" aria-disabled="true">
              {item.label}
            </span>
          );
        }
        if (item.active !== undefined) {
          return (
            <Link
              key={key}
              to={item.to}
              className={item.active ? "tab active" : "tab"}
              aria-current={item.active ? "page" : undefined}
              preventScrollReset={preventScrollReset}
            >
              {item.label}
            </Link>
          );
        }
        return (
          <NavLink
            key={key}
            to={item.to}
            end={item.end}
            className={({ isActive }) => (isActive ? "tab active" : "tab")}
            preventScrollReset={preventScrollReset}
          >
            {item.label}
          </NavLink>
        );
      })}
    </nav>
  );
}
