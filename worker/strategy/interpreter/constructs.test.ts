import { describe, expect, it } from "vitest";
import { interpret } from "./index";
import { normalize } from "./normalize";

// Price constructs and bracketed settings as traders name them (issue 15). Phrasings are our own.

describe("constructs", () => {
  it("builds a Donchian breakout as N-bar extremes instead of asking about an unsupported indicator", () => {
    const r = interpret(
      "H4. Entry: close breaks the 40-bar Donchian channel (above for buys, below for sells). Stop 60 pips.",
      null,
    );
    expect(r.followUpQuestion).toBeNull();
    const long = JSON.stringify(r.spec?.entry.long);
    const short = JSON.stringify(r.spec?.entry.short);
    expect(long).toContain('"side":"highest","bars":40');
    expect(short).toContain('"side":"lowest","bars":40');
  });

  it("reads an upper or lower Donchian line with its length in brackets", () => {
    expect(normalize("buy when price crosses above the upper donchian channel (30)")).toContain(
      "the 30 bar high",
    );
    expect(normalize("sell when price is below the lower donchian band (15)")).toContain("the 15 bar low");
  });

  it("gives a moving average the length in brackets after 'indicator'", () => {
    const r = interpret("M15: buy when the close crosses above the EMA indicator (12), stop 15 pips.", null);
    expect(r.followUpQuestion).toBeNull();
    expect(r.spec?.indicators).toEqual([expect.objectContaining({ kind: "EMA", period: 12 })]);
  });

  it("reads 'close breaks above' as the closing price, not an order to close", () => {
    const r = interpret(
      "Daily chart. Buy when close breaks above the 10 day high. Take profit 80 pips.",
      null,
    );
    expect(r.spec?.entry.long?.all[0]).toMatchObject({ left: { type: "price", field: "CLOSE" } });
    expect(r.spec?.exit.long).toBeUndefined();
  });
});
