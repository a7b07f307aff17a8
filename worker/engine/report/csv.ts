/**
 * Table rows as CSV files (issue 16 exports: orders, deals, trades): the header is the row's own keys (the
 * table's MT5 column names), RFC 4180 quoting, CRLF line ends as spreadsheets expect. Pure.
 */

/** Quote a field that holds a comma, a quote or a line break; double the quotes inside. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * `columns` picks and orders the keys; an empty table still has its header line. `cell` may rewrite a value
 * for the file (the app writes times as ISO 8601 with their offset).
 */
export function rowsCsv<R extends object>(
  rows: readonly R[],
  columns: readonly (keyof R & string)[],
  cell: (column: string, value: unknown) => unknown = (_c, v) => v,
): string {
  const lines = [columns.map(csvField).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(String(cell(c, row[c])))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
