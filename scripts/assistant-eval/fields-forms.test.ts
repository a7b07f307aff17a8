// The new phrase forms scored against v2 specs (issue 15), in our own phrasings: an equivalent spec passes and
// a spec of another meaning fails, so the scorer can fail.
import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../../worker/strategy/spec";
import { compareEntry, compareExit, compareField } from "./fields";

function spec(doc: Record<string, unknown>): StrategySpec {
  const r = parseSpec({ specVersion: 2, timeframe: "H1", ...doc });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}
const px = (field: string, shift = 0) => ({ type: "price", field, shift });
const ind = (ref: string, extra: Record<string, unknown> = {}) => ({ type: "indicator", ref, ...extra });
const k = (value: number) => ({ type: "constant", value });
const cond = (type: string, left: unknown, right: unknown) => ({ type, left, right });
const long = (all: unknown[], extra: Record<string, unknown> = {}, indicators: unknown[] = []) =>
  spec({ direction: "long", indicators, entry: { long: { all } }, ...extra });

describe("new phrase forms against specs", () => {
  const mas = [
    { id: "f", kind: "SMA", period: 8 },
    { id: "s", kind: "SMA", period: 13 },
  ];
  it("between: either bound on top, but not both on one side", () => {
    const phrase = "price pulls back to between SMA(8) and SMA(13)";
    const between = (lower: string, upper: string) =>
      long([{ type: "between", operand: px("CLOSE"), lower: ind(lower), upper: ind(upper) }], {}, mas);
    expect(compareEntry(phrase, between("f", "s"), "long", {})).toBeNull();
    expect(compareEntry(phrase, between("s", "f"), "long", {})).toBeNull();
    const pair = long(
      [cond("greaterThan", px("CLOSE"), ind("s")), cond("lessThan", px("CLOSE"), ind("f"))],
      {},
      mas,
    );
    expect(compareEntry(phrase, pair, "long", {})).toBeNull();
    const above = long(
      [cond("greaterThan", px("CLOSE"), ind("s")), cond("greaterThan", px("CLOSE"), ind("f"))],
      {},
      mas,
    );
    expect(compareEntry(phrase, above, "long", {})).toMatch(/expected/);
  });

  it("leaving oversold is the cross of MT5's level, not a level and not another level", () => {
    const rsi = [{ id: "r", kind: "RSI", period: 14 }];
    const phrase = "RSI(14) turns up from oversold";
    expect(
      compareEntry(phrase, long([cond("crossesAbove", ind("r"), k(30))], {}, rsi), "long", {}),
    ).toBeNull();
    expect(compareEntry(phrase, long([cond("greaterThan", ind("r"), k(30))], {}, rsi), "long", {})).toMatch(
      /expected/,
    );
    expect(compareEntry(phrase, long([cond("crossesAbove", ind("r"), k(20))], {}, rsi), "long", {})).toMatch(
      /expected/,
    );
  });

  it("MT5 Momentum(n) above 100 is the close above the close n bars back; an unstated look-back takes any", () => {
    const mom = [{ id: "m", kind: "MOMENTUM", period: 10 }];
    const s = long([cond("greaterThan", ind("m"), k(100))], {}, mom);
    expect(compareEntry("close > close[10]", s, "long", {})).toBeNull();
    expect(compareEntry("close > close[12]", s, "long", {})).toMatch(/expected/);
    expect(compareEntry("close < close[10]", s, "long", {})).toMatch(/expected/);
    expect(compareEntry("momentum turns up (close > close[x])", s, "long", {})).toBeNull();
    const own = long([cond("greaterThan", px("CLOSE"), px("OPEN"))]);
    expect(compareEntry("momentum turns up (close > close[x])", own, "long", {})).toMatch(/expected/);
  });

  it("an annotated Momentum zero line is MT5's 100 line; a spec's Momentum against 0 (never false) fails", () => {
    const mom = [{ id: "m", kind: "MOMENTUM", period: 12 }];
    const at = (value: number) => long([cond("greaterThan", ind("m"), k(value))], {}, mom);
    expect(compareEntry("Momentum(12) > 0", at(100), "long", {})).toBeNull();
    expect(compareEntry("Momentum(12) > 0", at(0), "long", {})).toMatch(/expected/);
    expect(compareEntry("Momentum(12) < 0", at(100), "long", {})).toMatch(/expected/);
    expect(compareEntry("Momentum(12) > 100", at(100), "long", {})).toBeNull();
  });

  it("the MACD histogram on a bar is the main line less the signal line on that bar", () => {
    const macd = [{ id: "m", kind: "MACD", fast: 12, slow: 26, signal: 9 }];
    const rising = long(
      [cond("greaterThan", ind("m", { line: "histogram" }), ind("m", { line: "histogram", shift: 1 }))],
      {},
      macd,
    );
    const phrase = "(MACD - signal) rising";
    expect(compareEntry(phrase, rising, "long", {})).toBeNull();
    expect(compareEntry("MACD histogram > MACD histogram[1]", rising, "long", {})).toBeNull();
    // Falling, the main line alone, or the two lines on different bars: other meanings.
    const falling = long(
      [cond("lessThan", ind("m", { line: "histogram" }), ind("m", { line: "histogram", shift: 1 }))],
      {},
      macd,
    );
    expect(compareEntry(phrase, falling, "long", {})).toMatch(/expected/);
    const main = long([cond("greaterThan", ind("m"), ind("m", { shift: 1 }))], {}, macd);
    expect(compareEntry(phrase, main, "long", {})).toMatch(/expected/);
    expect(compareEntry("(MACD - signal) falling", rising, "long", {})).toMatch(/expected/);
  });

  it("a pending order at a range of pips above the signal bar's high", () => {
    const rsi = [{ id: "r", kind: "RSI", period: 14 }];
    const phrase = "RSI(14) > 50; buy stop 1-4 pips above its high";
    const order = (type: string, pips: number) =>
      long(
        [cond("greaterThan", ind("r"), k(50))],
        {
          pendingEntry: {
            order: type,
            long: { type: "expression", a: px("HIGH"), offset: { value: pips, unit: "pips" } },
          },
        },
        rsi,
      );
    expect(compareEntry(phrase, order("stop", 3), "long", {})).toBeNull();
    expect(compareEntry(phrase, order("stop", 6), "long", {})).toMatch(/expected the order at/);
    expect(compareEntry(phrase, order("stop", -3), "long", {})).toMatch(/expected the order at/);
    expect(compareEntry(phrase, order("limit", 3), "long", {})).toMatch(/stop order/);
    expect(compareEntry(phrase, long([cond("greaterThan", ind("r"), k(50))], {}, rsi), "long", {})).toMatch(
      /market entry/,
    );
    expect(
      compareEntry(
        "RSI(14) > 50: buy stop a few pips above the previous high",
        long(
          [cond("greaterThan", ind("r"), k(50))],
          {
            pendingEntry: {
              order: "stop",
              long: { type: "expression", a: px("HIGH", 1), offset: { value: 2, unit: "pips" } },
            },
          },
          rsi,
        ),
        "long",
        {},
      ),
    ).toBeNull();
  });

  it("a spread filter is v2 limits.maxSpread, pips or the same in points", () => {
    const rsi = [{ id: "r", kind: "RSI", period: 2 }];
    const phrase = "RSI(2) < 10; spread <= 2 pips";
    const s = (limits?: unknown) => long([cond("lessThan", ind("r"), k(10))], limits ? { limits } : {}, rsi);
    expect(compareEntry(phrase, s({ maxSpread: { value: 2, unit: "pips" } }), "long", {})).toBeNull();
    expect(compareEntry(phrase, s({ maxSpread: { value: 20, unit: "points" } }), "long", {})).toBeNull();
    expect(compareEntry(phrase, s({ maxSpread: { value: 3, unit: "pips" } }), "long", {})).toMatch(/spread/);
    expect(compareEntry(phrase, s(), "long", {})).toMatch(/spread/);
  });

  it("a mirrored side turns patterns and levels round", () => {
    const ma = [{ id: "m", kind: "SMA", period: 20 }];
    const all = { entry_long: "close > SMA(20) AND bullish engulfing", entry_short: "vice versa" };
    const short = (pattern: string, type: string) =>
      spec({
        direction: "short",
        indicators: ma,
        entry: { short: { all: [cond(type, px("CLOSE"), ind("m")), { type: "candlePattern", pattern }] } },
      });
    expect(compareEntry("vice versa", short("bearishEngulfing", "lessThan"), "short", all)).toBeNull();
    expect(compareEntry("vice versa", short("bullishEngulfing", "lessThan"), "short", all)).toMatch(
      /expected/,
    );
    expect(compareEntry("vice versa", short("bearishEngulfing", "greaterThan"), "short", all)).toMatch(
      /expected/,
    );
  });

  it("a pattern on the bar before is not the pattern on the last bar", () => {
    const s = (shift: number) => long([{ type: "candlePattern", pattern: "insideBar", shift }]);
    expect(compareEntry("previous bar is an inside bar", s(1), "long", {})).toBeNull();
    expect(compareEntry("previous bar is an inside bar", s(0), "long", {})).toMatch(/expected/);
  });

  it("a lower timeframe's last close is the chart's close, its high is not the chart's high", () => {
    const h4 = [{ id: "a", kind: "EMA", period: 20, timeframe: "H4" }];
    const s = (field: string) => long([cond("greaterThan", px(field), ind("a"))], {}, h4);
    expect(compareEntry("M15 close > EMA(20, H4)", s("CLOSE"), "long", {})).toBeNull();
    expect(compareEntry("M15 high > EMA(20, H4)", s("HIGH"), "long", {})).toMatch(/expected/);
    expect(compareEntry("H4 close > EMA(20, H4)", s("CLOSE"), "long", {})).toMatch(/expected/);
  });
});

