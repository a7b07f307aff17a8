import { Link } from "@remix-run/react";
import type { KeyboardEvent, ReactNode } from "react";
import { nextSort, type SortState, sortSearch, type TableParamNames } from "../../utils/table-state";

export interface SortHeaderProps {
  columnId: string;
  current: SortState | null;
  names: TableParamNames;
  pathname: string;
  search: URLSearchParams;
  children: ReactNode;
}

const NEXT_WORDS = { asc: "sort ascending", desc: "sort descending", none: "remove sorting" } as const;

/**
 * A column header that sorts: a link to the next step of the cycle (works without JavaScript), acting as a
 * button for keyboard users (Space activates it too). The th around it carries aria-sort.
 */
export function SortHeader({ columnId, current, names, pathname, search, children }: SortHeaderProps) {
  const next = nextSort(current, columnId);
  const dir = current?.id === columnId ? current.dir : null;
  function onKeyDown(e: KeyboardEvent<HTMLAnchorElement>) {
    if (e.key === " ") {
      e.preventDefault();
      e.currentTarget.click();
    }
  }
  return (
    <Link
      to={`${pathname}${sortSearch(search, names, next)}`}
      className="sort-header"
      role="button"
      data-sort={dir ?? "none"}
      replace
      preventScrollReset
      onKeyDown={onKeyDown}
    >
      {children}
      <span className="sort-icon" aria-hidden="true">
        {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}
      </span>
      <span className="sr-only">, {NEXT_WORDS[next ? next.dir : "none"]}</span>
    </Link>
  );
}
