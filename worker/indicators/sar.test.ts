import { describe, expect, it } from "vitest";
import { eurusdH1 } from "./eurusd-h1.fixture";
import { sar } from "./sar";

/**
 * Parabolic SAR against tables traced by hand through MetaQuotes' ParabolicSAR.mq5 (Indicators/Examples,
 * OnCalculate): the first pass starts SHORT with SAR[0] = high[0], SAR[1] = the highest high of bars 0..1,
 * EP = low[1], AF = step; on bar i a short reverses when SAR[i] < high[i] (SAR := the lowest low since the
 * last reversal, EP := high[i], AF := step), a long when SAR[i] > low[i]; a new extreme raises AF by step
 * up to the maximum; SAR[i+1] = SAR[i] + AF x (EP - SAR[i]), pulled back outside bars i and i-1's range.
 */
describe("sar (ParabolicSAR.mq5)", () => {
  // Step 0.1, maximum 0.2.
  const high = Float64Array.of(10, 11, 10.5, 12, 13, 12.5);
  const low = Float64Array.of(9, 9.5, 9, 10, 12, 8);

  it("matches a hand trace through a short, a reversal to long and one back to short", () => {
    // Bar 1: SAR 11 (max of highs 0..1), EP 9.5, AF 0.1; no reversal (11 < 11 is false).
    //   Next: 11 + 0.1 x (9.5 - 11) = 10.85, under high[1] = 11, so max(11, 10) = 11.
    // Bar 2: SAR 11 >= 10.5: still short; new low 9 < 9.5: EP 9, AF 0.2.
    //   Next: 11 + 0.2 x (9 - 11) = 10.6, under high[1]: max(10.5, 11) = 11.
    // Bar 3: SAR 11 < high 12: long; SAR := the lowest low of bars 0..3 = 9, EP 12, AF 0.1.
    //   Next: 9 + 0.1 x 3 = 9.3, above low[2] = 9: min(10, 9) = 9.
    // Bar 4: SAR 9 <= low 12: still long; new high 13: EP 13, AF 0.2. Next: 9 + 0.2 x 4 = 9.8.
    // Bar 5: SAR 9.8 > low 8: short; SAR := the highest high of bars 3..5 = 13.
    const out = sar(high, low, 0.1, 0.2);
    expect(out[0]).toBeNaN();
    expect(Array.from(out.subarray(1, 5))).toEqual([11, 11, 9, 9]);
    expect(out[4]).toBe(9);
    expect(out[5]).toBe(13);
  });

  it("caps the acceleration at the maximum (a steady rise)", () => {
    // From bar 2 a long whose high rises by 1 every bar: AF 0.1, 0.2, then held at 0.2.
    const h = Float64Array.of(10, 10, 12, 13, 14, 15);
    const l = Float64Array.of(9, 9, 11, 12, 13, 14);
    const out = sar(h, l, 0.1, 0.2);
    // Bar 1: SAR 10, EP 9. Next: 10 + 0.1 x (9 - 10) = 9.9 < high 10: 10.
    // Bar 2: SAR 10 < high 12: long; SAR := the lowest low of bars 0..2 = 9; EP 12, AF 0.1.
    //   Next: 9 + 0.1 x 3 = 9.3, above low[1] = 9: min(11, 9) = 9.
    // Bar 3: new high 13: EP 13, AF 0.2. Next 9 + 0.2 x 4 = 9.8 (below 12 and 11).
    // Bar 4: new high 14: AF 0.3 -> capped 0.2. Next 9.8 + 0.2 x (14 - 9.8) = 10.64.
    // Bar 5: new high 15: AF stays 0.2; SAR 10.64.
    expect(out[2]).toBe(9);
    expect(out[3]).toBe(9);
    expect(out[4]).toBeCloseTo(9.8, 12);
    expect(out[5]).toBeCloseTo(10.64, 12);
  });

  it("stays outside the bar it is drawn on unless that bar reverses it (EURUSD H1)", () => {
    // A reversal happens exactly when the bar crosses the SAR; after the reversal check the SAR of bar i
    // is beyond bar i (below its low in a long, above its high in a short).
    const { high: h, low: l } = eurusdH1();
    const out = sar(h, l);
    let outside = 0;
    for (let i = 1; i < out.length; i++) if (out[i] <= l[i] || out[i] >= h[i]) outside++;
    expect(outside).toBe(out.length - 1);
  });
});
