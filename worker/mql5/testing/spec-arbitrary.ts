/**
 * Test-only: a fast-check arbitrary of valid StrategySpec inputs built from the schema's
 * vocabulary (every indicator kind and line, every operand and condition type (v2's price constructs,
 * expressions and candle patterns included), every distance unit, every sizing form, trailing, break-even,
 * time filters, pending entries and entry limits). Every value it yields passes parseSpec.
 */
import fc from "fast-check";
import { PERIODS } from "../../market/types";
import {
  APPLIED_PRICES,
  CANDLE_MEASURES,
  CANDLE_PATTERNS,
  INDICATOR_LINES,
  type IndicatorKind,
  IndicatorSchema,
  SESSIONS,
  type StrategySpecInput,
} from "../../strategy/spec";

type IndicatorInput = StrategySpecInput["indicators"] extends (infer I)[] | undefined ? I : never;

const period = fc.integer({ min: 1, max: 300 });
const price = fc.constantFrom(...APPLIED_PRICES);

function indicatorArb(id: string, kind: IndicatorKind): fc.Arbitrary<IndicatorInput> {
  switch (kind) {
    case "SMA":
    case "EMA":
    case "SMMA":
    case "LWMA":
      return fc.record({ id: fc.constant(id), kind: fc.constant(kind), period, appliedPrice: price });
    case "RSI":
      return fc.record({ id: fc.constant(id), kind: fc.constant(kind), period, appliedPrice: price });
    case "MACD":
      return fc
        .tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), period, price)
        .map(([fast, extra, signal, appliedPrice]) => ({
          id,
          kind,
          fast,
          slow: fast + extra,
          signal,
          appliedPrice,
        }));
    case "BOLLINGER":
      return fc.record({
        id: fc.constant(id),
        kind: fc.constant(kind),
        period,
        deviation: fc.double({ min: 0.1, max: 10, noNaN: true }),
        appliedPrice: price,
      });
    case "STOCHASTIC":
      return fc.record({
        id: fc.constant(id),
        kind: fc.constant(kind),
        kPeriod: period,
        dPeriod: period,
        slowing: period,
      });
    case "MOMENTUM":
      return fc.record({ id: fc.constant(id), kind: fc.constant(kind), period, appliedPrice: price });
    case "ATR":
    case "CCI":
    case "ADX":
      return fc.record({ id: fc.constant(id), kind: fc.constant(kind), period });
    default:
      // Issue 14's kinds: MetaTrader's defaults, with the period (where there is one) drawn.
      return period.map((p) => IndicatorSchema.parse({ id, kind, period: Math.max(2, p) }));
  }
}

const KINDS = Object.keys(INDICATOR_LINES) as IndicatorKind[];

