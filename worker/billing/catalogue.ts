/**
 * The plan and add-on catalogue as seed data (DESIGN D8). The lead's seed migration is generated
 * from PRODUCTS with renderProductsSql (catalogue-sql.ts); at runtime the `products` table is the
 * source of truth, so nothing else should import prices from here.
 *
 * WHERE PRICES ARE SET
 * - Plans: the `monthly` field of each entry in PLAN_DEFINITIONS, in minor units per currency.
 *   The yearly price is derived, never typed: yearlyPriceMinor() = 12 x monthly less 20%
 *   (spec 3 section 9 "Annual saves 20%"), rounded down to the minor unit so the discount is never
 *   less than 20%.
 * - Add-on packs: the `price` field of each entry in ADDON_PACKS.
 *
 * Spec 1 section 9 shows money with 0 decimals, so a price of 19.99 would read "$20". To avoid
 * that conflict every monthly price is a whole multiple of 5 major units: then the yearly price
 * (9.6 x monthly) and the "per month" figure of the annual toggle (yearly / 12 = 0.8 x monthly) are
 * whole major units too. catalogue.test.ts enforces this.
 *
 * Credits are counted per generated expert advisor (DESIGN D5: one credit per successful
 * generation). A yearly plan grants 12 periods' worth of credits at once for its calendar year
 * (the credit period equals the billing period for paid plans); free and sponsor-sm have no
 * charge, so their credits renew every `creditsDays` days from sign-up (periods.ts).
 */
import type { Currency } from "./money";

export type ProductKind = "plan" | "addon";
export type BillingCycle = "monthly" | "yearly" | "onetime";
export const PLAN_SLUGS = ["free", "builder", "pro", "quant", "sponsor-sm"] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];

/** -1 in credits and limits means unlimited (spec 3 section 9). */
export const UNLIMITED = -1;

/** One purchasable row of the `products` table. Money in minor units (DESIGN D2). */
export interface Product {
  readonly pid: string;
  readonly slug: string;
  readonly kind: ProductKind;
  readonly name: string;
  readonly tagline: string;
  readonly features: readonly string[];
  /** Credits granted per period (plans) or per pack (add-ons); -1 = unlimited. */
  readonly credits: number;
  /** Plans: nominal length of a credit period, shown as "credits per N days". Add-ons: validity. */
  readonly creditsDays: number;
  readonly priceMinor: number;
  readonly currency: Currency;
  readonly billingCycle: BillingCycle;
  /** Plan limits (spec 3 section 1); -1 = unlimited. Add-ons carry 0: limits come from the plan. */
  readonly maxStrategies: number;
  readonly maxSaves: number;
  readonly maxCodeLines: number;
  readonly sortOrder: number;
  readonly active: boolean;
}

type Prices = Readonly<Record<Currency, number>>;

interface PlanDefinition {
  readonly slug: PlanSlug;
  readonly name: string;
  readonly tagline: string;
  readonly features: readonly string[];
  readonly creditsPerMonth: number;
  readonly maxStrategies: number;
  readonly maxSaves: number;
  readonly maxCodeLines: number;
  /** Monthly price in minor units; null = no charge, offered only as a monthly product. */
  readonly monthly: Prices | null;
  readonly sortOrder: number;
}

const CREDIT_PERIOD_DAYS = 30;
const YEAR_DAYS = 365;

/** Plan limits are spec 3 section 1; credits and prices are our choice (see the top comment). */
export const PLAN_DEFINITIONS: readonly PlanDefinition[] = [
  {
    slug: "free",
    name: "Free",
    tagline: "Try the assistant on one strategy",
    features: [
      "1 strategy build/download",
      "1 saved strategy",
      "Up to 1,000 lines of code",
      "3 credits every 30 days (1 credit per generated expert advisor)",
      "Backtests with MT5-style reports",
    ],
    creditsPerMonth: 3,
    maxStrategies: 1,
    maxSaves: 1,
    maxCodeLines: 1_000,
    monthly: null,
    sortOrder: 0,
  },
  {
    slug: "builder",
    name: "Builder",
    tagline: "Automate your first trading ideas",
    features: [
      "5 strategies",
      "20 saved strategies",
      "Up to 5,000 lines of code",
      "30 credits per month (1 credit per generated expert advisor)",
      "Backtests with MT5-style reports",
      "Add-on credit packs",
    ],
    creditsPerMonth: 30,
    maxStrategies: 5,
    maxSaves: 20,
    maxCodeLines: 5_000,
    monthly: { USD: 2_500, EUR: 2_500, GBP: 2_000 },
    sortOrder: 10,
  },
  {
    slug: "pro",
    name: "Pro",
    tagline: "For active traders running several expert advisors",
    features: [
      "15 strategies",
      "50 saved strategies",
      "Up to 15,000 lines of code",
      "100 credits per month (1 credit per generated expert advisor)",
      "Advanced backtesting",
      "Add-on credit packs",
    ],
    creditsPerMonth: 100,
    maxStrategies: 15,
    maxSaves: 50,
    maxCodeLines: 15_000,
    monthly: { USD: 6_000, EUR: 5_500, GBP: 5_000 },
    sortOrder: 20,
  },
  {
    slug: "quant",
    name: "Quant",
    tagline: "No limits for systematic traders",
    features: [
      "Unlimited strategies",
      "Unlimited credits",
      "Unlimited code size",
      "Advanced backtesting",
      "Priority support",
    ],
    creditsPerMonth: UNLIMITED,
    maxStrategies: UNLIMITED,
    maxSaves: UNLIMITED,
    maxCodeLines: UNLIMITED,
    monthly: { USD: 15_000, EUR: 14_000, GBP: 12_000 },
    sortOrder: 30,
  },
  {
    slug: "sponsor-sm",
    name: "Sponsored",
    tagline: "Builder features, sponsored by our partner broker",
    features: [
      "5 strategies",
      "20 saved strategies",
      "Up to 5,000 lines of code",
      "30 credits every 30 days (1 credit per generated expert advisor)",
      "Backtests with MT5-style reports",
    ],
    creditsPerMonth: 30,
    maxStrategies: 5,
    maxSaves: 20,
    maxCodeLines: 5_000,
    monthly: null,
    sortOrder: 40,
  },
];

