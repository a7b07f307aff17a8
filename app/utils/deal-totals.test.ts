import { describe, expect, it } from "vitest";
import { dealTotals } from "./deal-totals";

const deal = (Type: string, Commission: string, Swap: string, Profit: string, Balance: string) => ({
  Type,
  Commission,
  Swap,
  Profit,
  Balance,
});

describe("dealTotals (the Deals table's totals row)", () => {
  it("sums commission, swap and trading profit in cents; the balance is the last one", () => {
    const totals = dealTotals([
      deal("balance", "0.00", "0.00", "10000.00", "10000.00"),
      deal("buy", "-3.50", "0.00", "0.00", "9996.50"),
      deal("sell", "-3.50", "-1.10", "120.10", "10112.00"),
      deal("sell", "-3.50", "0.00", "0.00", "10108.50"),
      deal("buy", "-3.50", "-0.20", "-45.30", "10059.50"),
    ]);
    expect(totals).toEqual({ commission: "-14.00", swap: "-1.30", profit: "74.80", balance: "10059.50" });
    // Profit + Commission + Swap is the net profit: the final balance less the deposit.
    expect((Number(totals.profit) + Number(totals.commission) + Number(totals.swap)).toFixed(2)).toBe(
      (10059.5 - 10000).toFixed(2),
    );
  });

  it("0.1 + 0.2 does not drift: cents add exactly", () => {
    const rows = Array.from({ length: 10 }, () => deal("buy", "-0.10", "-0.20", "0.30", "1.00"));
    expect(dealTotals(rows)).toMatchObject({ commission: "-1.00", swap: "-2.00", profit: "3.00" });
  });

  it("no deals: zeros and no balance", () => {
    expect(dealTotals([])).toEqual({ commission: "0.00", swap: "0.00", profit: "0.00", balance: "" });
  });
});