export const specArbitrary: fc.Arbitrary<StrategySpecInput> = fc
  .array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 5 })
  .chain((kinds) => {
    // Always one ATR ("atr0") so that ATR distances have something to refer to.
    const named = [
      ...kinds.map((kind, i) => ({ id: `ind${i}`, kind })),
      { id: "atr0", kind: "ATR" as const },
    ];
    const indicators = fc.tuple(...named.map((n) => indicatorArb(n.id, n.kind)));
    const shift = fc.integer({ min: 0, max: 5 });
    const clock = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    // v2 price constructs (spec-price.ts).
    const construct = fc.oneof(
      fc.record({
        type: fc.constant("extreme" as const),
        side: fc.constantFrom("highest", "lowest"),
        bars: fc.integer({ min: 1, max: 50 }),
        shift,
      }),
      fc.record({
        type: fc.constant("previousPeriod" as const),
        period: fc.constantFrom("day", "week"),
        field: fc.constantFrom("OPEN", "HIGH", "LOW", "CLOSE"),
        back: fc.integer({ min: 1, max: 3 }),
        shift,
      }),
      fc
        .record({ from: clock, to: clock, side: fc.constantFrom("high", "low"), shift })
        .filter((w) => w.from !== w.to)
        .map((w) => ({ type: "timeWindow" as const, ...w })),
      fc.record({
        type: fc.constant("swing" as const),
        side: fc.constantFrom("low", "high"),
        strength: fc.integer({ min: 1, max: 10 }),
        shift,
      }),
      fc.record({
        type: fc.constant("candle" as const),
        measure: fc.constantFrom(...CANDLE_MEASURES),
        shift,
      }),
    );
    const basic = fc.oneof(
      fc.constantFrom(...named).chain((n) =>
        fc.record({
          type: fc.constant("indicator" as const),
          ref: fc.constant(n.id),
          line: fc.option(fc.constantFrom(...INDICATOR_LINES[n.kind]), { nil: undefined }),
          shift,
        }),
      ),
      fc.record({ type: fc.constant("price" as const), field: price, shift }),
      fc.record({
        type: fc.constant("constant" as const),
        value: fc.double({ min: -1000, max: 1000, noNaN: true }),
      }),
      construct,
    );
    const offset = fc.record({
      value: fc.double({ min: -50, max: 50, noNaN: true }),
      unit: fc.constantFrom("pips", "points", "percent"),
    });
    // a + k x b + offset: b or an offset (the schema needs one of them).
    const expression = fc
      .record(
        { a: basic, k: fc.double({ min: -5, max: 5, noNaN: true }), b: basic, offset },
        { requiredKeys: ["a", "k"] },
      )
      .filter((x) => x.b !== undefined || x.offset !== undefined)
      .map((x) => ({ type: "expression" as const, ...x }));
    const operand = fc.oneof(basic, basic, expression);
    const condition = fc.oneof(
      fc.record({
        type: fc.constant("candlePattern" as const),
        pattern: fc.constantFrom(...CANDLE_PATTERNS),
        shift,
      }),
      fc.record({
        type: fc.constantFrom("crossesAbove", "crossesBelow", "greaterThan", "lessThan"),
        left: operand,
        right: operand,
      }),
      fc.record({ type: fc.constant("between" as const), operand, lower: operand, upper: operand }),
    );
    const rule = fc
      .record({ all: fc.array(condition, { maxLength: 3 }), any: fc.array(condition, { maxLength: 2 }) })
      .filter((r) => r.all.length + r.any.length > 0);
    const distance = fc.oneof(
      fc.record({
        unit: fc.constantFrom("pips", "points"),
        value: fc.double({ min: 0.1, max: 500, noNaN: true }),
      }),
      fc.record({
        unit: fc.constant("percent" as const),
        value: fc.double({ min: 0.01, max: 10, noNaN: true }),
      }),
      fc.record({
        unit: fc.constant("atr" as const),
        ref: fc.constant("atr0"),
        multiple: fc.double({ min: 0.1, max: 10, noNaN: true }),
      }),
    );
    const hour = fc.integer({ min: 0, max: 24 });
    const timeFilter = fc.record(
      {
        hours: fc
          .tuple(hour, hour)
          .filter(([a, b]) => a !== b)
          .map(([from, to]) => ({ from, to })),
        weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        sessions: fc.uniqueArray(fc.constantFrom(...SESSIONS), { minLength: 1, maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    return fc
      .record({
        indicators,
        timeframe: fc.constantFrom(...PERIODS),
        direction: fc.constantFrom("long", "short", "both"),
        entryLong: rule,
        entryShort: rule,
        exitLong: fc.option(rule, { nil: undefined }),
        exitShort: fc.option(rule, { nil: undefined }),
        risk: fc.boolean(),
        lots: fc.double({ min: 0.01, max: 100, noNaN: true }),
        percent: fc.double({ min: 0.1, max: 100, noNaN: true }),
        stopLoss: fc.option(distance, { nil: undefined }),
        takeProfit: fc.option(distance, { nil: undefined }),
        trailingStop: fc.option(
          fc.record({ distance, start: distance, step: distance }, { requiredKeys: ["distance"] }),
          { nil: undefined },
        ),
        breakEven: fc.option(
          fc.record({ trigger: distance, offset: distance }, { requiredKeys: ["trigger"] }),
          {
            nil: undefined,
          },
        ),
        timeFilter: fc.option(timeFilter, { nil: undefined }),
        maxOpenPositions: fc.integer({ min: 1, max: 100 }),
        closeOnOpposite: fc.boolean(),
        sizingForm: fc.constantFrom("riskPercent", "riskMoney", "lotsPerEquity"),
        ofEquity: fc.boolean(),
        pendingEntry: fc.option(
          fc.record(
            {
              order: fc.constantFrom("stop", "limit"),
              long: operand,
              short: operand,
              oco: fc.boolean(),
              expiry: fc.oneof(
                fc.record({ type: fc.constant("bars" as const), bars: fc.integer({ min: 1, max: 100 }) }),
                fc.record({ type: fc.constant("timeOfDay" as const), at: clock }),
              ),
            },
            { requiredKeys: ["order", "long", "short"] },
          ),
          { nil: undefined },
        ),
        limits: fc.option(
          fc.record(
            {
              maxTradesPerDay: fc.integer({ min: 1, max: 100 }),
              maxSpread: fc.record({
                value: fc.double({ min: 0.1, max: 50, noNaN: true }),
                unit: fc.constantFrom("pips", "points"),
              }),
            },
            { requiredKeys: [] },
          ),
          { nil: undefined },
        ),
      })
      .map((r): StrategySpecInput => {
        // Risk sizing needs a stop loss (schema rule): fall back to a pip stop.
        const stopLoss = r.risk && !r.stopLoss ? { unit: "pips" as const, value: 30 } : r.stopLoss;
        const sizing: StrategySpecInput["sizing"] = !r.risk
          ? { type: "fixed", lots: r.lots }
          : r.sizingForm === "riskMoney"
            ? { type: "riskMoney", amount: r.percent * 10 }
            : r.sizingForm === "lotsPerEquity"
              ? { type: "lotsPerEquity", lots: Math.max(0.01, Math.min(100, r.lots)), per: 1000 }
              : { type: "riskPercent", percent: r.percent, of: r.ofEquity ? "equity" : "balance" };
        return {
          specVersion: 2,
          timeframe: r.timeframe,
          direction: r.direction,
          indicators: [...r.indicators],
          entry: { long: r.entryLong, short: r.entryShort },
          exit: { long: r.exitLong, short: r.exitShort },
          sizing,
          stopLoss,
          takeProfit: r.takeProfit,
          trailingStop: r.trailingStop,
          breakEven: r.breakEven,
          timeFilter: r.timeFilter,
          maxOpenPositions: r.maxOpenPositions,
          closeOnOpposite: r.closeOnOpposite,
          pendingEntry: r.pendingEntry,
          limits: r.limits,
        };
      });
  });
