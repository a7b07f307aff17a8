/**
 * Pending entries, entry limits and the sizing forms in the schema (spec-orders.ts) and the outline:
 * what a writer gets refused, and the sentences a trader reads.
 */
import { describe, expect, it } from "vitest";
import londonDoc from "../../examples/strategies/london-breakout-bracket.json";
import turtleDoc from "../../examples/strategies/turtle-donchian-stop-orders.json";
import { renderOutline } from "./outline";
import { parseSpec, type StrategySpecInput, specJsonSchema } from "./spec";

const close = { type: "price", field: "CLOSE" } as const;
const base: StrategySpecInput = {
  specVersion: 2,
  timeframe: "H1",
  entry: {
    long: { all: [{ type: "greaterThan", left: close, right: { type: "constant", value: 1 } }] },
    short: { all: [{ type: "lessThan", left: close, right: { type: "constant", value: 1 } }] },
  },
};
const high = { type: "extreme", side: "highest", bars: 20 } as const;
const low = { type: "extreme", side: "lowest", bars: 20 } as const;

function issues(doc: unknown): string[] {
  const r = parseSpec(doc);
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
}

describe("pendingEntry in the schema", () => {
  it("accepts a stop bracket with an expiry and fills the defaults (oco on)", () => {
    const r = parseSpec({
      ...base,
      pendingEntry: { order: "stop", long: high, short: low, expiry: { type: "bars", bars: 3 } },
    });
    expect(r.ok && r.spec.pendingEntry).toMatchObject({ order: "stop", oco: true, expiry: { bars: 3 } });
  });

  it("needs a price for every side that has an entry rule", () => {
    expect(issues({ ...base, pendingEntry: { order: "limit", long: high } })).toEqual([
      "pendingEntry: a pending entry needs a price for every side that has an entry rule",
    ]);
  });

  it("checks the prices' indicator references like a condition's", () => {
    const bad = { type: "indicator", ref: "nope" };
    expect(issues({ ...base, pendingEntry: { order: "stop", long: bad, short: low } })).toEqual([
      'pendingEntry.long.ref: unknown indicator "nope"',
    ]);
  });

  it("refuses an unknown order type and a time of day that is not HH:MM", () => {
    expect(issues({ ...base, pendingEntry: { order: "market", long: high, short: low } })[0]).toMatch(
      /^pendingEntry\.order: /,
    );
    const expiry = { type: "timeOfDay", at: "24:00" };
    expect(issues({ ...base, pendingEntry: { order: "stop", long: high, short: low, expiry } })).toEqual([
      "pendingEntry.expiry.at: a time of day is HH:MM, 00:00 to 23:59",
    ]);
  });

  it("takes a structural stop and an R target beside a pending entry (measured from the order's price)", () => {
    const pendingEntry = { order: "stop", long: high, short: low };
    expect(
      issues({ ...base, pendingEntry, exits: { stop: { long: low, short: high }, targetR: 2 } }),
    ).toEqual([]);
    const r = parseSpec({ ...base, pendingEntry, exits: { stop: { long: low, short: high }, targetR: 2 } });
    if (!r.ok) throw new Error("refused");
    expect(renderOutline(r.spec)).toContain(
      "measured from the order's price: no order when the level is not beyond",
    );
    expect(renderOutline({ ...r.spec, exits: undefined })).not.toContain("measured from the order's price");
    // The R target still needs a stop on every traded side.
    expect(issues({ ...base, pendingEntry, exits: { targetR: 2 } }).length).toBeGreaterThan(0);
  });
});

describe("limits and sizing in the schema", () => {
  it("refuses zero trades per day and a non-positive spread", () => {
    expect(issues({ ...base, limits: { maxTradesPerDay: 0 } })[0]).toMatch(/^limits\.maxTradesPerDay: /);
    expect(issues({ ...base, limits: { maxSpread: { value: 0, unit: "pips" } } })[0]).toMatch(
      /^limits\.maxSpread\.value: /,
    );
  });

  it("risk in money needs a stop loss, as risk in percent does", () => {
    expect(issues({ ...base, sizing: { type: "riskMoney", amount: 50 } })).toEqual([
      "sizing: risk-money sizing needs a stop loss to measure the risk",
    ]);
    expect(issues({ ...base, sizing: { type: "lotsPerEquity", lots: 0.1, per: 1000 } })).toEqual([]);
  });

  it("the JSON Schema for the assistant carries the new fields", () => {
    const text = JSON.stringify(specJsonSchema());
    for (const word of [
      "pendingEntry",
      "oco",
      "timeOfDay",
      "maxTradesPerDay",
      "maxSpread",
      "riskMoney",
      "lotsPerEquity",
    ])
      expect(text).toContain(word);
  });
});

describe("the outline of pending entries, limits and sizing", () => {
  it("the London bracket reads as two stop orders, one cancelling the other, deleted at 20:00", () => {
    const r = parseSpec(londonDoc);
    if (!r.ok) throw new Error("invalid example");
    const text = renderOutline(r.spec);
    expect(text).toContain(
      "a buy stop at the high of the 00:00 to 08:00 UTC range (the latest one finished) plus 2 pips and a sell stop at the low of the 00:00 to 08:00 UTC range (the latest one finished) minus 2 pips",
    );
    expect(text).toContain("when one fills, the other is deleted (one cancels the other)");
    expect(text).toContain("An order is deleted if not filled by 20:00 server time.");
    expect(text).toContain("At most 1 trade per day (server day)");
    expect(text).toContain("No entry while the spread is wider than 3 pips");
  });

  it("the turtle system reads its one-bar expiry and its equity risk", () => {
    const r = parseSpec(turtleDoc);
    if (!r.ok) throw new Error("invalid example");
    const text = renderOutline(r.spec);
    expect(text).toContain("An order is deleted if not filled within 1 bar.");
    expect(text).toContain("Risk 1% of the equity per trade");
  });

  it("sizing forms in words", () => {
    const outline = (sizing: unknown) => {
      const r = parseSpec({ ...base, sizing, stopLoss: { unit: "pips", value: 20 } });
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      return renderOutline(r.spec);
    };
    expect(outline({ type: "riskMoney", amount: 50 })).toContain("Risk 50 of the account currency per trade");
    expect(outline({ type: "lotsPerEquity", lots: 0.1, per: 10000 })).toContain(
      "0.1 lots for every 10000 of equity",
    );
    expect(outline({ type: "riskPercent", percent: 2 })).toContain("Risk 2% of the balance per trade");
  });
});
