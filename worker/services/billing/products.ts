import { type Product, parseProductRow } from "../../billing";
import { billingErrors } from "./errors";

/**
 * The catalogue as stored in D1 (the seed migration renders worker/billing/catalogue.ts once; at runtime
 * the table is the source of truth). Rows are parsed with the library's zod schema, never cast.
 */
export function createProducts(d1: D1Database) {
  let cache: Promise<Product[]> | null = null;

  function all(): Promise<Product[]> {
    cache ??= d1
      .prepare("SELECT * FROM products ORDER BY sort_order, price_minor, pid")
      .all()
      .then((r) => r.results.map(parseProductRow))
      .catch((e: unknown) => {
        cache = null;
        throw e;
      });
    return cache;
  }

  /** Any product by pid (inactive ones too: existing subscriptions may still be on them). */
  async function find(pid: string): Promise<Product | undefined> {
    return (await all()).find((p) => p.pid === pid);
  }

  async function require(pid: string, kind?: Product["kind"]): Promise<Product> {
    const p = await find(pid);
    if (!p || (kind && p.kind !== kind)) throw billingErrors.productNotFound();
    return p;
  }

  /** Active products a user may buy. */
  async function active(kind: Product["kind"]): Promise<Product[]> {
    return (await all()).filter((p) => p.kind === kind && p.active);
  }

  /** The pid of a plan slug in a currency and cycle (Free and the partner plan exist monthly only). */
  async function planPid(slug: string, currency: string, cycle: string): Promise<Product | undefined> {
    return (await all()).find(
      (p) => p.kind === "plan" && p.slug === slug && p.currency === currency && p.billingCycle === cycle,
    );
  }

  return { all, find, require, active, planPid };
}

export type Products = ReturnType<typeof createProducts>;

/** The spec's plan product (spec 3 s3); price in major units as the screens show it. */
export function planProductView(p: Product) {
  return {
    pid: p.pid,
    slug: p.slug,
    name: p.name,
    tagline: p.tagline,
    features: p.features,
    credits: p.credits,
    creditsDays: p.creditsDays,
    price: p.priceMinor / 100,
    priceMinor: p.priceMinor,
    currency: p.currency,
    billingCycle: p.billingCycle,
  };
}

/** The spec's add-on product (spec 3 s3). */
export function addonProductView(p: Product) {
  return {
    pid: p.pid,
    name: p.name,
    credits: p.credits,
    creditsDays: p.creditsDays,
    price: p.priceMinor / 100,
    priceMinor: p.priceMinor,
    currency: p.currency,
  };
}
