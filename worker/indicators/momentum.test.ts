import { ROC } from "technicalindicators";
import { describe, expect, it } from "vitest";
import { eurusdH1, maxDiff, padFront } from "./eurusd-h1.fixture";
import { momentum } from "./momentum";

describe("momentum (MT5 Momentum.mq5)", () => {
  it("is 100 * price / price `period` bars ago (hand-checked)", () => {
    expect(Array.from(momentum(Float64Array.of(1, 2, 4, 8), 2))).toEqual([NaN, NaN, 400, 400]);
  });

  // technicalindicators' ROC is 100 * (p - p[n]) / p[n] = momentum - 100.
  it.each([1, 14, 50])("equals technicalindicators' ROC(%i) + 100 on EURUSD H1", (period) => {
    const { close } = eurusdH1();
    const roc = ROC.calculate({ period, values: Array.from(close) }).map((v) => v + 100);
    expect(maxDiff(momentum(close, period), padFront(roc, close.length))).toBeLessThan(1e-9);
  });
});
