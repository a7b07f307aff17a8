import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findProduct, PRODUCTS } from "./catalogue";
import {
  addCalendarMonths,
  addonExpiresAt,
  creditPeriodRule,
  DAY_MS,
  everyDays,
  isNever,
  MONTHLY,
  NEVER_EXPIRES_AT,
  nextRenewalAt,
  type PeriodRule,
  periodAt,
  periodBoundary,
  YEARLY,
} from "./periods";

const iso = (s: string) => Date.parse(s);
const show = (ms: number) => new Date(ms).toISOString();

describe("calendar months, clamped to month end", () => {
  it("Jan 31 -> Feb 28 in a common year and Feb 29 in a leap year, time of day kept", () => {
    expect(show(addCalendarMonths(iso("2025-01-31T10:15:00Z"), 1))).toBe("2025-02-28T10:15:00.000Z");
    expect(show(addCalendarMonths(iso("2024-01-31T10:15:00Z"), 1))).toBe("2024-02-29T10:15:00.000Z");
    expect(show(addCalendarMonths(iso("2025-12-31T00:00:00Z"), 1))).toBe("2026-01-31T00:00:00.000Z");
    expect(show(addCalendarMonths(iso("2025-03-31T00:00:00Z"), -1))).toBe("2025-02-28T00:00:00.000Z");
  });

  it("counts every renewal from the anchor, so Jan 31 does not drift to the 28th", () => {
    const anchor = iso("2025-01-31T08:00:00Z");
    const got = [1, 2, 3, 4, 13].map((i) => show(periodBoundary(anchor, MONTHLY, i)).slice(0, 10));
    expect(got).toEqual(["2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31", "2026-02-28"]);
  });

  it("yearly from Feb 29 lands on Feb 28, and on Feb 29 again in the next leap year", () => {
    const anchor = iso("2024-02-29T00:00:00Z");
    const got = [1, 2, 4].map((i) => show(periodBoundary(anchor, YEARLY, i)).slice(0, 10));
    expect(got).toEqual(["2025-02-28", "2026-02-28", "2028-02-29"]);
  });

  it("fixed 30-day periods for the free plan", () => {
    const anchor = iso("2025-01-31T08:00:00Z");
    expect(show(periodBoundary(anchor, everyDays(30), 1))).toBe("2025-03-02T08:00:00.000Z");
    expect(() => everyDays(0)).toThrow(RangeError);
  });
});

describe("periodAt and nextRenewalAt", () => {
  const anchor = iso("2025-01-31T08:00:00Z");

  it("finds the period containing now, with start inclusive and end exclusive", () => {
    const p = periodAt(anchor, MONTHLY, iso("2025-03-15T00:00:00Z"));
    expect([p.index, show(p.start), show(p.end)]).toEqual([
      1,
      "2025-02-28T08:00:00.000Z",
      "2025-03-31T08:00:00.000Z",
    ]);
    const atBoundary = periodAt(anchor, MONTHLY, iso("2025-03-31T08:00:00Z"));
    expect([atBoundary.index, show(atBoundary.start)]).toEqual([2, "2025-03-31T08:00:00.000Z"]);
  });

  it("treats a time before the anchor as the first period", () => {
    const p = periodAt(anchor, MONTHLY, anchor - DAY_MS);
    expect([p.index, p.start]).toEqual([0, anchor]);
  });

  it("renews the free plan's credits 30 days after the last renewal", () => {
    const free = findProduct(PRODUCTS, "free-monthly-usd");
    if (free === undefined) throw new Error("missing free");
    const rule = creditPeriodRule(free);
    expect(show(nextRenewalAt(anchor, rule, anchor + 45 * DAY_MS))).toBe(show(anchor + 60 * DAY_MS));
  });
});

describe("creditPeriodRule", () => {
  const rule = (pid: string) => {
    const p = findProduct(PRODUCTS, pid);
    if (p === undefined) throw new Error(pid);
    return creditPeriodRule(p);
  };
  it("follows billing for paid plans and credits_days for the others", () => {
    expect(rule("builder-monthly-usd")).toEqual(MONTHLY);
    expect(rule("quant-yearly-gbp")).toEqual(YEARLY);
    expect(rule("free-monthly-eur")).toEqual({ unit: "days", days: 30 });
    expect(rule("sponsor-sm-monthly-usd")).toEqual({ unit: "days", days: 30 });
  });
});

describe("add-on expiry", () => {
  it("uses 9999-12-31T23:59:59Z as never", () => {
    expect(NEVER_EXPIRES_AT).toBe(iso("9999-12-31T23:59:59Z"));
    expect(addonExpiresAt(iso("2025-01-01T00:00:00Z"), -1)).toBe(NEVER_EXPIRES_AT);
    expect(isNever(NEVER_EXPIRES_AT)).toBe(true);
    expect(isNever(iso("2100-01-01T00:00:00Z"))).toBe(false);
  });

  it("adds the validity in days", () => {
    expect(show(addonExpiresAt(iso("2025-01-31T12:00:00Z"), 30))).toBe("2025-03-02T12:00:00.000Z");
    expect(() => addonExpiresAt(0, 0)).toThrow(RangeError);
  });
});

describe("properties", () => {
  const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
  const rule: fc.Arbitrary<PeriodRule> = fc.oneof(
    fc.constant(MONTHLY),
    fc.constant(YEARLY),
    fc.integer({ min: 1, max: 400 }).map(everyDays),
  );

  it("renewal dates strictly increase, months last 28-31 days and years 365-366", () => {
    fc.assert(
      fc.property(instant, rule, fc.integer({ min: 0, max: 300 }), (anchor, r, i) => {
        const a = periodBoundary(anchor, r, i);
        const b = periodBoundary(anchor, r, i + 1);
        expect(b).toBeGreaterThan(a);
        const days = (b - a) / DAY_MS;
        if (r.unit === "month") expect(days >= 28 && days <= 31).toBe(true);
        if (r.unit === "year") expect(days === 365 || days === 366).toBe(true);
        if (r.unit === "days") expect(days).toBe(r.days);
      }),
    );
  });

  it("periodAt contains now, is consistent with periodBoundary, and the next renewal is after now", () => {
    fc.assert(
      fc.property(instant, rule, fc.integer({ min: 0, max: 100 * 366 * DAY_MS }), (anchor, r, offset) => {
        const now = anchor + offset;
        const p = periodAt(anchor, r, now);
        expect(p.start <= now && now < p.end).toBe(true);
        expect(p.start).toBe(periodBoundary(anchor, r, p.index));
        expect(p.end).toBe(periodBoundary(anchor, r, p.index + 1));
        expect(nextRenewalAt(anchor, r, now)).toBeGreaterThan(now);
      }),
    );
  });

  it("the next renewal never moves backwards as time passes", () => {
    fc.assert(
      fc.property(
        instant,
        rule,
        fc.array(fc.integer({ min: 0, max: 90 * DAY_MS }), { maxLength: 30 }),
        (anchor, r, steps) => {
          let now = anchor;
          let last = nextRenewalAt(anchor, r, now);
          for (const step of steps) {
            now += step;
            const next = nextRenewalAt(anchor, r, now);
            expect(next).toBeGreaterThanOrEqual(last);
            last = next;
          }
        },
      ),
    );
  });
});
