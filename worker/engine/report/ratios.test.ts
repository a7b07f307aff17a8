import { describe, expect, it } from "vitest";
import { pearson } from "./correlation";
import { holdingPeriodReturns } from "./hpr";
import { linearRegression } from "./regression";
import { SHARPE_FLOOR, sharpeRatio } from "./sharpe";

describe("holdingPeriodReturns", () => {
  it("averages Bi/B(i-1) and takes the geometric mean of the growth", () => {
    // 100 -> 110 -> 99: HPRs 1.1 and 0.9.
    const hpr = holdingPeriodReturns(Float64Array.from([100, 110, 99]));
    expect(hpr?.ahpr).toBeCloseTo(1.0, 12);
    expect(hpr?.ghpr).toBeCloseTo(Math.sqrt(0.99), 12);
  });

  it("matches the checked GHPR (108704.99/100000)^(1/37) = 1.0023", () => {
    const balance = new Float64Array(38).fill(100000);
    balance[37] = 108704.99;
    expect(holdingPeriodReturns(balance)?.ghpr.toFixed(4)).toBe("1.0023");
  });

  it("is undefined without trades and 0 for a wiped-out account", () => {
    expect(holdingPeriodReturns(Float64Array.from([100]))).toBeNull();
    expect(holdingPeriodReturns(Float64Array.from([100, -5]))?.ghpr).toBe(0);
  });
});

describe("linearRegression", () => {
  it("fits y = [B0 .. BN] against 0..N (hand-computed)", () => {
    // mean x 1.5, mean y 108.75; Sxx 5, Syy 218.75, Sxy 27.5.
    // r = 27.5 / sqrt(5 * 218.75) = 0.83152; residuals 218.75 - 27.5^2/5 = 67.5; sqrt(67.5 / 2) = 5.80948.
    const lr = linearRegression(Float64Array.from([100, 110, 105, 120]));
    expect(lr.correlation).toBeCloseTo(0.8315218406, 9);
    expect(lr.standardError).toBeCloseTo(5.8094750193, 9);
  });

  it("has a negative correlation for a falling balance and zero error on a straight line", () => {
    const lr = linearRegression(Float64Array.from([100, 90, 80]));
    expect(lr.correlation).toBeCloseTo(-1, 12);
    expect(lr.standardError).toBeCloseTo(0, 12);
  });

  it("is undefined for a flat balance and, with fewer than 3 points, for the error", () => {
    expect(linearRegression(Float64Array.from([100, 100, 100])).correlation).toBeNull();
    expect(linearRegression(Float64Array.from([100, 120])).standardError).toBeNull();
    expect(linearRegression(Float64Array.from([100]))).toEqual({ correlation: null, standardError: null });
  });
});

describe("sharpeRatio", () => {
  it("uses log returns of changed bars, population sd, annualised by sqrt(252 * 86400 / period)", () => {
    // Changed bars give ln 1.1, ln 0.9, ln 1.1: mean 0.0284199, population sd 0.0945971,
    // ratio 0.300431; daily bars: x sqrt(252) = 4.76920; hourly bars: x sqrt(252 * 24) = 23.36423.
    const equity = [100, 100, 110, 110, 99, 108.9];
    expect(sharpeRatio(equity, 86400)).toBeCloseTo(4.769203458, 8);
    expect(sharpeRatio(Float64Array.from(equity), 3600)).toBeCloseTo(23.364229904, 8);
  });

  it("clamps negative values at -5.00 as MT5 reports them", () => {
    expect(sharpeRatio([100, 90, 85, 80, 81], 3600)).toBe(SHARPE_FLOOR);
  });

  it("is undefined with fewer than two returns or no variance", () => {
    expect(sharpeRatio([100, 100, 100], 3600)).toBeNull();
    expect(sharpeRatio([100, 110], 3600)).toBeNull();
    expect(sharpeRatio([100, 110, 121], 3600)).toBeNull();
    expect(sharpeRatio([100, 110, 100], 0)).toBeNull();
  });
});

describe("pearson", () => {
  it("correlates two series (hand-computed: Sxy 4, Sxx = Syy = 5 -> 0.8)", () => {
    const x = [1, 2, 3, 4];
    const y = [1, 3, 2, 4];
    expect(
      pearson(
        4,
        (i) => x[i],
        (i) => y[i],
      ),
    ).toBeCloseTo(0.8, 12);
  });

  it("is undefined for fewer than 2 points or a constant series", () => {
    const same = () => 5;
    expect(pearson(1, same, same)).toBeNull();
    expect(pearson(3, same, (i) => i)).toBeNull();
  });
});
