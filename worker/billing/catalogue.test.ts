import { describe, expect, it } from "vitest";
import { ADDON_PACKS, findProduct, PLAN_SLUGS, PRODUCTS, type Product, yearlyPriceMinor } from "./catalogue";
import { CURRENCIES } from "./money";
import { parseProductRow, productToRow } from "./product-row";

const plans = PRODUCTS.filter((p) => p.kind === "plan");
const addons = PRODUCTS.filter((p) => p.kind === "addon");

function get(pid: string): Product {
  const p = findProduct(PRODUCTS, pid);
  if (p === undefined) throw new Error(`missing ${pid}`);
  return p;
}

describe("catalogue shape", () => {
  it("has monthly products for every plan and currency, yearly for paid plans, 3 packs x 3 currencies", () => {
    // free 3 + builder 6 + pro 6 + quant 6 + sponsor-sm 3 + add-ons 9
    expect(PRODUCTS).toHaveLength(33);
    for (const slug of PLAN_SLUGS) {
      for (const c of CURRENCIES) expect(get(`${slug}-monthly-${c.toLowerCase()}`).slug).toBe(slug);
    }
    expect(findProduct(PRODUCTS, "free-yearly-usd")).toBeUndefined();
    expect(findProduct(PRODUCTS, "sponsor-sm-yearly-usd")).toBeUndefined();
    expect(addons).toHaveLength(ADDON_PACKS.length * 3);
  });

  it("has unique, url-safe pids", () => {
    const pids = PRODUCTS.map((p) => p.pid);
    expect(new Set(pids).size).toBe(pids.length);
    for (const pid of pids) expect(pid).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("has the limits of spec 3 section 1", () => {
    const limits = (slug: string) => {
      const p = get(`${slug}-monthly-usd`);
      return [p.maxStrategies, p.maxSaves, p.maxCodeLines];
    };
    expect(limits("free")).toEqual([1, 1, 1_000]);
    expect(limits("builder")).toEqual([5, 20, 5_000]);
    expect(limits("sponsor-sm")).toEqual([5, 20, 5_000]);
    expect(limits("pro")).toEqual([15, 50, 15_000]);
    expect(limits("quant")).toEqual([-1, -1, -1]);
    // Limits do not depend on cycle or currency.
    for (const p of plans) expect([p.maxStrategies, p.maxSaves, p.maxCodeLines]).toEqual(limits(p.slug));
  });

  it("grants the chosen credits", () => {
    expect([get("free-monthly-usd").credits, get("free-monthly-usd").creditsDays]).toEqual([3, 30]);
    expect(get("builder-monthly-eur").credits).toBe(30);
    expect(get("builder-yearly-eur").credits).toBe(360);
    expect(get("pro-monthly-gbp").credits).toBe(100);
    expect(get("quant-monthly-usd").credits).toBe(-1);
    expect(get("quant-yearly-usd").credits).toBe(-1);
    expect(get("sponsor-sm-monthly-usd").credits).toBe(get("builder-monthly-usd").credits);
  });

  it("gives every plan a tagline and a feature list", () => {
    for (const p of plans) {
      expect(p.tagline.length).toBeGreaterThan(0);
      expect(p.features.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("every row parses back to itself through the D1 row schema", () => {
    for (const p of PRODUCTS) expect(parseProductRow(productToRow(p))).toEqual(p);
  });
});

describe("prices", () => {
  it("are the hand-set monthly prices and derived yearly prices", () => {
    expect(get("builder-monthly-usd").priceMinor).toBe(2_500);
    expect(get("builder-yearly-usd").priceMinor).toBe(24_000); // 25 x 12 x 0.8
    expect(get("pro-yearly-eur").priceMinor).toBe(52_800); // 55 x 9.6
    expect(get("quant-yearly-gbp").priceMinor).toBe(115_200); // 120 x 9.6
    expect(get("free-monthly-gbp").priceMinor).toBe(0);
    expect(get("sponsor-sm-monthly-eur").priceMinor).toBe(0);
    expect(get("addon-50-usd").priceMinor).toBe(2_000);
  });

  it("yearlyPriceMinor is 12 x monthly less 20%, rounded down", () => {
    expect(yearlyPriceMinor(2_500)).toBe(24_000);
    expect(yearlyPriceMinor(1_999)).toBe(19_190); // 19,190.4
    expect(yearlyPriceMinor(0)).toBe(0);
  });

  it("yearly price and its per-month figure are whole major units (0-decimal display)", () => {
    for (const p of PRODUCTS) expect(p.priceMinor % 100).toBe(0);
    for (const y of plans.filter((p) => p.billingCycle === "yearly")) {
      const monthly = get(y.pid.replace("-yearly-", "-monthly-"));
      expect(y.priceMinor).toBe(yearlyPriceMinor(monthly.priceMinor));
      expect(y.priceMinor * 5).toBe(monthly.priceMinor * 48); // exactly 20% off, no rounding used
      expect((y.priceMinor / 12) % 100).toBe(0);
    }
  });

  it("rise with the plan in every currency and cycle", () => {
    for (const c of CURRENCIES) {
      for (const cycle of ["monthly", "yearly"]) {
        const prices = ["builder", "pro", "quant"].map(
          (s) => get(`${s}-${cycle}-${c.toLowerCase()}`).priceMinor,
        );
        expect(prices[0]).toBeGreaterThan(0);
        expect(prices[1]).toBeGreaterThan(prices[0]);
        expect(prices[2]).toBeGreaterThan(prices[1]);
      }
    }
  });

  it("make bigger add-on packs cheaper per credit, valid longer, one-time", () => {
    for (const c of CURRENCIES) {
      const packs = addons.filter((p) => p.currency === c).sort((a, b) => a.credits - b.credits);
      expect(packs.map((p) => p.credits)).toEqual([10, 50, 200]);
      for (let i = 1; i < packs.length; i++) {
        expect(packs[i].priceMinor / packs[i].credits).toBeLessThan(
          packs[i - 1].priceMinor / packs[i - 1].credits,
        );
        expect(packs[i].creditsDays).toBeGreaterThan(packs[i - 1].creditsDays);
      }
      for (const p of packs) expect(p.billingCycle).toBe("onetime");
    }
  });
});
