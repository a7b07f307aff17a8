import { describe, expect, it } from "vitest";
import { erf, normalCdf } from "./normal";

describe("erf", () => {
  it("matches reference values to 1e-12", () => {
    // Reference values: Python math.erf (libm).
    expect(erf(0)).toBe(0);
    expect(erf(0.5)).toBeCloseTo(0.5204998778130465, 12);
    expect(erf(1)).toBeCloseTo(0.8427007929497149, 12);
    expect(erf(2)).toBeCloseTo(0.9953222650189527, 12);
    expect(erf(3.5)).toBeCloseTo(0.9999992569016276, 12);
    expect(erf(-0.3)).toBeCloseTo(-0.3286267594591274, 12);
    expect(erf(10)).toBe(1);
    expect(erf(-10)).toBe(-1);
  });

  it("gives MT5's Z-Score percentages (2 Phi(|Z|) - 1) from the checked reports", () => {
    const confidence = (z: number) => ((2 * normalCdf(z) - 1) * 100).toFixed(2);
    expect(confidence(1.99)).toBe("95.34");
    expect(confidence(2.94)).toBe("99.67");
    expect(confidence(1.24)).toBe("78.50");
  });
});
