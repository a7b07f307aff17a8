import { describe, expect, it } from "vitest";
import type { Broker } from "./broker";
import {
  CLOSE,
  constant,
  crossEntry,
  defaultBroker,
  MINUTE,
  MONDAY,
  type Ohlc,
  runM1,
  specOf,
} from "./scenario.fixture";
import type { AccountType } from "./types";

const NaN_ = Number.NaN;

function netting(): Broker {
  const b = defaultBroker();
  b.netting = true;
  return b;
}

describe("a netting account's broker (MT5 position accounting)", () => {
  it("a same-direction fill adds volume at the volume-weighted average price, one 'in' deal each", () => {
    const b = netting();
    b.open(1, 0.1, NaN_, NaN_, 0, 0, 1.1, 1.1);
    b.open(1, 0.2, NaN_, NaN_, 60_000, 60_000, 1.103, 1.103);
    expect(b.positions).toHaveLength(1);
    const p = b.positions[0];
    // 0.1 + 0.2 is 0.30000000000000004 in doubles; MT5 keeps volumes to 1e-8 lot.
    expect(p.lots).toBe(0.3);
    expect(p.openPrice).toBeCloseTo((1.1 * 0.1 + 1.103 * 0.2) / 0.3, 12);
    expect(p.entries).toBe(2);
    expect(p.openTime).toBe(0);
    expect(b.deals.slice(1).map((d) => [d.entry, d.volume])).toEqual([
      ["in", 0.1],
      ["in", 0.2],
    ]);
    // Margin is the sum of both fills' margins (1 lot = 1,000 USD at 1:100, times the EUR rate).
    expect(b.usedMargin).toBeCloseTo(0.1 * 1000 * 1.1 + 0.2 * 1000 * 1.103, 9);
  });

  it("an add takes the order's stop and target, and clears them when the order has none", () => {
    const b = netting();
    b.open(1, 0.1, 0.004, 0.006, 0, 0, 1.1, 1.1);
    expect([b.positions[0].sl, b.positions[0].tp]).toEqual([1.096, 1.106]);
    b.open(1, 0.1, 0.004, NaN_, 0, 0, 1.102, 1.102);
    expect(b.positions[0].sl).toBe(1.098);
    expect(b.positions[0].tp).toBeNaN();
  });

  it("closing the netted position books one trade: first entry time, average price, total volume", () => {
    const b = netting();
    b.open(1, 1, NaN_, NaN_, 0, 0, 1.1, 1.1);
    b.open(1, 1, NaN_, NaN_, 60_000, 60_000, 1.102, 1.102);
    b.closeAll(0, 120_000, 1.105, 1.105, "signal", "");
    expect(b.trades).toEqual([
      expect.objectContaining({ entryTime: 0, volume: 2, entryPrice: 1.101, exitPrice: 1.105, profit: 800 }),
    ]);
    expect(b.deals.slice(1).map((d) => d.entry)).toEqual(["in", "in", "out"]);
    expect(b.balance).toBe(10_800);
    expect(b.usedMargin).toBe(0);
  });

  it("a smaller opposite fill closes part of the position ('out'); its stop and target stay", () => {
    const b = netting();
    b.open(1, 1, 0.004, NaN_, 0, 0, 1.1, 1.1);
    b.open(-1, 0.4, 0.004, NaN_, 60_000, 60_000, 1.102, 1.102);
    expect(b.positions).toHaveLength(1);
    expect(b.positions[0]).toMatchObject({ dir: 1, lots: 0.6, openPrice: 1.1, sl: 1.096 });
    expect(b.deals.at(-1)).toMatchObject({ type: "sell", entry: "out", volume: 0.4, profit: 80 });
    expect(b.trades).toEqual([expect.objectContaining({ volume: 0.4, direction: "long", exitPrice: 1.102 })]);
  });

  it("an equal opposite fill closes it; a larger one reverses it as one 'inout' deal", () => {
    const flat = netting();
    flat.open(1, 1, NaN_, NaN_, 0, 0, 1.1, 1.1);
    flat.open(-1, 1, NaN_, NaN_, 60_000, 60_000, 1.101, 1.101);
    expect(flat.positions).toHaveLength(0);
    expect(flat.deals.at(-1)).toMatchObject({ entry: "out", volume: 1 });

    const b = netting();
    b.open(1, 1, NaN_, NaN_, 0, 0, 1.1, 1.1);
    b.open(-1, 1.5, 0.003, NaN_, 60_000, 60_000, 1.101, 1.101);
    expect(b.deals.slice(1).map((d) => [d.type, d.entry, d.volume])).toEqual([
      ["buy", "in", 1],
      ["sell", "inout", 1.5],
    ]);
    expect(b.deals.at(-1)?.profit).toBe(100);
    expect(b.positions).toHaveLength(1);
    expect(b.positions[0]).toMatchObject({
      dir: -1,
      lots: 0.5,
      openPrice: 1.101,
      openTime: 60_000,
      sl: 1.104,
    });
    expect(b.trades).toEqual([expect.objectContaining({ direction: "long", volume: 1, profit: 100 })]);
  });

  it("an add whose margin exceeds the free margin is refused and the position is unchanged", () => {
    const b = netting();
    b.open(1, 5, NaN_, NaN_, 0, 0, 1.1, 1.1);
    expect(b.open(1, 5, NaN_, NaN_, 0, 0, 1.1, 1.1)).toBeNull();
    expect(b.positions[0].lots).toBe(5);
    expect(b.orders.at(-1)).toMatchObject({ state: "rejected", comment: "no money" });
  });
});

