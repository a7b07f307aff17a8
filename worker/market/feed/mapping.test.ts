import { describe, expect, it } from "vitest";
import { getSymbol, SYMBOLS } from "../catalogue";
import { MarketError } from "../errors";
import { feedInstrument, feedInstruments, getFeedInstrument, hourFileUrl } from "./mapping";

describe("feed mapping", () => {
  it("maps catalogue symbols with the feed's price digits", () => {
    expect(feedInstrument("EURUSD")).toMatchObject({ instrument: "EURUSD", digits: 5 });
    expect(feedInstrument("usdjpy")).toMatchObject({ instrument: "USDJPY", digits: 3 });
    expect(feedInstruments().every((f) => SYMBOLS.includes(f.symbol))).toBe(true);
    expect(feedInstruments().length).toBeGreaterThan(50);
  });

  it("leaves symbols the feed lacks on demo data, saying so", () => {
    expect(feedInstrument("USDKRW")).toBeUndefined();
    expect(() => getFeedInstrument(getSymbol("USDKRW"))).toThrow(MarketError);
    expect(() => getFeedInstrument(getSymbol("USDKRW"))).toThrow(/stays on demo data/);
  });

  it("builds the hour file's URL with a zero-based month", () => {
    expect(hourFileUrl("http://x/feed/", "EURUSD", Date.UTC(2024, 0, 5, 7))).toBe(
      "http://x/feed/EURUSD/2024/00/05/07h_ticks.bi5",
    );
    expect(hourFileUrl("http://x", "USDJPY", Date.UTC(2024, 11, 31, 23))).toBe(
      "http://x/USDJPY/2024/11/31/23h_ticks.bi5",
    );
  });
});
