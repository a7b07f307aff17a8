import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BillingCycle } from "./catalogue";
import { DAY_MS } from "./periods";
import { type PricedPlan, type ProrationQuote, type ProrationResult, prorateUpgrade } from "./proration";

const iso = (s: string) => Date.parse(s);
const plan = (priceMinor: number, billingCycle: BillingCycle = "monthly", currency = "USD"): PricedPlan => ({
  priceMinor,
  currency,
  billingCycle,
});

function quote(result: ProrationResult): ProrationQuote {
  if (!result.ok) throw new Error(`expected a quote, got ${result.error}`);
  return result.quote;
}

describe("hand-computed upgrades", () => {
  // April 2025: 30 days. Builder $25 -> Pro $60.
  const april = { periodStart: iso("2025-04-01T00:00:00Z"), periodEnd: iso("2025-05-01T00:00:00Z") };
  const builderToPro = (now: string, unitMinor?: number) =>
    quote(prorateUpgrade({ current: plan(2_500), target: plan(6_000), ...april, now: iso(now), unitMinor }));

  it("half the period left: $30 for the new plan less $12.50 -> $13 credit = $17", () => {
    const q = builderToPro("2025-04-16T00:00:00Z");
    expect(q).toEqual({
      isProrata: true,
      startsNewPeriod: false,
      currency: "USD",
      periodDays: 30,
      daysRemaining: 15,
      newPlanCharge: 3_000,
      unusedCredit: 1_300,
      amountDue: 1_700,
      regularPrice: 6_000,
    });
  });

  it("counts the day in progress as remaining", () => {
    expect(builderToPro("2025-04-16T12:00:00Z").daysRemaining).toBe(15);
    expect(builderToPro("2025-04-30T23:59:59Z").daysRemaining).toBe(1);
  });

  it("at the start charges the full difference, at or after the end nothing", () => {
    expect(builderToPro("2025-04-01T00:00:00Z").amountDue).toBe(3_500);
    expect(builderToPro("2025-03-01T00:00:00Z").amountDue).toBe(3_500);
    const atEnd = builderToPro("2025-05-01T00:00:00Z");
    expect([atEnd.daysRemaining, atEnd.newPlanCharge, atEnd.unusedCredit, atEnd.amountDue]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(builderToPro("2025-06-01T00:00:00Z").amountDue).toBe(0);
  });

  it("31-day January, Builder -> Quant with 11 days left: $53 - $9 = $44 (exact cents: $44.36)", () => {
    const jan = { periodStart: iso("2025-01-01T00:00:00Z"), periodEnd: iso("2025-02-01T00:00:00Z") };
    const input = { current: plan(2_500), target: plan(15_000), ...jan, now: iso("2025-01-21T00:00:00Z") };
    // 15000 * 11 / 31 = 5322.58; 2500 * 11 / 31 = 887.10
    const whole = quote(prorateUpgrade(input));
    expect([
      whole.periodDays,
      whole.daysRemaining,
      whole.newPlanCharge,
      whole.unusedCredit,
      whole.amountDue,
    ]).toEqual([31, 11, 5_300, 900, 4_400]);
    const cents = quote(prorateUpgrade({ ...input, unitMinor: 1 }));
    expect([cents.newPlanCharge, cents.unusedCredit, cents.amountDue]).toEqual([5_323, 887, 4_436]);
  });

  it("yearly Pro -> Quant with 100 of 365 days left: $395 - $158 = $237", () => {
    const q = quote(
      prorateUpgrade({
        current: plan(57_600, "yearly"),
        target: plan(144_000, "yearly"),
        periodStart: iso("2025-03-01T00:00:00Z"),
        periodEnd: iso("2026-03-01T00:00:00Z"),
        now: iso("2025-11-21T00:00:00Z"),
      }),
    );
    // 144000 * 100 / 365 = 39452.05; 57600 * 100 / 365 = 15780.82
    expect([q.periodDays, q.daysRemaining, q.newPlanCharge, q.unusedCredit, q.amountDue]).toEqual([
      365, 100, 39_500, 15_800, 23_700,
    ]);
  });

  it("a cheaper target is never a refund", () => {
    expect(builderToPro("2025-04-16T00:00:00Z").amountDue).toBeGreaterThan(0);
    const down = quote(
      prorateUpgrade({
        current: plan(6_000),
        target: plan(2_500),
        ...april,
        now: iso("2025-04-16T00:00:00Z"),
      }),
    );
    expect(down.amountDue).toBe(0);
  });

  it("never charges more than the new price even when rounding would", () => {
    // 150 rounds half up to 200 at unit 100; the old plan's 1 rounds to 0.
    const q = quote(
      prorateUpgrade({ current: plan(1), target: plan(150), ...april, now: april.periodStart }),
    );
    expect([q.newPlanCharge, q.unusedCredit, q.amountDue]).toEqual([200, 0, 150]);
  });

  it("from a plan without a charge: full price, no proration, any currency and cycle", () => {
    const q = quote(
      prorateUpgrade({
        current: plan(0, "monthly", "USD"),
        target: plan(52_800, "yearly", "EUR"),
        ...april,
        now: iso("2025-04-16T00:00:00Z"),
      }),
    );
    expect(q).toMatchObject({ isProrata: false, currency: "EUR", amountDue: 52_800, regularPrice: 52_800 });
  });
});

describe("monthly to yearly", () => {
  // April 2025: 30 days. Builder $25 a month -> Builder yearly $240, starting a new yearly period now.
  const april = { periodStart: iso("2025-04-01T00:00:00Z"), periodEnd: iso("2025-05-01T00:00:00Z") };

  it("half the month left: $240 less $12.50 -> $13 unused = $227, a new period", () => {
    const q = quote(
      prorateUpgrade({
        current: plan(2_500),
        target: plan(24_000, "yearly"),
        ...april,
        now: iso("2025-04-16T00:00:00Z"),
      }),
    );
    expect(q).toEqual({
      isProrata: true,
      startsNewPeriod: true,
      currency: "USD",
      periodDays: 30,
      daysRemaining: 15,
      newPlanCharge: 24_000,
      unusedCredit: 1_300,
      amountDue: 22_700,
      regularPrice: 24_000,
    });
  });

  it("Pro monthly $60 -> Quant yearly $1,440 on the last day: $1,440 less $2 = $1,438", () => {
    const q = quote(
      prorateUpgrade({
        current: plan(6_000),
        target: plan(144_000, "yearly"),
        ...april,
        now: iso("2025-04-30T12:00:00Z"),
      }),
    );
    expect(q).toMatchObject({
      daysRemaining: 1,
      unusedCredit: 200,
      amountDue: 143_800,
      startsNewPeriod: true,
    });
  });

  it("refuses another currency", () => {
    expect(
      prorateUpgrade({
        current: plan(2_500),
        target: plan(24_000, "yearly", "EUR"),
        ...april,
        now: april.periodStart,
      }),
    ).toMatchObject({ ok: false, reason: "currency" });
  });
});

describe("PRODUCT_CHANGE_NOT_ALLOWED", () => {
  const base = { periodStart: 0, periodEnd: 30 * DAY_MS, now: DAY_MS };
  it("rejects another currency or billing cycle between paid plans", () => {
    expect(prorateUpgrade({ ...base, current: plan(2_500), target: plan(5_500, "monthly", "EUR") })).toEqual({
      ok: false,
      error: "PRODUCT_CHANGE_NOT_ALLOWED",
      reason: "currency",
    });
    expect(prorateUpgrade({ ...base, current: plan(57_600, "yearly"), target: plan(6_000) })).toEqual({
      ok: false,
      error: "PRODUCT_CHANGE_NOT_ALLOWED",
      reason: "billing_cycle",
    });
    expect(
      prorateUpgrade({ ...base, current: plan(500, "onetime"), target: plan(2_000, "onetime") }),
    ).toMatchObject({
      ok: false,
      reason: "billing_cycle",
    });
  });

  it("throws on impossible input (a programming error, not a user error)", () => {
    expect(() => prorateUpgrade({ ...base, current: plan(-1), target: plan(100) })).toThrow(RangeError);
    expect(() => prorateUpgrade({ ...base, periodEnd: 0, current: plan(1), target: plan(100) })).toThrow(
      RangeError,
    );
    expect(() => prorateUpgrade({ ...base, unitMinor: 0, current: plan(1), target: plan(100) })).toThrow(
      RangeError,
    );
  });
});

describe("properties", () => {
  const price = fc.integer({ min: 1, max: 10_000_000 });
  const unit = fc.constantFrom(1, 100);
  const scenario = fc.record({
    oldPrice: price,
    newPrice: price,
    unit,
    start: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }),
    length: fc.integer({ min: 1, max: 400 * DAY_MS }),
    // From before the start to after the end.
    offset: fc.integer({ min: -40 * DAY_MS, max: 440 * DAY_MS }),
  });
  type Scenario = {
    oldPrice: number;
    newPrice: number;
    unit: number;
    start: number;
    length: number;
    offset: number;
  };
  const run = (s: Scenario) =>
    quote(
      prorateUpgrade({
        current: plan(s.oldPrice),
        target: plan(s.newPrice),
        periodStart: s.start,
        periodEnd: s.start + s.length,
        now: s.start + s.offset,
        unitMinor: s.unit,
      }),
    );

  it("is never negative and never above the new price", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const q = run(s);
        expect(q.amountDue).toBeGreaterThanOrEqual(0);
        expect(q.amountDue).toBeLessThanOrEqual(s.newPrice);
        expect(q.daysRemaining).toBeGreaterThanOrEqual(0);
        expect(q.daysRemaining).toBeLessThanOrEqual(q.periodDays);
        expect(Number.isSafeInteger(q.amountDue)).toBe(true);
        // Whole units unless the clamp to the new price applied.
        if (q.amountDue !== s.newPrice) expect(q.amountDue % s.unit).toBe(0);
      }),
    );
  });

  it("the invoice lines add up, and never exceed the price difference by more than one rounding unit", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const q = run(s);
        if (q.amountDue > 0 && q.amountDue < s.newPrice)
          expect(q.amountDue).toBe(q.newPlanCharge - q.unusedCredit);
        expect(q.amountDue).toBeLessThanOrEqual(Math.max(0, s.newPrice - s.oldPrice) + s.unit);
      }),
    );
  });

  it("charges nothing for the same price or when no day is left", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(run({ ...s, oldPrice: s.newPrice }).amountDue).toBe(0);
        expect(run({ ...s, offset: s.length + Math.max(s.offset, 0) }).amountDue).toBe(0);
      }),
    );
  });

  it("at the period start charges exactly the difference of whole-unit prices", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        scenario,
        (a, b, s) => {
          const [oldPrice, newPrice] = [Math.min(a, b) + 1, Math.max(a, b) + 1].map((x) => x * 100);
          expect(run({ ...s, oldPrice, newPrice, unit: 100, offset: 0 }).amountDue).toBe(newPrice - oldPrice);
        },
      ),
    );
  });
});
