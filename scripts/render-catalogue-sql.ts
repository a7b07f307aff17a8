/**
 * Prints the catalogue seed SQL (DESIGN D8: products are seed data in a migration). Run once into a
 * `drizzle-kit generate --custom` migration; migrations are append-only, so a price change is a new
 * migration with new pids, never a re-run into an old file.
 *   npx tsx scripts/render-catalogue-sql.ts > migrations/NNNN_seed_products.sql
 */
import { PRODUCTS } from "../worker/billing/catalogue";
import { renderProductsSql } from "../worker/billing/catalogue-sql";

const header =
  "-- The plan and add-on catalogue of worker/billing/catalogue.ts, rendered by scripts/render-catalogue-sql.ts.";
const body = renderProductsSql(PRODUCTS, { mode: "insert-or-ignore" })
  .split("\n")
  .join("\n--> statement-breakpoint\n");
process.stdout.write(`${header}\n${body}\n`);
