import { useLocation, useSearchParams } from "@remix-run/react";
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type RowData,
  type TableOptions,
  useReactTable,
} from "@tanstack/react-table";
import type { ReactNode } from "react";
import {
  clampPage,
  DEFAULT_COLUMN_SIZE,
  DEFAULT_PAGE_SIZE,
  MIN_COLUMN_SIZE,
  pageCount,
  pageSearch,
  paramNames,
  rowsOnPage,
  type SortState,
  type TableParamNames,
  tableStateFromSearch,
} from "../../utils/table-state";
import { SortHeader } from "./sort-header";
import { TableFooter } from "./table-footer";

declare module "@tanstack/react-table" {
  // Per-column presentation the table applies to both header and cells (numbers read better right-aligned).
  interface ColumnMeta<TData extends RowData, TValue> {
    align?: "left" | "right" | "center";
  }
}

/**
 * A column of any value type, exactly what `useReactTable` takes. Columns are code, not input: build them
 * with `createColumnHelper<Row>()` so each cell sees its own typed value. (A mixed array cannot be typed as
 * `ColumnDef<T, unknown>[]`, because a cell takes its value as a parameter; tanstack's own type is used.)
 */
export type TableColumn<T extends RowData> = TableOptions<T>["columns"][number];

export interface DataTableProps<T extends RowData> {
  /**
   * Define at module level (or memoize): tanstack renders a function `cell` as a component, so a new array
   * each render remounts every cell. A cell that needs hooks (useUrlFlag, useFetcher) is its own component.
   * Missing metric values should be `undefined` (not null) to sort last.
   */
  columns: TableColumn<T>[];
  /** All rows (the table pages and sorts them), or with `rowCount` only this page, sorted by the loader. */
  data: T[];
  /** Accessible name of the table. */
  label: string;
  /** Spec 1 s9: 10 by default; strategies and add-ons use 8. */
  pageSize?: number;
  defaultSort?: SortState | null;
  /** Search-param names; give each table on a page its own (see `prefixedParams`). */
  params?: Partial<TableParamNames>;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  loading?: boolean;
  getRowId?: (row: T, index: number) => string;
  /** Server-side paging: total rows; `data` is then the current page already sorted by the loader. */
  rowCount?: number;
  className?: string;
  /** A totals row under the rows (tfoot), by column id; `label` goes in the first column. */
  totals?: { label: string; cells: Readonly<Record<string, string>> };
}

/** Column ids as tanstack derives them, known before the table exists so untrusted `sort` can be checked. */
function sortableIds<T extends RowData>(columns: TableColumn<T>[]): string[] {
  const ids: string[] = [];
  for (const c of columns) {
    if (c.enableSorting === false) continue;
    const key = "accessorKey" in c && typeof c.accessorKey === "string" ? c.accessorKey : undefined;
    const id = c.id ?? key?.replaceAll(".", "_") ?? (typeof c.header === "string" ? c.header : undefined);
    if (id) ids.push(id);
  }
  return ids;
}

/**
 * Sortable, paginated table (spec 2 s2). State lives in the URL, so the server renders the same first page
 * the browser shows, and header and footer links page and sort without JavaScript; with JavaScript, Remix
 * turns those links into client-side navigations (replace, no scroll reset).
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  label,
  pageSize = DEFAULT_PAGE_SIZE,
  defaultSort = null,
  params,
  empty,
  loading = false,
  getRowId,
  rowCount,
  className,
  totals,
}: DataTableProps<T>) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const names = paramNames(params);
  const state = tableStateFromSearch(searchParams, {
    sort: defaultSort,
    params: names,
    sortable: sortableIds(columns),
  });
  const manual = rowCount !== undefined;
  const total = manual ? rowCount : data.length;
  const page = clampPage(state.page, total, pageSize);
  const pages = pageCount(total, pageSize);

  const table = useReactTable<T>({
    columns,
    data,
    getRowId,
    // Spec 2 s2: ascending first, and a third click removes the sort.
    sortDescFirst: false,
    enableSortingRemoval: true,
    enableMultiSort: false,
    defaultColumn: { size: DEFAULT_COLUMN_SIZE, minSize: MIN_COLUMN_SIZE, sortUndefined: "last" },
    state: {
      sorting: state.sort ? [{ id: state.sort.id, desc: state.sort.dir === "desc" }] : [],
      pagination: { pageIndex: page - 1, pageSize },
    },
    manualSorting: manual,
    manualPagination: manual,
    rowCount: total,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const rows = table.getRowModel().rows;
  const span = table.getVisibleLeafColumns().length;
  const showFooter = !loading && total > 0;

  return (
    <div className={className ? `data-table ${className}` : "data-table"} aria-busy={loading || undefined}>
      <div className="table-wrap">
        <table aria-label={label}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const dir = header.column.getIsSorted();
                  const sortable = header.column.getCanSort();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan}
                      style={{ width: header.getSize(), minWidth: header.column.columnDef.minSize }}
                      className={
                        header.column.columnDef.meta?.align
                          ? `align-${header.column.columnDef.meta.align}`
                          : undefined
                      }
                      aria-sort={
                        sortable
                          ? dir === "asc"
                            ? "ascending"
                            : dir === "desc"
                              ? "descending"
                              : "none"
                          : undefined
                      }
                    >
                      {header.isPlaceholder ? null : sortable ? (
                        <SortHeader
                          columnId={header.column.id}
                          current={state.sort}
                          names={names}
                          pathname={pathname}
                          search={searchParams}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                        </SortHeader>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {loading ? (
              <tr>
                <td colSpan={span} className="table-message">
                  <div role="status">
                    <span className="spinner" aria-hidden="true" /> <span>Loading...</span>
                  </div>
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={span} className="table-message">
                  {empty ?? "Nothing to show yet."}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={
                        cell.column.columnDef.meta?.align
                          ? `align-${cell.column.columnDef.meta.align}`
                          : undefined
                      }
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {totals && !loading && rows.length > 0 ? (
            <tfoot>
              <tr className="totals-row">
                {table.getVisibleLeafColumns().map((column, i) => (
                  <td
                    key={column.id}
                    className={
                      column.columnDef.meta?.align ? `align-${column.columnDef.meta.align}` : undefined
                    }
                  >
                    {totals.cells[column.id] ?? (i === 0 ? totals.label : "")}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {showFooter ? (
        <TableFooter
          page={page}
          pages={pages}
          shown={manual ? Math.min(rows.length, rowsOnPage(page, total, pageSize)) : rows.length}
          total={total}
          hrefFor={(p) => `${pathname}${pageSearch(searchParams, names, p)}`}
        />
      ) : null}
    </div>
  );
}
