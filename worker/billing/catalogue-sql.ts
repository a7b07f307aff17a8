/**
 * Renders the catalogue as SQL for the lead's seed migration (DESIGN D8: seed data, not constants
 * in code). Migrations are append-only, so a later price change is a new migration with new pids
 * (and `active = 0` on the old ones), never an edit of this output.
 */
import type { Product } from "./catalogue";
import { PRODUCT_COLUMNS, productToRow } from "./product-row";

export type InsertMode = "insert" | "insert-or-ignore" | "insert-or-replace";

const VERBS: Readonly<Record<InsertMode, string>> = {
  insert: "INSERT INTO",
  "insert-or-ignore": "INSERT OR IGNORE INTO",
  "insert-or-replace": "INSERT OR REPLACE INTO",
};

/** SQLite literal: integers as-is, text single-quoted with quotes doubled (no other escapes exist). */
export function sqlLiteral(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`only integers are stored, got ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** One INSERT statement per product, one per line, each ending with ";". */
export function renderProductsSql(
  products: readonly Product[],
  options: { table?: string; mode?: InsertMode } = {},
): string {
  const table = options.table ?? "products";
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) throw new RangeError(`bad table name ${table}`);
  const verb = VERBS[options.mode ?? "insert"];
  const columns = PRODUCT_COLUMNS.join(", ");
  return products
    .map((p) => {
      const row = productToRow(p);
      const values = PRODUCT_COLUMNS.map((c) => sqlLiteral(row[c])).join(", ");
      return `${verb} ${table} (${columns}) VALUES (${values});`;
    })
    .join("\n");
}
