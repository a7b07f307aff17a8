import { describe, expect, it } from "vitest";
import { resolveDefinitions } from "./definitions";

describe("names defined in words", () => {
  it("puts each side's definition where its name turns, 'it' included, and drops the used definitions", () => {
    const out = resolveDefinitions(
      "if rsi is above 50 and the close is above the 20 ema, we have bullish pressure. if rsi is below 50 and the close is below the 20 ema, we have bearish pressure. buy when pressure turns bullish and sell when it turns bearish.",
    );
    expect(out).toContain("buy when rsi is above 50 and the close is above the 20 ema");
    expect(out).toContain("sell when rsi is below 50 and the close is below the 20 ema");
    expect(out).not.toMatch(/we have (?:bullish|bearish) pressure/);
  });

  it("leaves a definition that nothing uses, and a name with no comparison in it", () => {
    const unused = "if rsi is below 30 we have a bargain. buy when the 10 ema crosses above the 20 ema.";
    expect(resolveDefinitions(unused)).toBe(unused);
    const vague = "we call it a good market when we feel confident. buy when the good market starts.";
    expect(resolveDefinitions(vague)).toBe(vague);
  });
});