// The close crosses above 0.8500 on bar 1 (the first bar of every scenario below).
const UP: Ohlc[] = [
  [0.849, 0.8495, 0.8485, 0.849],
  [0.849, 0.8504, 0.8488, 0.8502],
];

// The close is above 0.8500 on bars 1, 2 and 3: a long signal on each of them (filled at the next open).
const ABOVE: Ohlc[] = [
  ...UP,
  [0.85, 0.851, 0.8495, 0.8505],
  [0.8505, 0.853, 0.85, 0.852],
  [0.852, 0.853, 0.851, 0.8525],
];

// The close crosses above 0.8500 on bar 1, back below it on bar 2 and below 0.8495 on bar 3.
const UP_THEN_DOWN: Ohlc[] = [
  ...UP,
  [0.85, 0.8501, 0.8494, 0.8499],
  [0.8499, 0.85, 0.849, 0.849],
  [0.849, 0.8492, 0.8485, 0.8488],
];

function run(rows: Ohlc[], account: AccountType, extra: Record<string, unknown>) {
  const spec = specOf({
    specVersion: 2,
    timeframe: "M1",
    entry: { long: { all: [{ type: "greaterThan", left: CLOSE, right: constant(0.85) }] } },
    sizing: { type: "fixed", lots: 1 },
    ...extra,
  });
  return runM1(spec, rows, { account });
}

describe("strategies on a netting account (spec SEMANTICS)", () => {
  it("entries add to one position up to maxOpenPositions entries; hedging opens one position each", () => {
    const hedging = run(ABOVE, "hedging", { maxOpenPositions: 2 });
    const net = run(ABOVE, "netting", { maxOpenPositions: 2 });
    expect(hedging.trades).toHaveLength(2);
    expect(net.trades).toHaveLength(1);
    // Fills at bar 2's and bar 3's opens; the third signal finds two entries held.
    expect(net.trades[0]).toMatchObject({ entryTime: MONDAY + 2 * MINUTE, volume: 2, entryPrice: 0.85025 });
    expect(net.deals.slice(1).map((d) => [d.entry, d.volume])).toEqual([
      ["in", 1],
      ["in", 1],
      ["out", 2],
    ]);
    // The same money either way: netting books in one trade what hedging books per position.
    const sum = (ts: readonly { profit: number }[]) => ts.reduce((s, t) => s + t.profit, 0);
    expect(sum(net.trades)).toBeCloseTo(sum(hedging.trades), 2);
  });

  it("an entry against the held position is not taken (it would only close part of it)", () => {
    // Long on bar 1's close above 0.8500, short on bar 3's close below 0.8495.
    const rows: Ohlc[] = [...UP_THEN_DOWN, [0.8488, 0.849, 0.8485, 0.8486]];
    const extra = {
      maxOpenPositions: 2,
      closeOnOpposite: false,
      entry: crossEntry(CLOSE, constant(0.85), constant(0.8495)),
    };
    const hedging = run(rows, "hedging", extra);
    expect(hedging.trades.map((t) => t.direction).sort()).toEqual(["long", "short"]);
    const net = run(rows, "netting", extra);
    expect(net.trades.map((t) => t.direction)).toEqual(["long"]);
    expect(net.deals.slice(1).map((d) => d.entry)).toEqual(["in", "out"]);
  });

  it("closeOnOpposite closes the held position ('out') and opens the other way ('in')", () => {
    const net = run(UP_THEN_DOWN, "netting", {
      maxOpenPositions: 3,
      closeOnOpposite: true,
      entry: crossEntry(CLOSE, constant(0.85)),
    });
    expect(net.deals.slice(1).map((d) => [d.type, d.entry])).toEqual([
      ["buy", "in"],
      ["sell", "out"],
      ["sell", "in"],
      ["buy", "out"],
    ]);
    expect(net.trades.map((t) => [t.direction, t.exitReason])).toEqual([
      ["long", "signal"],
      ["short", "end"],
    ]);
  });

  it("a netting add moves the stop to the new order's, and break-even fires again from the average price", () => {
    // Two adds 1 lot each; a 10-pip stop; break-even after 5 pips.
    const rows: Ohlc[] = [
      ...UP,
      [0.85, 0.8507, 0.8499, 0.8506],
      [0.8506, 0.851, 0.8504, 0.8505],
      [0.8505, 0.8506, 0.8496, 0.8497],
    ];
    const net = run(rows, "netting", {
      maxOpenPositions: 2,
      stopLoss: { unit: "pips", value: 10 },
      breakEven: { trigger: { unit: "pips", value: 5 } },
    });
    const orders = net.orders.filter((o) => o.state === "filled" && o.sl !== null);
    expect(orders.map((o) => o.sl)).toEqual([0.849, 0.8496]);
    // Average 0.8503: at 0.8510 break-even moves the stop there again, and the last bar takes it out.
    expect(net.trades).toEqual([expect.objectContaining({ volume: 2, exitReason: "sl", exitPrice: 0.8503 })]);
    expect(net.trades[0].entryPrice).toBeCloseTo(0.8503, 12);
  });
});
