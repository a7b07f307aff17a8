// Candle patterns an annotation files under OTHER (issue 15), in our own phrasings: a pattern v2 defines is a rule
// primitive, matched only when a rule of the spec holds that pattern; another pattern or none fails.
import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../../worker/strategy/spec";
import { compareIndicators } from "./fields";

function spec(pattern: string | null): StrategySpec {
  const r = parseSpec({
    specVersion: 2,
    timeframe: "H1",
    direction: "long",
    indicators: [{ id: "ema20", kind: "EMA", period: 20 }],
    entry: {
      long: {
        all: [
          {
            type: "greaterThan",
            left: { type: "price", field: "CLOSE" },
            right: { type: "indicator", ref: "ema20" },
          },
          ...(pattern ? [{ type: "candlePattern", pattern }] : []),
        ],
      },
    },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}
const other = (name: string) => [
  { kind: "EMA", period: 20, params: {} },
  { kind: "OTHER", period: null, params: { name } },
];

describe("candle patterns filed under OTHER", () => {
  it("match a spec whose rule holds that pattern", () => {
    expect(compareIndicators(other("bullish engulfing pattern"), spec("bullishEngulfing"))).toBeNull();
    expect(compareIndicators(other("hammer (candle pattern)"), spec("bullishPinBar"))).toBeNull();
    expect(compareIndicators(other("engulfing candle"), spec("bullishEngulfing"))).toBeNull();
  });

  it("fail without the pattern, with another one, or for a pattern v2 does not define", () => {
    expect(compareIndicators(other("bullish engulfing pattern"), spec(null))).toMatch(/not in v2/);
    expect(compareIndicators(other("bullish engulfing pattern"), spec("bearishEngulfing"))).toMatch(
      /not in v2/,
    );
    expect(compareIndicators(other("inside bar"), spec("bullishPinBar"))).toMatch(/not in v2/);
    expect(compareIndicators(other("morning star pattern"), spec("bullishEngulfing"))).toMatch(/not in v2/);
  });
});
