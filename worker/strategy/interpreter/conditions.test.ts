import { describe, expect, it } from "vitest";
import { parseConditions } from "./conditions";
import { type MentionContext, scanMentions } from "./mentions";
import { normalize } from "./normalize";

const ctx: MentionContext = { knownKinds: [], maPeriods: new Map() };

function conditions(text: string): string[] {
  const s = scanMentions(normalize(text), ctx);
  return parseConditions(s.text, s.operands).conditions.map((c) => {
    const o = (x: (typeof c)["left"]): string =>
      x.type === "constant"
        ? String(x.value)
        : x.type === "price"
          ? x.field
          : x.type === "level"
            ? `level:${JSON.stringify(x.spec)}`
            : x.type === "difference"
              ? `(${o(x.a)} - ${o(x.b)})`
              : x.type === "percentOf"
                ? `(${o(x.a)} ${x.percent}%)`
                : x.type === "pattern"
                  ? `${x.side ?? ""}${x.name}${x.shift ? `[${x.shift}]` : ""}`
                  : `${x.ind.kind}:${JSON.stringify(x.ind)}`;
    return `${o(c.left)} ${c.op} ${o(c.right)}${c.right2 ? ` ${o(c.right2)}` : ""}`;
  });
}

describe("condition grammar", () => {
  it("reads a cross of two averages without a direction as unresolved", () => {
    const [c] = conditions("the 6 ma crosses the 12 ma");
    expect(c).toMatch(/"period":6.* crosses .*"period":12/);
  });

  it("reads a slope said of two lines as a slope of each", () => {
    const got = conditions("%k and %d are headed down");
    expect(got).toHaveLength(2);
    expect(got[0]).toMatch(/"line":"main".* below .*"line":"main"/);
    expect(got[1]).toMatch(/"line":"signal".* below .*"line":"signal"/);
    expect(conditions("the 20 ema is directed up")[0]).toMatch(/"period":20.* above .*"period":20/);
  });

  it("reads the bar's open and 'it' for the line named before", () => {
    const got = conditions("the last candle opened below the 12 ema and closed above it");
    expect(got).toHaveLength(2);
    expect(got[0]).toMatch(/^open below ma:.*"period":12/);
    expect(got[1]).toMatch(/^close .*ma:.*"period":12/);
  });

  it("reads one comparison said of two subjects as two conditions", () => {
    const got = conditions("the close price and the low price are above the 30 sma");
    expect(got).toHaveLength(2);
    expect(got[0]).toMatch(/^close above ma:/);
    expect(got[1]).toMatch(/^low above ma:/);
    // A cross keeps its single subject.
    expect(conditions("the 5 ema and the 8 ema cross above the 30 sma")).toHaveLength(1);
  });

  it("reads reaching an exact value as crossing it, but not a distance", () => {
    expect(conditions("cci value equals 0")[0]).toMatch(/ crosses 0$/);
    expect(normalize("the target is equal to 15 pips")).toBe("the target is equal to 15 pips");
  });

  it("reads comparisons with words and signs", () => {
    expect(conditions("rsi under 30")[0]).toMatch(/ below 30$/);
    expect(conditions("rsi > 70")[0]).toMatch(/ above 70$/);
    expect(conditions("cci is less than -100")[0]).toMatch(/ below -100$/);
    expect(conditions("rsi is between 40 and 60")[0]).toMatch(/ between 40 60$/);
  });

  it("gives 'closes above the upper band' the price as subject", () => {
    expect(conditions("price closes above the upper bollinger band")[0]).toMatch(
      /^close above bollinger:.*"line":"upper"/,
    );
    expect(conditions("closes above the upper band")[0]).toMatch(/^close above bollinger:/);
  });

  it("reads a zone after a cross as a condition on the crossing line", () => {
    const cs = conditions("stochastic %k crosses above %d below 20");
    expect(cs).toHaveLength(2);
    expect(cs[1]).toMatch(/"line":"main".* below 20$/);
  });

  it("reads oversold, leaving oversold and positive", () => {
    expect(conditions("rsi is oversold")[0]).toMatch(/below 30$/);
    expect(conditions("rsi leaves oversold")[0]).toMatch(/crossesAbove 30$/);
    expect(conditions("cci is overbought")[0]).toMatch(/above 100$/);
    expect(conditions("the macd histogram turns positive")[0]).toMatch(
      /"line":"histogram".* crossesAbove 0$/,
    );
  });

  it("does not invent a condition from a number alone", () => {
    expect(conditions("i have 30 years of experience")).toEqual([]);
  });

  it("reads a negated comparison as the other side of the line", () => {
    expect(conditions("rsi is not above 70")[0]).toMatch(/ below 70$/);
    expect(conditions("the stochastic is not in the overbought zone")[0]).toMatch(/ below 80$/);
    expect(conditions("rsi above 50")[0]).toMatch(/ above 50$/);
  });

  it("reads 'goes under' a number as a level and 'goes above' a line as a cross", () => {
    expect(conditions("rsi goes under 30")[0]).toMatch(/ below 30$/);
    expect(conditions("price goes above the 20 ema")[0]).toMatch(/^close crossesAbove /);
  });
});
