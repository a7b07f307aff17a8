import { describe, expect, it } from "vitest";
import { delayFunction } from "./delay";

describe("execution delay", () => {
  it("0 and fixed delays are constant", () => {
    expect(delayFunction(0, 1)()).toBe(0);
    const d = delayFunction(250, 1);
    expect([d(), d(), d()]).toEqual([250, 250, 250]);
  });

  it("random: whole seconds 0-18 s, about 10% at 9 s or more, reproducible per seed", () => {
    const draw = (seed: number) => {
      const d = delayFunction(-1, seed);
      return Array.from({ length: 20_000 }, () => d());
    };
    const a = draw(7);
    expect(a.every((ms) => ms % 1000 === 0 && ms >= 0 && ms <= 18_000)).toBe(true);
    const long = a.filter((ms) => ms >= 9000).length / a.length;
    expect(long).toBeGreaterThan(0.08);
    expect(long).toBeLessThan(0.12);
    expect(new Set(a).size).toBe(19);
    expect(draw(7)).toEqual(a);
    expect(draw(8)).not.toEqual(a);
  });
});
