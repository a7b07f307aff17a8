import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { correlation, duration, fixed, money, percent, toFixed2 } from "./format";

describe("format", () => {
  it("prints money with 2 decimals and no thousands separator", () => {
    expect(money(8704.99)).toBe("8704.99");
    expect(money(-5531.54)).toBe("-5531.54");
    expect(money(0)).toBe("0.00");
  });

  it("never prints a negative zero", () => {
    expect(fixed(-0.001, 2)).toBe("0.00");
    expect(fixed(-0, 0)).toBe("0");
    expect(money(-0.004)).toBe("0.00");
    expect(money(-0.006)).toBe("-0.01");
  });

  it("prints percentages with 2 decimals", () => {
    expect(percent(2.3456)).toBe("2.35%");
  });

  it("prints small correlations with 4 decimals as the check report does", () => {
    expect(correlation(0.0449)).toBe("0.0449");
    expect(correlation(0.96)).toBe("0.96");
    expect(correlation(-0.05)).toBe("-0.0500");
    expect(correlation(0)).toBe("0.00");
  });

  it("prints holding times as H:MM:SS with unbounded hours (check report: 48:03:42, 1:01:46)", () => {
    expect(duration(48 * 3600 + 3 * 60 + 42)).toBe("48:03:42");
    expect(duration(3706)).toBe("1:01:46");
    expect(duration(0)).toBe("0:00:00");
    expect(duration(59.9)).toBe("0:00:59");
  });
});

describe("toFixed2", () => {
  it("is value.toFixed(2), character for character", () => {
    const values = [
      0, -0, 0.005, -0.005, 1.005, 2.675, 1.115, 0.125, 1e9, 999_999_999.995, 1e21, 5e-324, -5e-324,
    ];
    values.push(
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      123_456_789.125,
      0.0049999999,
    );
    // Every cent and half cent of a range, and balances as a backtest accumulates them.
    for (let c = -20_000; c <= 20_000; c++) values.push(c / 100, (c + 0.5) / 100, c * 0.01 + 1e7);
    let balance = 10_000;
    for (let i = 0; i < 20_000; i++) {
      balance += ((i * 7919) % 2000) / 7 - 140;
      values.push(balance);
    }
    for (const v of values) expect([v, toFixed2(v)]).toEqual([v, v.toFixed(2)]);
    fc.assert(
      fc.property(fc.double({ min: -2e9, max: 2e9 }), (v) => toFixed2(v) === v.toFixed(2)),
      { numRuns: 20_000 },
    );
  });
});