describe("exits that are not rules, against specs", () => {
  const cross = cond("crossesAbove", px("CLOSE"), px("OPEN"));
  const both = (extra: Record<string, unknown>) =>
    spec({ direction: "both", entry: { long: { all: [cross] }, short: { all: [cross] } }, ...extra });
  it("the opposite signal with a close at the end of the day", () => {
    const phrase = "reverse on opposite signal; close at end of day";
    expect(compareExit(phrase, both({ exits: { closeAt: { time: "22:00" } } }))).toBeNull();
    expect(compareExit(phrase, both({ exits: { closeAt: { time: "12:00" } } }))).toMatch(/end of the day/);
    expect(compareExit(phrase, both({}))).toMatch(/end of the day/);
    expect(
      compareExit(phrase, both({ closeOnOpposite: false, exits: { closeAt: { time: "23:00" } } })),
    ).toMatch(/opposite/);
    expect(
      compareExit("opposite signal; close at 17:00 EST", both({ exits: { closeAt: { time: "22:00" } } })),
    ).toBeNull();
  });
  it("a trailing exit at the opposite channel: v2 trail or the close beyond the channel", () => {
    const phrase = "trailing exit at the opposite 30-bar channel";
    const ext = (side: string, bars: number, shift = 0) => ({ type: "extreme", side, bars, shift });
    expect(
      compareExit(phrase, both({ exits: { trail: { long: ext("lowest", 30), short: ext("highest", 30) } } })),
    ).toBeNull();
    expect(
      compareExit(phrase, both({ exits: { trail: { long: ext("lowest", 20), short: ext("highest", 20) } } })),
    ).toMatch(/trailed/);
    const rules = both({
      exit: {
        long: { all: [cond("crossesBelow", px("CLOSE"), ext("lowest", 30, 1))] },
        short: { all: [cond("crossesAbove", px("CLOSE"), ext("highest", 30, 1))] },
      },
    });
    expect(compareExit(phrase, rules)).toBeNull();
    expect(compareExit(phrase, both({}))).toMatch(/trailed/);
  });
});

