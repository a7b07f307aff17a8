import { describe, expect, it } from "vitest";
import { PRODUCTS } from "./catalogue";
import { productRowSchema, productToRow } from "./product-row";

const good = productToRow(PRODUCTS[0]);

describe("productRowSchema", () => {
  it("accepts a rendered row", () => {
    expect(productRowSchema.safeParse(good).success).toBe(true);
  });

  it.each([
    ["features not JSON", { features: "[oops" }],
    ["features not strings", { features: "[1,2]" }],
    ["unknown currency", { currency: "JPY" }],
    ["boolean stored as 2", { active: 2 }],
    ["credits below -1", { credits: -2 }],
    ["fractional price", { price_minor: 12.5 }],
    ["unknown cycle", { billing_cycle: "weekly" }],
  ])("rejects %s", (_name, patch) => {
    expect(productRowSchema.safeParse({ ...good, ...patch }).success).toBe(false);
  });
});
