// An indicator of an indicator (issue 15) in the scorer, in our own phrasings: "EMA(5) of RSI(2)" in a rule
// and {smoothing} in an indicator's params compare by structure; another source, kind or period fails.
import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../../worker/strategy/spec";
import { compareEntry, compareIndicators, smoothingOf } from "./fields";

function spec(indicators: unknown[], left = "avg"): StrategySpec {
  const r = parseSpec({
    specVersion: 2,
    timeframe: "H1",
    direction: "long",
    indicators,
    entry: {
      long: {
        all: [
          {
            type: "lessThan",
            left: { type: "indicator", ref: left },
            right: { type: "constant", value: 25 },
          },
        ],
      },
    },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}
const rsi3 = { id: "r", kind: "RSI", period: 3 };
const emaOfRsi = spec([rsi3, { id: "avg", kind: "EMA", period: 4, source: { ref: "r" } }]);

describe("averages of indicators in rule phrases", () => {
  it("an EMA of the RSI matches only an EMA of that RSI", () => {
    const phrase = "EMA(4) of RSI(3) < 25";
    expect(compareEntry(phrase, emaOfRsi, "long", {})).toBeNull();
    expect(compareEntry("MA(4) of RSI(3) < 25", emaOfRsi, "long", {})).toBeNull();
    // The EMA of the close, of another RSI, or the RSI itself: another meaning.
    expect(compareEntry(phrase, spec([{ id: "avg", kind: "EMA", period: 4 }]), "long", {})).toMatch(
      /expected/,
    );
    expect(
      compareEntry(
        phrase,
        spec([
          { ...rsi3, period: 5 },
          { id: "avg", kind: "EMA", period: 4, source: { ref: "r" } },
        ]),
        "long",
        {},
      ),
    ).toMatch(/expected/);
    expect(compareEntry(phrase, spec([rsi3], "r"), "long", {})).toMatch(/expected/);
    expect(
      compareEntry(
        phrase,
        spec([rsi3, { id: "avg", kind: "SMA", period: 4, source: { ref: "r" } }]),
        "long",
        {},
      ),
    ).toMatch(/expected/);
  });
});

describe("smoothing in indicator params", () => {
  it("reads a named average or a bare period", () => {
    expect(smoothingOf("EMA(4) of RSI")).toEqual({ kind: "EMA", period: 4 });
    expect(smoothingOf(12)).toEqual({ period: 12 });
    expect(smoothingOf("twice")).toBeNull();
  });

  it("needs the average of that indicator, of the stated kind and period", () => {
    const want = [{ kind: "RSI", period: 3, params: { smoothing: "EMA(4) of RSI(3)" } }];
    expect(compareIndicators(want, emaOfRsi)).toBeNull();
    expect(compareIndicators(want, spec([rsi3], "r"))).toMatch(/missing/);
    expect(
      compareIndicators(want, spec([rsi3, { id: "avg", kind: "SMA", period: 4, source: { ref: "r" } }])),
    ).toMatch(/missing/);
    expect(
      compareIndicators(want, spec([rsi3, { id: "avg", kind: "EMA", period: 6, source: { ref: "r" } }])),
    ).toMatch(/missing/);
    // An average of the close beside the RSI is not the RSI smoothed.
    expect(compareIndicators(want, spec([rsi3, { id: "avg", kind: "EMA", period: 4 }]))).toMatch(/missing/);
    const atr = [{ kind: "ATR", period: 14, params: { smoothing: 7 } }];
    const smoothAtr = spec([
      { id: "a", kind: "ATR", period: 14 },
      { id: "avg", kind: "SMMA", period: 7, source: { ref: "a" } },
    ]);
    expect(compareIndicators(atr, smoothAtr)).toBeNull();
    expect(compareIndicators([{ kind: "ATR", period: 14, params: {} }], smoothAtr)).toMatch(/extra avg/);
  });
});
