import { describe, expect, it } from "vitest";
import { CROSS_UP, levelCross, type Ohlc, runM1 } from "./scenario.fixture";
import { placeOutside, stopsAccepted } from "./stops-level";

// CROSS_UP makes the close cross above 1.1000 on bar 1, so the long fills at bar 2's open (1.1000),
// spread 0: bid = ask. 1 lot of EURUSD: $10 a pip.
const CROSS_DOWN: Ohlc[] = [
  [1.101, 1.1015, 1.1005, 1.101],
  [1.101, 1.1012, 1.0996, 1.0998],
];
const DROP: Ohlc = [1.1001, 1.1001, 1.0985, 1.0988];
const pips = (value: number) => ({ unit: "pips", value }) as const;

function run(rows: Ohlc[], spec: ReturnType<typeof levelCross>, stopsLevelPoints?: number) {
  return runM1(spec, rows, { stopsLevelPoints });
}

describe("a new position's stop and target inside the broker's stops level", () => {
  const spec = levelCross(1.1, { stopLoss: pips(2), takeProfit: pips(1) });

  it("are moved out to the level (30 points) from the bid, as the EA moves them before sending", () => {
    const r = run([...CROSS_UP, [1.1, 1.1001, 1.0996, 1.0999]], spec, 30);
    expect(r.orders[0]).toMatchObject({ sl: 1.0997, tp: 1.1003 });
    // The 2-pip stop would have been hit at 1.0998; the moved one is hit at 1.0997: -$30, not -$20.
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.0997 });
    expect(r.trades[0].profit).toBeCloseTo(-30, 6);
  });

  it("are left where the spec puts them without a stops level", () => {
    const r = run([...CROSS_UP, [1.1, 1.1001, 1.0996, 1.0999]], spec);
    expect(r.orders[0]).toMatchObject({ sl: 1.0998, tp: 1.1001 });
    expect(r.trades[0]).toMatchObject({ exitReason: "tp", exitPrice: 1.1001 });
  });

  it("a short's are measured from the ask: stop at ask + 30 points, target at ask - 30 points", () => {
    const r = run([...CROSS_DOWN, [1.1, 1.1001, 1.0999, 1.1]], spec, 30);
    expect(r.orders[0]).toMatchObject({ type: "sell", sl: 1.1003, tp: 1.0997 });
  });

  it("a stop already beyond the level stays put", () => {
    const wide = levelCross(1.1, { stopLoss: pips(10) });
    const r = run([...CROSS_UP, [1.1, 1.1001, 1.0999, 1.1]], wide, 30);
    expect(r.orders[0].sl).toBe(1.099);
  });
});

describe("stop moves inside the broker's stops level wait for room", () => {
  it("a 2-pip trailing stop never moves under a 30-point stops level: the 10-pip stop is hit instead", () => {
    const spec = levelCross(1.1, { stopLoss: pips(10), trailingStop: { distance: pips(2) } });
    const rows: Ohlc[] = [...CROSS_UP, [1.1, 1.101, 1.0999, 1.1008], [1.1008, 1.1008, 1.0985, 1.099]];
    const free = run(rows, spec);
    expect(free.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.1008 });
    expect(free.modifications).toBeGreaterThan(0);
    const limited = run(rows, spec, 30);
    expect(limited.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.099 });
    expect(limited.trades[0].profit).toBeCloseTo(-100, 6);
    expect(limited.modifications).toBe(0);
  });

  it("break-even 20 points from the bid is refused, then made once the price is 30 points away", () => {
    const spec = levelCross(1.1, {
      stopLoss: pips(10),
      breakEven: { trigger: { unit: "points", value: 15 } },
    });
    // Bar 2 reaches +2 pips only (BE refused at 1.1002); bar 3 reaches +4 pips (BE at 1.1000 made); bar 4 drops.
    const later: Ohlc[] = [
      ...CROSS_UP,
      [1.1, 1.1002, 1.0999, 1.1002],
      [1.1002, 1.1004, 1.1001, 1.1003],
      [1.1003, 1.1003, 1.0985, 1.0988],
    ];
    const r = run(later, spec, 30);
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.1 });
    expect(r.modifications).toBe(1);
    // Without the second chance the refused break-even leaves the 10-pip stop: -$100.
    const never = run([...CROSS_UP, [1.1, 1.1002, 1.0999, 1.1001], DROP], spec, 30);
    expect(never.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.099 });
    expect(never.modifications).toBe(0);
    // With no stops level the same bars move the stop to break-even at +2 pips.
    const free = run([...CROSS_UP, [1.1, 1.1002, 1.0999, 1.1001], DROP], spec);
    expect(free.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.1 });
    expect(free.modifications).toBe(1);
  });

  it("a target inside the level blocks the trailing move (the broker checks the stop and target together)", () => {
    const spec = levelCross(1.1, {
      stopLoss: pips(10),
      takeProfit: pips(10),
      trailingStop: { distance: pips(5) },
    });
    // Entry tick: the stop trails to 1.0995. At 1.1008 the new stop 1.1003 is 50 points away, but the
    // target 1.1010 is 20: MetaTrader refuses the modification, so the stop stays at 1.0995.
    const rows: Ohlc[] = [...CROSS_UP, [1.1, 1.1008, 1.0999, 1.1008], [1.1008, 1.1008, 1.0985, 1.099]];
    expect(run(rows, spec).trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.1003 });
    const r = run(rows, spec, 30);
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.0995 });
    expect(r.modifications).toBe(1);
  });
});

describe("stopsAccepted / placeOutside (MQL5 'Requirements and Limitations in Making Trades')", () => {
  const point = 0.00001;
  it("a buy's stop must be below the bid and at least the level away; its target above", () => {
    expect(stopsAccepted(1, 1.0997, Number.NaN, 1.1, 1.1001, 30, point)).toBe(true);
    expect(stopsAccepted(1, 1.0998, Number.NaN, 1.1, 1.1001, 30, point)).toBe(false);
    expect(stopsAccepted(1, 1.1005, Number.NaN, 1.1, 1.1001, 30, point)).toBe(false);
    expect(stopsAccepted(1, Number.NaN, 1.1002, 1.1, 1.1001, 30, point)).toBe(false);
    expect(stopsAccepted(1, 1.0998, 1.1002, 1.1, 1.1001, 0, point)).toBe(true);
  });

  it("a sell's are measured from the ask", () => {
    expect(stopsAccepted(-1, 1.1004, 1.0998, 1.1, 1.1001, 30, point)).toBe(true);
    expect(stopsAccepted(-1, 1.1003, 1.0998, 1.1, 1.1001, 30, point)).toBe(false);
    const round = (x: number) => Math.round(x * 1e5) / 1e5;
    expect(placeOutside(-1, 1.1002, 1.1, 1.1, 1.1001, 30, point, round)).toEqual({ sl: 1.1004, tp: 1.0998 });
  });
});
