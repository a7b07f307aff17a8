import { Link } from "@remix-run/react";
import { pageText, showingText } from "../../utils/table-state";

export interface TableFooterProps {
  /** Current page, 1-based and already clamped. */
  page: number;
  pages: number;
  /** Rows on this page. */
  shown: number;
  total: number;
  /** The link for a page; links, not handlers, so paging works without JavaScript. */
  hrefFor: (page: number) => string;
}

const BUTTONS = [
  { key: "first", label: "First page", glyph: "«" },
  { key: "previous", label: "Previous page", glyph: "‹" },
  { key: "next", label: "Next page", glyph: "›" },
  { key: "last", label: "Last page", glyph: "»" },
] as const;

/** The shared footer of spec 2 s2: 'Showing X of Y Rows', 'Page N of M', first/previous/next/last. */
export function TableFooter({ page, pages, shown, total, hrefFor }: TableFooterProps) {
  const target = { first: 1, previous: page - 1, next: page + 1, last: pages };
  return (
    <div className="table-footer">
      <span className="muted small" aria-live="polite">
        {showingText(shown, total)}
      </span>
      <nav className="table-pager" aria-label="Pagination">
        <span className="small table-page">{pageText(page, pages)}</span>
        {BUTTONS.map(({ key, label, glyph }) => {
          const to = target[key];
          const atEnd = key === "first" || key === "previous" ? page <= 1 : page >= pages;
          // A disabled button at the ends: a link to the page you are on would be a no-op.
          return atEnd ? (
            <button key={key} type="button" className="button icon" aria-label={label} disabled>
              <span aria-hidden="true">{glyph}</span>
            </button>
          ) : (
            <Link
              key={key}
              to={hrefFor(to)}
              className="button icon"
              aria-label={label}
              replace
              preventScrollReset
            >
              <span aria-hidden="true">{glyph}</span>
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
