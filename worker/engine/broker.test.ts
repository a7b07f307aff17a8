import { describe, expect, it } from "vitest";
import { getSymbol } from "../market/catalogue";
import { type Broker, onPriceGrid } from "./broker";
import { defaultBroker } from "./scenario.fixture";

const EURUSD = getSymbol("EURUSD");

const broker = defaultBroker;

/** One tick at bid with a spread in points, the ask as the drivers compute it (bid + spread x point). */
function tick(b: Broker, time: number, bid: number, spreadPoints: number): void {
  b.quoteTime = time;
  b.quoteBid = bid;
  b.quoteAsk = bid + spreadPoints * EURUSD.point;
  b.tick(false);
}

describe("the ask on the price grid (issue 13)", () => {
  it("1.24849 + 14 points is 1.24863, not 1.2486300000000001", () => {
    expect(1.24849 + 14 * EURUSD.point).not.toBe(1.24863);
    expect(onPriceGrid(1.24849 + 14 * EURUSD.point, 10 ** EURUSD.digits)).toBe(1.24863);
  });

  it("a short's take-profit at 1.24863 is hit when the bid is 1.24849 with 14 points of spread", () => {
    const b = broker();
    // Short at 1.25000 with its target 137 points below.
    b.open(-1, 1, Number.NaN, 0.00137, 0, 0, 1.25, 1.25014);
    expect(b.positions[0].tp).toBe(1.24863);
    tick(b, 1000, 1.24849, 14);
    expect(b.trades).toHaveLength(1);
    expect(b.trades[0]).toMatchObject({ exitReason: "tp", exitPrice: 1.24863, exitTime: 1000 });
  });

  it("a short's stop at 1.24863 is hit at that ask too, and not one point before", () => {
    const b = broker();
    b.open(-1, 1, 0.00137, Number.NaN, 0, 0, 1.24726, 1.2474);
    expect(b.positions[0].sl).toBe(1.24863);
    tick(b, 1000, 1.24848, 14);
    expect(b.trades).toHaveLength(0);
    tick(b, 2000, 1.24849, 14);
    expect(b.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.24863 });
  });
});
