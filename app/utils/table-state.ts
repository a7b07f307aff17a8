/**
 * Table paging and sorting state kept in the URL (spec 2 s2 "Table footer", spec 1 s9 table defaults), so a
 * table pages and sorts through plain links without JavaScript, and a loader can read the same state the
 * component renders. Pure: no React, no Remix.
 *
 * URL shape: `?page=N&sort=col&dir=asc|desc`. No sort params means the table's default sort; `dir=none`
 * (without `sort`) means "explicitly unsorted", the third step of the header cycle, which must differ from
 * "default" because the default may itself be a sort (My Strategies: Updated descending).
 */

export type SortDir = "asc" | "desc";
export interface SortState {
  id: string;
  dir: SortDir;
}

export interface TableParamNames {
  page: string;
  sort: string;
  dir: string;
}

export interface TableState {
  /** 1-based; not yet clamped to the page count (the row count is not known from the URL). */
  page: number;
  sort: SortState | null;
}

export interface TableDefaults {
  sort?: SortState | null;
  /** Search-param names, so two tables on one page do not clash. */
  params?: Partial<TableParamNames>;
  /** Column ids that may be sorted; other `sort` values (untrusted URL input) fall back to the default. */
  sortable?: readonly string[];
}

/** Spec 1 s9: page size 10 unless a table says otherwise (strategies and add-ons use 8). */
export const DEFAULT_PAGE_SIZE = 10;
/** Spec 1 s9: column size 150, minimum 20. */
export const DEFAULT_COLUMN_SIZE = 150;
export const MIN_COLUMN_SIZE = 20;

const DEFAULT_NAMES: TableParamNames = { page: "page", sort: "sort", dir: "dir" };
const NONE = "none";

export function paramNames(params?: Partial<TableParamNames>): TableParamNames {
  return { ...DEFAULT_NAMES, ...params };
}

/** Names with a common prefix, e.g. `prefixedParams("orders")` gives orders_page, orders_sort, orders_dir. */
export function prefixedParams(prefix: string): TableParamNames {
  return { page: `${prefix}_page`, sort: `${prefix}_sort`, dir: `${prefix}_dir` };
}

function toSearch(search: URLSearchParams | string): URLSearchParams {
  return typeof search === "string" ? new URLSearchParams(search) : search;
}

function parsePage(raw: string | null): number {
  // Only plain positive integers: "2.5", "1e3", "-1" and "abc" all mean the first page.
  if (raw === null || !/^\d{1,9}$/.test(raw)) return 1;
  const n = Number(raw);
  return Math.max(n, 1);
}

export function tableStateFromSearch(
  search: URLSearchParams | string,
  defaults: TableDefaults = {},
): TableState {
  const sp = toSearch(search);
  const names = paramNames(defaults.params);
  const page = parsePage(sp.get(names.page));
  const fallback = defaults.sort ?? null;
  const dir = sp.get(names.dir);
  const id = sp.get(names.sort);
  if (dir === NONE) return { page, sort: null };
  if (!id) return { page, sort: fallback };
  if (defaults.sortable && !defaults.sortable.includes(id)) return { page, sort: fallback };
  // A column without a valid direction starts where a header click would: ascending.
  return { page, sort: { id, dir: dir === "desc" ? "desc" : "asc" } };
}

/** The header cycle (spec 2 s2): another column starts ascending; ascending → descending → none. */
export function nextSort(current: SortState | null, columnId: string): SortState | null {
  if (!current || current.id !== columnId) return { id: columnId, dir: "asc" };
  return current.dir === "asc" ? { id: columnId, dir: "desc" } : null;
}

export function pageCount(rowCount: number, pageSize: number): number {
  if (!(pageSize > 0) || !(rowCount > 0)) return 1;
  return Math.max(1, Math.ceil(rowCount / pageSize));
}

export function clampPage(page: number, rowCount: number, pageSize: number): number {
  const last = pageCount(rowCount, pageSize);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), last);
}

/** Rows shown on a (clamped) page, e.g. 19 rows at 8 a page: 8, 8, 3. */
export function rowsOnPage(page: number, rowCount: number, pageSize: number): number {
  const p = clampPage(page, rowCount, pageSize);
  return Math.max(0, Math.min(pageSize, rowCount - (p - 1) * pageSize));
}

const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 'Showing X of Y Rows': X is the rows on this page, Y all rows ('Showing 8 of 19 Rows'). */
export function showingText(shown: number, total: number): string {
  return `Showing ${count.format(shown)} of ${count.format(total)} Rows`;
}

/** 'Page N of M', M at least 1 so an empty table reads 'Page 1 of 1'. */
export function pageText(page: number, pages: number): string {
  return `Page ${count.format(page)} of ${count.format(Math.max(1, pages))}`;
}

/** Query string for a page, keeping every other param (another table's state, filters). */
export function pageSearch(search: URLSearchParams | string, names: TableParamNames, page: number): string {
  const sp = new URLSearchParams(toSearch(search));
  if (page <= 1) sp.delete(names.page);
  else sp.set(names.page, String(page));
  return `?${sp.toString()}`;
}

/** Query string for a sort; sorting again starts at page 1 because the old page no longer means anything. */
export function sortSearch(
  search: URLSearchParams | string,
  names: TableParamNames,
  sort: SortState | null,
): string {
  const sp = new URLSearchParams(toSearch(search));
  sp.delete(names.page);
  if (sort) {
    sp.set(names.sort, sort.id);
    sp.set(names.dir, sort.dir);
  } else {
    sp.delete(names.sort);
    sp.set(names.dir, NONE);
  }
  return `?${sp.toString()}`;
}

/**
 * For a route's `shouldRevalidate`: true when only this table's params changed, so paging and sorting a
 * client-side table need not call the loader again.
 */
export function onlyTableParamsChanged(current: URL, next: URL, names: TableParamNames): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (u: URL) => {
    const sp = new URLSearchParams(u.search);
    for (const n of [names.page, names.sort, names.dir]) sp.delete(n);
    sp.sort();
    return sp.toString();
  };
  return strip(current) === strip(next);
}
