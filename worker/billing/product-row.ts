/**
 * The `products` table row shape (snake_case, SQLite types) and its mapping to Product both ways.
 * One mapping serves the seed SQL (catalogue-sql.ts) and the services that read rows back from D1,
 * which parse them with zod instead of casting (DESIGN D10).
 */
import { z } from "zod";
import type { Product } from "./catalogue";
import { CURRENCIES } from "./money";

/** Column order of the seed INSERT statements. */
export const PRODUCT_COLUMNS = [
  "pid",
  "slug",
  "kind",
  "name",
  "tagline",
  "features",
  "credits",
  "credits_days",
  "price_minor",
  "currency",
  "billing_cycle",
  "max_strategies",
  "max_saves",
  "max_code_lines",
  "sort_order",
  "active",
] as const;

export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];
export type ProductRow = Record<ProductColumn, string | number>;

const int = z.number().int();
/** -1 (unlimited) or a non-negative count. */
const limit = int.min(-1);
const featuresJson = z.string().transform((text, ctx): string[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: "custom", message: "features is not JSON" });
    return z.NEVER;
  }
  const list = z.array(z.string()).safeParse(parsed);
  if (!list.success) {
    ctx.addIssue({ code: "custom", message: "features must be a JSON array of strings" });
    return z.NEVER;
  }
  return list.data;
});

export const productRowSchema = z
  .object({
    pid: z.string().min(1),
    slug: z.string().min(1),
    kind: z.enum(["plan", "addon"]),
    name: z.string(),
    tagline: z.string(),
    features: featuresJson,
    credits: limit,
    credits_days: int.min(0),
    price_minor: int.min(0),
    currency: z.enum(CURRENCIES),
    billing_cycle: z.enum(["monthly", "yearly", "onetime"]),
    max_strategies: limit,
    max_saves: limit,
    max_code_lines: limit,
    sort_order: int,
    // SQLite has no boolean: 0/1.
    active: z.union([z.literal(0), z.literal(1)]),
  })
  .transform(
    (r): Product => ({
      pid: r.pid,
      slug: r.slug,
      kind: r.kind,
      name: r.name,
      tagline: r.tagline,
      features: r.features,
      credits: r.credits,
      creditsDays: r.credits_days,
      priceMinor: r.price_minor,
      currency: r.currency,
      billingCycle: r.billing_cycle,
      maxStrategies: r.max_strategies,
      maxSaves: r.max_saves,
      maxCodeLines: r.max_code_lines,
      sortOrder: r.sort_order,
      active: r.active === 1,
    }),
  );

/** Parses a row read from D1; throws a ZodError on a malformed row. */
export function parseProductRow(row: unknown): Product {
  return productRowSchema.parse(row);
}

export function productToRow(p: Product): ProductRow {
  return {
    pid: p.pid,
    slug: p.slug,
    kind: p.kind,
    name: p.name,
    tagline: p.tagline,
    features: JSON.stringify(p.features),
    credits: p.credits,
    credits_days: p.creditsDays,
    price_minor: p.priceMinor,
    currency: p.currency,
    billing_cycle: p.billingCycle,
    max_strategies: p.maxStrategies,
    max_saves: p.maxSaves,
    max_code_lines: p.maxCodeLines,
    sort_order: p.sortOrder,
    active: p.active ? 1 : 0,
  };
}
