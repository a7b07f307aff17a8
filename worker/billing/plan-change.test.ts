import { describe, expect, it } from "vitest";
import { findProduct, PRODUCTS, type Product } from "./catalogue";
import { changePlanOptions, planAction, showBillingToggle } from "./plan-change";

function get(pid: string): Product {
  const p = findProduct(PRODUCTS, pid);
  if (p === undefined) throw new Error(`missing ${pid}`);
  return p;
}

describe("planAction", () => {
  it("compares by price, then catalogue order", () => {
    expect(planAction(get("pro-monthly-usd"), get("pro-monthly-usd"))).toBe("current");
    expect(planAction(get("builder-monthly-usd"), get("pro-monthly-usd"))).toBe("upgrade");
    expect(planAction(get("quant-monthly-usd"), get("pro-monthly-usd"))).toBe("downgrade");
    expect(planAction(get("free-monthly-usd"), get("sponsor-sm-monthly-usd"))).toBe("upgrade");
    expect(planAction(get("sponsor-sm-monthly-usd"), get("free-monthly-usd"))).toBe("downgrade");
  });

  it("yearly to monthly is a downgrade (at the year's end) whatever the tier; monthly to yearly by price", () => {
    expect(planAction(get("builder-yearly-usd"), get("quant-monthly-usd"))).toBe("downgrade");
    expect(planAction(get("builder-yearly-usd"), get("builder-monthly-usd"))).toBe("downgrade");
    expect(planAction(get("quant-monthly-usd"), get("builder-yearly-usd"))).toBe("upgrade");
    expect(planAction(get("builder-yearly-usd"), get("free-monthly-usd"))).toBe("downgrade");
  });
});

describe("changePlanOptions (spec 3 section 2)", () => {
  it("lists paid plans of the cycle and currency, sorted by price, with actions", () => {
    const options = changePlanOptions(PRODUCTS, get("pro-monthly-eur"), "monthly");
    expect(options.map((o) => [o.product.pid, o.action])).toEqual([
      ["builder-monthly-eur", "downgrade"],
      ["pro-monthly-eur", "current"],
      ["quant-monthly-eur", "upgrade"],
    ]);
  });

  it("shows the other cycle's plans as upgrades or downgrades by price", () => {
    const options = changePlanOptions(PRODUCTS, get("pro-monthly-usd"), "yearly");
    expect(options.map((o) => [o.product.pid, o.action])).toEqual([
      ["builder-yearly-usd", "upgrade"],
      ["pro-yearly-usd", "upgrade"],
      ["quant-yearly-usd", "upgrade"],
    ]);
  });

  it("hides inactive products", () => {
    const withRetired = PRODUCTS.map((p) => (p.pid === "quant-monthly-usd" ? { ...p, active: false } : p));
    const pids = changePlanOptions(withRetired, get("builder-monthly-usd"), "monthly").map(
      (o) => o.product.pid,
    );
    expect(pids).toEqual(["builder-monthly-usd", "pro-monthly-usd"]);
  });
});

describe("showBillingToggle", () => {
  it("needs both monthly and yearly paid plans", () => {
    expect(showBillingToggle(PRODUCTS, "USD")).toBe(true);
    expect(showBillingToggle(PRODUCTS, "JPY")).toBe(false);
    expect(
      showBillingToggle(
        PRODUCTS.filter((p) => p.billingCycle !== "yearly"),
        "USD",
      ),
    ).toBe(false);
  });
});
