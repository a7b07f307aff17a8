import { describe, expect, it } from "vitest";
import { barsOf, levelCross, MINUTE, MONDAY, type Ohlc } from "../../engine/scenario.fixture";
import { barsFromRows } from "../../market/bars";
import { DemoRates } from "../../market/demo-rates";
import { runEngine } from "./engine-adapter";
import { runOnM1 } from "./engine-adapter.fixture";

// The close crosses above 0.8500 on bar 1: a long fills at bar 2's open and closes at the end.
const ROWS: Ohlc[] = [
  [0.849, 0.8495, 0.8485, 0.849],
  [0.849, 0.8504, 0.8488, 0.8502],
  [0.85, 0.851, 0.8495, 0.8505],
  [0.8505, 0.853, 0.85, 0.852],
];

/** One H1 bar at a flat price: an imported cross rate of known value over the whole test. */
function flatHour(price: number) {
  const bars = barsFromRows([
    { time: MONDAY, open: price, high: price, low: price, close: price, volume: 1, spread: 0 },
  ]);
  return { bars, period: "H1" as const };
}

function run(symbol: string, currency: string, cross = new Map<string, ReturnType<typeof flatHour>>()) {
  return runOnM1(levelCross(0.85), ROWS, symbol, currency, cross);
}

describe("runEngine's currency conversion", () => {
  it("EURGBP with a USD deposit converts through generated GBPUSD (profit) and EURUSD (margin) prices, and the notes say so", () => {
    const out = run("EURGBP", "USD");
    const note = out.notes.find((n) => n.includes("generated demo prices"));
    expect(note).toContain("converted into USD with generated demo prices of");
    expect(note).toContain("GBPUSD");
    expect(note).toContain("EURUSD");
    expect(note).toContain("not real market history");
    // The closing deal's USD profit is its GBP profit times the demo GBPUSD close at the time of the deal
    // (the buy filled at the ask: the symbol's default spread over the 0.8500 open).
    const [, open, close] = out.deals;
    const gbp = (Number(close.Price) - Number(open.Price)) * 100_000;
    const gbpusd = new DemoRates().priceAt("GBPUSD", MONDAY + 3 * MINUTE + 45_000) ?? Number.NaN;
    expect(Number(close.Profit)).toBeCloseTo(gbp * gbpusd, 1);
  });

  it("EURUSD with a USD deposit needs no cross rate and carries no such note", () => {
    const out = run("EURUSD", "USD");
    expect(out.notes.some((n) => n.includes("generated demo prices"))).toBe(false);
  });

  it("a deposit in the base currency converts through the symbol's own bid: no cross rate, no such note", () => {
    const out = run("EURUSD", "EUR");
    expect(out.notes.some((n) => n.includes("generated demo prices"))).toBe(false);
  });

  it("EURGBP with a USD deposit uses imported GBPUSD and EURUSD bars when given, and says so", () => {
    const cross = new Map([
      ["GBPUSD", flatHour(1.25)],
      ["EURUSD", flatHour(1.1)],
    ]);
    const out = run("EURGBP", "USD", cross);
    const [, open, close] = out.deals;
    const gbp = (Number(close.Price) - Number(open.Price)) * 100_000;
    expect(Number(close.Profit)).toBeCloseTo(gbp * 1.25, 2);
    expect(out.notes).toContain(
      "Profits and margins were converted into USD at the time of each deal with the imported prices of EURUSD (H1), GBPUSD (H1).",
    );
    expect(out.notes.some((n) => n.includes("generated demo prices"))).toBe(false);
  });
});

describe("runEngine's account type", () => {
  const inputs = (account?: "hedging" | "netting") => ({
    symbol: "EURUSD",
    period: "M1" as const,
    from: MONDAY,
    to: MONDAY + ROWS.length * MINUTE,
    model: 2,
    delayMs: 0,
    deposit: 10_000,
    currency: "USD",
    ...(account === undefined ? {} : { account }),
  });
  const bars = () => barsOf(ROWS, MONDAY, MINUTE);

  it("a netting account reaches the engine: two entries add up to one position of 2 lots", () => {
    const above = {
      type: "greaterThan",
      left: { type: "price", field: "CLOSE" },
      right: { type: "constant", value: 0.85 },
    } as const;
    const spec = levelCross(0.85, { maxOpenPositions: 2, entry: { long: { all: [above] } } });
    const entries = (account?: "hedging" | "netting") =>
      runEngine(spec, bars(), "M1", inputs(account))
        .deals.slice(1)
        .map((d) => `${d.Direction} ${Number(d.Volume)}`);
    expect(entries("netting")).toEqual(["in 1", "in 1", "out 2"]);
    expect(entries("hedging")).toEqual(["in 1", "in 1", "out 1", "out 1"]);
    expect(entries()).toEqual(entries("hedging"));
  });

  it("netting with one position at a time trades as hedging does", () => {
    const spec = levelCross(0.85);
    expect(runEngine(spec, bars(), "M1", inputs("netting")).deals).toEqual(
      runEngine(spec, bars(), "M1", inputs("hedging")).deals,
    );
  });
});