describe("stop and target levels in words, against specs", () => {
  const cross = cond("crossesAbove", px("CLOSE"), k(1));
  const down = cond("crossesBelow", px("CLOSE"), k(1));
  const off = (a: unknown, value: number, unit = "pips") => ({
    type: "expression",
    a,
    offset: { value, unit },
  });
  const stopped = (stop: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    spec({ entry: { long: { all: [cross] }, short: { all: [down] } }, exits: { stop }, ...extra });

  it("a range of pips beyond the signal candle, per side", () => {
    const rule = { rule: "4-8 pips beyond the signal candle's low (long) / high (short)" };
    expect(
      compareField("stop_loss", rule, {}, stopped({ long: off(px("LOW"), -6), short: off(px("HIGH"), 6) })),
    ).toBeNull();
    expect(
      compareField("stop_loss", rule, {}, stopped({ long: off(px("LOW"), -10), short: off(px("HIGH"), 6) })),
    ).toMatch(/long/);
    expect(
      compareField("stop_loss", rule, {}, stopped({ long: off(px("LOW"), -6), short: off(px("LOW"), 6) })),
    ).toMatch(/short/);
  });

  it("pips beyond an indicator, and beyond the band the entry uses", () => {
    const smma = [{ id: "m", kind: "SMMA", period: 30 }];
    const rule = { rule: "12 pips beyond SMMA(30)" };
    const at = (l: number, sh: number) =>
      stopped({ long: off(ind("m"), l), short: off(ind("m"), sh) }, { indicators: smma });
    expect(compareField("stop_loss", rule, {}, at(-12, 12))).toBeNull();
    expect(compareField("stop_loss", rule, {}, at(12, -12))).toMatch(/expected/);
    const bb = [{ id: "b", kind: "BOLLINGER", period: 20, deviation: 2 }];
    const all = { entry_long: "close < lower BANDS(20,2)" };
    const band = { rule: "2 points beyond the lower (long) / upper (short) band" };
    const bands = (line: string) =>
      stopped(
        { long: off(ind("b", { line }), -2, "points"), short: off(ind("b", { line: "upper" }), 2, "points") },
        { indicators: bb },
      );
    expect(compareField("stop_loss", band, all, bands("lower"))).toBeNull();
    expect(compareField("stop_loss", band, all, bands("middle"))).toMatch(/long/);
  });

  it("points beyond a level may be a 4-digit text's pips; pips are ten 5-digit points", () => {
    const bb = [{ id: "b", kind: "BOLLINGER", period: 20, deviation: 2 }];
    const all = { entry_long: "close < lower BANDS(20,2)" };
    const at = (value: number, unit: string) =>
      stopped(
        {
          long: off(ind("b", { line: "lower" }), -value, unit),
          short: off(ind("b", { line: "upper" }), value, unit),
        },
        { indicators: bb },
      );
    const points = { rule: "4 points beyond the lower (long) / upper (short) band" };
    expect(compareField("stop_loss", points, all, at(4, "pips"))).toBeNull();
    expect(compareField("stop_loss", points, all, at(40, "pips"))).toMatch(/long/);
    expect(compareField("stop_loss", points, all, at(4, "percent"))).toMatch(/long/);
    const pips = { rule: "4 pips beyond the lower (long) / upper (short) band" };
    expect(compareField("stop_loss", pips, all, at(40, "points"))).toBeNull();
    expect(compareField("stop_loss", pips, all, at(4, "points"))).toMatch(/long/);
  });

  it("the opposite side of an N-day channel with a margin", () => {
    const rule = { rule: "opposite side of the 15-day channel (2 pips beyond)" };
    const ext = (side: string, bars: number) => ({ type: "extreme", side, bars, shift: 0 });
    const d1 = (l: unknown, sh: unknown) => stopped({ long: l, short: sh }, { timeframe: "D1" });
    expect(
      compareField("stop_loss", rule, {}, d1(off(ext("lowest", 15), -2), off(ext("highest", 15), 2))),
    ).toBeNull();
    expect(compareField("stop_loss", rule, {}, d1(ext("lowest", 15), ext("highest", 15)))).toMatch(
      /expected/,
    );
    // The channel may end at the bar before the one that just closed, as a bare N-bar stop may; two bars
    // back, another length or the margin on the wrong side is another level.
    const at = (shift: number, bars = 15, margin = 2) =>
      d1(off({ ...ext("lowest", bars), shift }, -margin), off({ ...ext("highest", bars), shift }, margin));
    expect(compareField("stop_loss", rule, {}, at(1))).toBeNull();
    expect(compareField("stop_loss", rule, {}, at(2))).toMatch(/expected/);
    expect(compareField("stop_loss", rule, {}, at(1, 20))).toMatch(/expected/);
    expect(compareField("stop_loss", rule, {}, at(1, 15, -2))).toMatch(/expected/);
  });

  it("a swing stop is the swing operand on each side; kept within pip bounds it has no v2 form", () => {
    const swing = (side: string, strength = 2) => ({ type: "swing", side, strength, shift: 0 });
    const ext = (side: string, bars: number) => ({ type: "extreme", side, bars, shift: 0 });
    const both = { rule: "the latest swing low (long) / swing high (short)" };
    expect(
      compareField("stop_loss", both, {}, stopped({ long: swing("low"), short: swing("high") })),
    ).toBeNull();
    // The same words said the other ways the annotations put them.
    for (const rule of [
      "below the nearest swing low",
      "previous local low (long) / high (short)",
      "the last fractal",
    ])
      expect(
        compareField("stop_loss", { rule }, {}, stopped({ long: swing("low"), short: swing("high") })),
      ).toBeNull();
    // Another level, the wrong side, another strength: each a different meaning.
    expect(
      compareField("stop_loss", both, {}, stopped({ long: ext("lowest", 5), short: ext("highest", 5) })),
    ).toMatch(/expected swing low/);
    expect(compareField("stop_loss", both, {}, stopped({ long: swing("low"), short: swing("low") }))).toMatch(
      /short/,
    );
    expect(
      compareField("stop_loss", both, {}, stopped({ long: swing("low", 3), short: swing("high", 3) })),
    ).toMatch(/long/);
    // A margin beyond the swing: the amount and its side count.
    const margin = { rule: "3 pips below the recent swing low (long) / above the swing high (short)" };
    expect(
      compareField(
        "stop_loss",
        margin,
        {},
        stopped({ long: off(swing("low"), -3), short: off(swing("high"), 3) }),
      ),
    ).toBeNull();
    expect(
      compareField(
        "stop_loss",
        margin,
        {},
        stopped({ long: off(swing("low"), 3), short: off(swing("high"), -3) }),
      ),
    ).toMatch(/long/);
    // Bounds on the distance are not said by the swing operand.
    expect(
      compareField(
        "stop_loss",
        { rule: "nearest swing, clamped to 40-90 pips" },
        {},
        stopped({ long: swing("low"), short: swing("high") }),
      ),
    ).toMatch(/not expressible/);
  });

  it("the low of the signal formation is the signal bar's low", () => {
    const rule = { rule: "2 pips below the low of the signal formation" };
    expect(
      compareField("stop_loss", rule, {}, stopped({ long: off(px("LOW"), -2), short: off(px("HIGH"), 2) })),
    ).toBeNull();
    expect(
      compareField(
        "stop_loss",
        rule,
        {},
        stopped({ long: off({ type: "swing", side: "low" }, -2), short: off(px("HIGH"), 2) }),
      ),
    ).toMatch(/long/);
  });

  it("a target at the middle band is an exit when the price reaches it, not a measured target", () => {
    const bb = [{ id: "b", kind: "BOLLINGER", period: 20, deviation: 2 }];
    const exitAt = (line: string) =>
      spec({
        indicators: bb,
        entry: { long: { all: [cross] }, short: { all: [down] } },
        exit: {
          long: { all: [cond("crossesAbove", px("CLOSE"), ind("b", { line }))] },
          short: { all: [cond("crossesBelow", px("CLOSE"), ind("b", { line }))] },
        },
      });
    const all = { entry_long: "close < lower BANDS(20,2)" };
    expect(
      compareField("take_profit", { rule: "the middle Bollinger band" }, all, exitAt("middle")),
    ).toBeNull();
    expect(compareField("take_profit", { rule: "the middle Bollinger band" }, all, exitAt("upper"))).toMatch(
      /expected/,
    );
    expect(
      compareField(
        "take_profit",
        { rule: "a distance equal to the signal bar's range" },
        all,
        exitAt("middle"),
      ),
    ).toMatch(/expected a target at candle range/);
  });
});

describe("time filters with orders and session edges, R multiples of the stop", () => {
  const cross = cond("crossesAbove", px("CLOSE"), k(1));
  const base = (extra: Record<string, unknown>) =>
    spec({ direction: "long", entry: { long: { all: [cross] } }, ...extra });
  const order = (expiry: unknown) => ({ order: "stop", long: px("HIGH"), ...(expiry ? { expiry } : {}) });

  it("orders placed at a time and replaced daily: pending orders expiring then, or after a day of bars", () => {
    const phrase = "orders placed at 22:00 GMT, replaced daily";
    expect(
      compareField(
        "time_filter",
        phrase,
        {},
        base({ pendingEntry: order({ type: "timeOfDay", at: "22:00" }) }),
      ),
    ).toBeNull();
    expect(
      compareField("time_filter", phrase, {}, base({ pendingEntry: order({ type: "bars", bars: 24 }) })),
    ).toBeNull();
    expect(
      compareField(
        "time_filter",
        phrase,
        {},
        base({ pendingEntry: order({ type: "timeOfDay", at: "10:00" }) }),
      ),
    ).toMatch(/replaced daily/);
    expect(compareField("time_filter", phrase, {}, base({ pendingEntry: order(null) }))).toMatch(
      /replaced daily/,
    );
    expect(compareField("time_filter", phrase, {}, base({}))).toMatch(/market entry/);
  });

  it("a window from a clock to a session's close, either daylight-saving hour", () => {
    const phrase = "08:00 UTC to New York close";
    const hours = (from: number, to: number) => base({ timeFilter: { hours: { from, to } } });
    expect(compareField("time_filter", phrase, {}, hours(8, 21))).toBeNull();
    expect(compareField("time_filter", phrase, {}, hours(8, 22))).toBeNull();
    expect(compareField("time_filter", phrase, {}, hours(8, 17))).toMatch(/expected/);
    expect(compareField("time_filter", "London open to 15:00 GMT", {}, hours(7, 15))).toBeNull();
    expect(compareField("time_filter", "London open to 15:00 GMT", {}, hours(10, 15))).toMatch(/expected/);
  });

  it("hours in a named zone are compared in UTC, in winter or summer", () => {
    const zoned = (from: number, to: number, zone: string) =>
      base({ timeFilter: { hours: { from, to, zone } } });
    // 13:00-17:00 UTC is 08:00-12:00 New York time in winter (EST) and 09:00-13:00 in summer (EDT).
    expect(compareField("time_filter", "13:00-17:00 UTC", {}, zoned(8, 12, "America/New_York"))).toBeNull();
    expect(compareField("time_filter", "13:00-17:00 UTC", {}, zoned(9, 13, "America/New_York"))).toBeNull();
    expect(compareField("time_filter", "13:00-17:00 UTC", {}, zoned(13, 17, "America/New_York"))).toMatch(
      /expected/,
    );
    expect(compareField("time_filter", "08:00-12:00 EST", {}, zoned(8, 12, "America/New_York"))).toBeNull();
    expect(compareField("time_filter", "08:00-12:00 GMT", {}, zoned(8, 12, "Europe/London"))).toBeNull();
    expect(compareField("time_filter", "08:00-12:00 GMT", {}, zoned(8, 12, "UTC"))).toBeNull();
    expect(compareField("time_filter", "08:00-12:00 GMT", {}, zoned(10, 14, "Europe/London"))).toMatch(
      /expected/,
    );
  });

  it("a session range and when trading stops or starts, its clocks read in UTC", () => {
    const win = (from: string, to: string) => ({ type: "timeWindow", from, to, side: "high", shift: 0 });
    const ranged = (from: string, to: string, extra: Record<string, unknown> = {}) =>
      spec({
        direction: "long",
        entry: { long: { all: [cond("crossesAbove", px("CLOSE"), win(from, to))] } },
        ...extra,
      });
    // 18:00-02:00 EST is 23:00-07:00 UTC; trading until 11:00 EST ends at 16:00 UTC.
    const until = "range 18:00-02:00 EST; trading until 11:00 EST";
    const closeAt = (time: string) => ({ exits: { closeAt: { time } } });
    expect(compareField("time_filter", until, {}, ranged("23:00", "07:00", closeAt("16:00")))).toBeNull();
    expect(
      compareField(
        "time_filter",
        until,
        {},
        ranged("23:00", "07:00", { timeFilter: { hours: { from: 7, to: 16 } } }),
      ),
    ).toBeNull();
    // The clocks kept as written (EST hours on a UTC clock), or no end to trading: another strategy.
    expect(compareField("time_filter", until, {}, ranged("18:00", "02:00", closeAt("16:00")))).toMatch(
      /range/,
    );
    expect(compareField("time_filter", until, {}, ranged("23:00", "07:00", closeAt("11:00")))).toMatch(
      /no entry after 16:00/,
    );
    expect(compareField("time_filter", until, {}, ranged("23:00", "07:00"))).toMatch(/no entry after/);
    const after = "range 21:00-23:00 UTC, trade after 23:00 UTC";
    expect(compareField("time_filter", after, {}, ranged("21:00", "23:00"))).toBeNull();
    expect(
      compareField(
        "time_filter",
        after,
        {},
        ranged("21:00", "23:00", { timeFilter: { hours: { from: 23, to: 6 } } }),
      ),
    ).toBeNull();
    expect(
      compareField(
        "time_filter",
        after,
        {},
        ranged("21:00", "23:00", { timeFilter: { hours: { from: 8, to: 16 } } }),
      ),
    ).toMatch(/entries from 23:00/);
    expect(compareField("time_filter", after, {}, ranged("20:00", "23:00"))).toMatch(/range/);
    expect(
      compareField("time_filter", "range 21:00-23:00 UTC, trade on mondays", {}, ranged("21:00", "23:00")),
    ).toMatch(/grammar/);
  });

  it("one end of the entry hours, stated alone", () => {
    const hours = (from: number, to: number, zone?: string) =>
      base({ timeFilter: { hours: { from, to, ...(zone ? { zone } : {}) } } });
    const after = "no new trades after 15:00 GMT";
    expect(compareField("time_filter", after, {}, hours(0, 15))).toBeNull();
    expect(compareField("time_filter", after, {}, hours(0, 15, "UTC"))).toBeNull();
    expect(
      compareField("time_filter", after, {}, base({ exits: { closeAt: { time: "15:00" } } })),
    ).toBeNull();
    expect(compareField("time_filter", after, {}, hours(15, 24))).toMatch(/no entry after 15:00/);
    expect(compareField("time_filter", after, {}, base({}))).toMatch(/no entry after/);
    expect(compareField("time_filter", "no entries before 07:00 UTC", {}, hours(7, 24))).toBeNull();
    expect(compareField("time_filter", "no entries before 07:00 UTC", {}, hours(0, 7))).toMatch(
      /entries from 07:00/,
    );
    expect(compareField("time_filter", "trading until 12:00 EST", {}, hours(8, 17))).toBeNull();
    expect(compareField("time_filter", "trading until 12:00 EST", {}, hours(8, 12))).toMatch(/17:00/);
  });

  it("break-even and trailing steps in R are multiples of the stop distance", () => {
    const be = (trigger: number, offset: number) =>
      base({
        stopLoss: { unit: "pips", value: 20 },
        breakEven: { trigger: { unit: "pips", value: trigger }, offset: { unit: "pips", value: offset } },
      });
    expect(compareField("break_even", { rr: 1.5, lock_rr: 0.5 }, {}, be(30, 10))).toBeNull();
    expect(compareField("break_even", { rr: 1.5, lock_rr: 0.5 }, {}, be(20, 10))).toMatch(/break_even/);
    expect(compareField("break_even", { rr: 1.5, lock_rr: 0.5 }, {}, be(30, 5))).toMatch(/lock/);
    const trail = (step: number) =>
      base({
        stopLoss: { unit: "pips", value: 20 },
        trailingStop: { distance: { unit: "pips", value: 20 }, step: { unit: "pips", value: step } },
      });
    expect(compareField("trailing_stop", { step_rr: 1 }, {}, trail(20))).toBeNull();
    expect(compareField("trailing_stop", { step_rr: 1 }, {}, trail(10))).toMatch(/step/);
  });
});

describe("scale-out targets, against specs", () => {
  const cross = cond("crossesAbove", px("CLOSE"), k(1));
  const scaled = (targets: Array<[number, string]>, extra: Record<string, unknown> = {}) =>
    long([cross], {
      exits: {
        scaleOut: targets.map(([distance, unit], i) => ({ unit, distance, percent: i === 0 ? 33 : 50 })),
      },
      ...extra,
    });
  it("targets at those distances in order; the last part runs, or is the take profit", () => {
    const runs = { pips_multi: [30, 60, null] };
    expect(
      compareField(
        "take_profit",
        runs,
        {},
        scaled([
          [30, "pips"],
          [60, "pips"],
        ]),
      ),
    ).toBeNull();
    expect(
      compareField(
        "take_profit",
        runs,
        {},
        scaled([
          [300, "points"],
          [600, "points"],
        ]),
      ),
    ).toBeNull();
    expect(
      compareField(
        "take_profit",
        runs,
        {},
        scaled([
          [30, "pips"],
          [70, "pips"],
        ]),
      ),
    ).toMatch(/expected/);
    expect(compareField("take_profit", runs, {}, scaled([[30, "pips"]]))).toMatch(/expected/);
    expect(
      compareField(
        "take_profit",
        runs,
        {},
        scaled(
          [
            [30, "pips"],
            [60, "pips"],
          ],
          { takeProfit: { unit: "pips", value: 90 } },
        ),
      ),
    ).toMatch(/run/);
    const closed = { pips_multi: [30, 60, 90] };
    expect(
      compareField(
        "take_profit",
        closed,
        {},
        scaled(
          [
            [30, "pips"],
            [60, "pips"],
          ],
          { takeProfit: { unit: "pips", value: 90 } },
        ),
      ),
    ).toBeNull();
    expect(
      compareField(
        "take_profit",
        closed,
        {},
        scaled([
          [30, "pips"],
          [60, "pips"],
        ]),
      ),
    ).toMatch(/missing/);
  });
});

describe("order filters and equity tiers (issue 15)", () => {
  const rsi = [{ id: "r", kind: "RSI", period: 2 }];
  const signal = cond("lessThan", ind("r"), k(10));
  const day = (field: string) => ({ type: "previousPeriod", period: "day", field, back: 0 });
  const todayRange = { type: "expression", a: day("HIGH"), k: -1, b: day("LOW") };
  const phrase = "RSI(2) < 10; daily range >= 45 pips; >= 60 min since last order";
  const filtered = (right: unknown, limits: Record<string, unknown>, left: unknown = todayRange) =>
    long([signal, cond("greaterThan", left, right)], { limits }, rsi);

  it("a wait and today's range in pips pass; another wait, none, another range or yesterday's range fail", () => {
    const pips45 = { type: "constant", value: 45, unit: "pips" };
    expect(compareEntry(phrase, filtered(pips45, { minMinutesBetween: 60 }), "long", {})).toBeNull();
    // The same distance said as 0 moved by 45 pips is the same value.
    const moved = { type: "expression", a: k(0), offset: { value: 45, unit: "pips" } };
    expect(compareEntry(phrase, filtered(moved, { minMinutesBetween: 60 }), "long", {})).toBeNull();
    expect(compareEntry(phrase, filtered(pips45, { minMinutesBetween: 30 }), "long", {})).toMatch(
      /60 minutes/,
    );
    expect(compareEntry(phrase, filtered(pips45, {}), "long", {})).toMatch(/60 minutes/);
    const points45 = { type: "constant", value: 45, unit: "points" };
    expect(compareEntry(phrase, filtered(points45, { minMinutesBetween: 60 }), "long", {})).toMatch(
      /expected/,
    );
    expect(compareEntry(phrase, filtered(k(45), { minMinutesBetween: 60 }), "long", {})).toMatch(/expected/);
    const yesterday = {
      type: "expression",
      a: { ...day("HIGH"), back: 1 },
      k: -1,
      b: { ...day("LOW"), back: 1 },
    };
    expect(compareEntry(phrase, filtered(pips45, { minMinutesBetween: 60 }, yesterday), "long", {})).toMatch(
      /expected/,
    );
  });

  it("an equity tier passes as stated; other lots, another bound, another figure or fixed lots fail", () => {
    const expected = { lots: 5, rule: "4 lots while equity < 100000" };
    const sized = (sizing: Record<string, unknown>) => long([signal], { sizing }, rsi);
    const tiers = (below: number, low: number, high: number, of?: string) =>
      sized({ type: "equityTiers", tiers: [{ below, lots: low }], lots: high, ...(of ? { of } : {}) });
    expect(compareField("sizing", expected, {}, tiers(100000, 4, 5))).toBeNull();
    expect(compareField("sizing", expected, {}, tiers(100000, 4, 5, "equity"))).toBeNull();
    expect(compareField("sizing", expected, {}, tiers(100000, 5, 4))).toMatch(/expected/);
    expect(compareField("sizing", expected, {}, tiers(50000, 4, 5))).toMatch(/expected/);
    expect(compareField("sizing", expected, {}, tiers(100000, 4, 5, "balance"))).toMatch(/expected/);
    expect(compareField("sizing", expected, {}, sized({ type: "fixed", lots: 5 }))).toMatch(/expected/);
    // "the account" is either figure; "20k" is 20000.
    const account = { lots: 1, rule: "0.5 lots until account < 20k" };
    expect(compareField("sizing", account, {}, tiers(20000, 0.5, 1, "balance"))).toBeNull();
    expect(compareField("sizing", account, {}, tiers(20000, 0.5, 1))).toBeNull();
  });
});
