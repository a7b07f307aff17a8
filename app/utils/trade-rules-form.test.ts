import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../../worker/strategy";
import { parseTradeRules, tradeRulesForm } from "./trade-rules-form.server";

/** The trade rules form's reading and writing (issue 14): what the form shows is what it saves back. */
function specOf(extra: Record<string, unknown>): StrategySpec {
  const r = parseSpec({
    specVersion: 2,
    timeframe: "H1",
    indicators: [
      { id: "ema20", kind: "EMA", period: 20 },
      { id: "atr14", kind: "ATR", period: 14 },
    ],
    entry: {
      long: {
        all: [
          {
            type: "crossesAbove",
            left: { type: "price", field: "CLOSE" },
            right: { type: "indicator", ref: "ema20" },
          },
        ],
      },
      short: {
        all: [
          {
            type: "crossesBelow",
            left: { type: "price", field: "CLOSE" },
            right: { type: "indicator", ref: "ema20" },
          },
        ],
      },
    },
    ...extra,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

describe("the trade rules form", () => {
  it("saves back, unchanged, the exits, orders, limits and size it opened with", () => {
    const spec = specOf({
      sizing: { type: "riskPercent", percent: 1, of: "equity" },
      exits: {
        stop: {
          long: {
            type: "expression",
            a: { type: "price", field: "LOW", shift: 0 },
            offset: { value: -2, unit: "pips" },
          },
          short: {
            type: "expression",
            a: { type: "price", field: "HIGH", shift: 0 },
            offset: { value: 2, unit: "pips" },
          },
        },
        targetR: 2,
        partial: { percent: 50, atR: 1, breakEven: false },
        trail: { long: { type: "indicator", ref: "ema20", line: "main" } },
        afterBars: 24,
        closeAt: { time: "21:00", weekdays: [5] },
      },
      limits: { maxTradesPerDay: 2, maxSpread: { value: 3, unit: "pips" } },
    });
    const form = tradeRulesForm(spec);
    expect(form.values["exits.closeAtDay5"]).toBe("on");
    expect(form.values["stopLong.base"]).toBe("price:LOW");
    const back = parseTradeRules(spec, form.values);
    expect(back).toEqual({ ok: true, spec });
  });

  it("keeps a price it cannot draw (a + k x b) as it is, offering its sentence", () => {
    const trail = {
      type: "expression",
      a: { type: "indicator", ref: "ema20" },
      k: -1.5,
      b: { type: "indicator", ref: "atr14" },
    } as const;
    const spec = specOf({ stopLoss: { unit: "pips", value: 30 }, exits: { trail: { long: trail } } });
    const form = tradeRulesForm(spec);
    expect(form.kept.trailLong).toBe("EMA(20) of close minus 1.5 x ATR(14)");
    const back = parseTradeRules(spec, form.values);
    expect(back.ok && back.spec.exits?.trail?.long).toEqual({
      ...trail,
      a: { ...trail.a, shift: 0 },
      b: { ...trail.b, shift: 0 },
    });
  });

  it("puts each refusal under its field: typos, the schema's limits, and rules that need each other", () => {
    const spec = specOf({});
    const values = {
      ...tradeRulesForm(spec).values,
      "sizing.type": "riskMoney",
      "sizing.amount": "100",
      "exits.afterBars": "1.5",
      "limits.maxSpread": "wide",
      "pending.order": "limit",
      "pendingLong.base": "extreme:lowest",
      "pendingLong.bars": "",
      "exits.closeAtDay6": "on",
    };
    const r = parseTradeRules(spec, values);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors["limits.maxSpread"]).toBe("Enter a number.");
    expect(r.errors["pendingLong.bars"]).toBe("Enter how many bars.");
    expect(r.errors["exits.closeAtTime"]).toBe("Enter the time to close at on those days.");
    expect(r.errors["exits.afterBars"]).toBeDefined();

    // Rules that need each other are checked once every field reads (the schema's refinements).
    const crossed = parseTradeRules(spec, {
      ...tradeRulesForm(spec).values,
      "sizing.type": "riskMoney",
      "sizing.amount": "100",
      "pending.order": "stop",
      "pendingLong.base": "extreme:highest",
      "pendingLong.bars": "20",
    });
    expect(crossed.ok).toBe(false);
    if (crossed.ok) return;
    expect(crossed.errors["sizing.type"]).toBe("risk-money sizing needs a stop loss to measure the risk");
    expect(crossed.errors.pending).toBe(
      "a pending entry needs a price for every side that has an entry rule",
    );
  });
});
