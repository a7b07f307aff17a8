import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTS } from "../worker/billing/catalogue";
import { renderProductsSql } from "../worker/billing/catalogue-sql";

// The seed migrations must insert exactly what the catalogue says (DESIGN D8: products are seed data).
// A catalogue change without a new migration fails here.

const migrations = readdirSync("migrations")
  .filter((f) => f.endsWith(".sql"))
  .map((f) => readFileSync(join("migrations", f), "utf8"))
  .join("\n");

describe("catalogue seed", () => {
  it("every catalogue product is inserted, row for row, by a migration", () => {
    const lines = renderProductsSql(PRODUCTS, { mode: "insert-or-ignore" }).split("\n");
    expect(lines).toHaveLength(PRODUCTS.length);
    for (const line of lines) expect(migrations).toContain(line);
  });
});