interface AddonPack {
  readonly credits: number;
  readonly validDays: number;
  readonly price: Prices;
}

/** One-time credit packs; bigger packs are cheaper per credit and last longer. */
export const ADDON_PACKS: readonly AddonPack[] = [
  { credits: 10, validDays: 30, price: { USD: 500, EUR: 500, GBP: 400 } },
  { credits: 50, validDays: 90, price: { USD: 2_000, EUR: 2_000, GBP: 1_600 } },
  { credits: 200, validDays: 365, price: { USD: 6_000, EUR: 5_500, GBP: 5_000 } },
];

/** 12 x monthly less 20%, rounded down to the minor unit (never less than 20% off). */
export function yearlyPriceMinor(monthlyMinor: number): number {
  return Math.floor((monthlyMinor * 12 * 80) / 100);
}

const ORDERED_CURRENCIES: readonly Currency[] = ["USD", "EUR", "GBP"];

function planProducts(plan: PlanDefinition): Product[] {
  const base = {
    slug: plan.slug,
    kind: "plan" as const,
    name: plan.name,
    tagline: plan.tagline,
    features: plan.features,
    maxStrategies: plan.maxStrategies,
    maxSaves: plan.maxSaves,
    maxCodeLines: plan.maxCodeLines,
    active: true,
  };
  const out: Product[] = [];
  for (const currency of ORDERED_CURRENCIES) {
    const monthly = plan.monthly?.[currency] ?? 0;
    out.push({
      ...base,
      pid: `${plan.slug}-monthly-${currency.toLowerCase()}`,
      credits: plan.creditsPerMonth,
      creditsDays: CREDIT_PERIOD_DAYS,
      priceMinor: monthly,
      currency,
      billingCycle: "monthly",
      sortOrder: plan.sortOrder,
    });
    if (plan.monthly === null) continue;
    out.push({
      ...base,
      pid: `${plan.slug}-yearly-${currency.toLowerCase()}`,
      credits: plan.creditsPerMonth === UNLIMITED ? UNLIMITED : plan.creditsPerMonth * 12,
      creditsDays: YEAR_DAYS,
      priceMinor: yearlyPriceMinor(monthly),
      currency,
      billingCycle: "yearly",
      sortOrder: plan.sortOrder,
    });
  }
  return out;
}

function addonProducts(pack: AddonPack, index: number): Product[] {
  return ORDERED_CURRENCIES.map((currency) => ({
    pid: `addon-${pack.credits}-${currency.toLowerCase()}`,
    slug: `addon-${pack.credits}`,
    kind: "addon",
    name: `${pack.credits} Credits`,
    tagline: `${pack.credits} extra credits, valid for ${pack.validDays} days`,
    features: [],
    credits: pack.credits,
    creditsDays: pack.validDays,
    priceMinor: pack.price[currency],
    currency,
    billingCycle: "onetime",
    maxStrategies: 0,
    maxSaves: 0,
    maxCodeLines: 0,
    sortOrder: 100 + index * 10,
    active: true,
  }));
}

/** Every product row, in seed order. pids are stable: never rename one, add a new row instead. */
export const PRODUCTS: readonly Product[] = [
  ...PLAN_DEFINITIONS.flatMap(planProducts),
  ...ADDON_PACKS.flatMap(addonProducts),
];

export function findProduct(products: readonly Product[], pid: string): Product | undefined {
  return products.find((p) => p.pid === pid);
}
