import type { OrderCase } from "./order-phrasings.fixture";

// The project's own wordings of order-management filters and equity tiers (issue 15), written here, not taken
// from any outside corpus: a wait between entries, today's range in pips, spread limits, lots by the size of
// the account, indicators read bars back. Each reading has at least three wordings and one that must not be
// read that way. Replayed by order-filter-phrasings.test.ts as first descriptions (order-phrasings.fixture.ts).

const SIGNAL = "Buy when RSI crosses above 30, sell when RSI crosses below 70. Stop 25 pips.";
const range = (op: "greaterThan" | "lessThan", value: number) => ({
  type: op,
  left: {
    type: "expression",
    a: { type: "previousPeriod", period: "day", field: "HIGH", back: 0 },
    k: -1,
    b: { type: "previousPeriod", period: "day", field: "LOW", back: 0 },
  },
  right: { type: "constant", value, unit: "pips" },
});
const both = (c: object) => ({ entry: { long: { all: [{}, c] }, short: { all: [{}, c] } } });

export const ORDER_FILTER_PHRASINGS: readonly OrderCase[] = [
  // ——— A wait between entries (limits.minMinutesBetween) ———
  {
    name: "at least N minutes between consecutive orders",
    say: `${SIGNAL} Keep at least 90 minutes between consecutive orders.`,
    expect: { direction: "both", question: false },
    spec: { limits: { minMinutesBetween: 90 } },
  },
  {
    name: "wait hours after a trade before the next one",
    say: `${SIGNAL} After entering, wait 3 hours after a trade before the next one.`,
    expect: { direction: "both", question: false },
    spec: { limits: { minMinutesBetween: 180 } },
  },
  {
    name: "no new order within N min of the last one",
    say: `${SIGNAL} No new order within 45 min of the last one.`,
    expect: { direction: "both", question: false },
    spec: { limits: { minMinutesBetween: 45 } },
  },
  {
    name: "the gap between two trades must be equal or higher than an hour count",
    say: `${SIGNAL} The time between two successive trades must be equal or higher than 2 hours.`,
    expect: { direction: "both", question: false },
    spec: { limits: { minMinutesBetween: 120 } },
  },
  {
    name: "one trade every N hours",
    say: `${SIGNAL} Maximum one trade every 4 hours.`,
    expect: { direction: "both", question: false },
    spec: { limits: { minMinutesBetween: 240 } },
  },
  {
    name: "NOT a wait between entries: a pause after a trade closes is a cool-down after the exit",
    say: `${SIGNAL} Wait 2 hours after a trade closes before trading again.`,
    expect: { direction: "both", question: false },
    absent: ["limits.minMinutesBetween"],
  },
  // ——— Today's range so far (previousPeriod back 0, a constant in pips) ———
  {
    name: "the difference between today's high and low is at least N pips",
    say: `${SIGNAL} Only enter if the difference between today's high and low is at least 50 pips.`,
    expect: { direction: "both", question: false },
    spec: both(range("greaterThan", 50)),
  },
  {
    name: "daily range >= N pips",
    say: `${SIGNAL} Filter: daily range >= 35 pips.`,
    expect: { direction: "both", question: false },
    spec: both(range("greaterThan", 35)),
  },
  {
    name: "the day has moved less than N pips",
    say: `${SIGNAL} Trade only if the day has moved less than 90 pips.`,
    expect: { direction: "both", question: false },
    spec: both(range("lessThan", 90)),
  },
  {
    name: "the distance between the day's high and the day's low is equal or higher than N pips",
    say: `${SIGNAL} The distance between the day's high and the day's low is equal or higher than 40 pips.`,
    expect: { direction: "both", question: false },
    spec: both(range("greaterThan", 40)),
  },
  {
    name: "NOT today's range: a break of the previous day's high is a level, not a range filter",
    say: "Buy when price closes above the previous day's high. Stop 30 pips.",
    expect: { direction: "long", question: false },
    spec: { entry: { long: { all: [{ right: { type: "previousPeriod", back: 1 } }] } } },
  },
  // ——— Spread limits said another way (limits.maxSpread) ———
  {
    name: "only trade when the spread is N pips or less",
    say: `${SIGNAL} Only trade when the spread is 1.8 pips or less.`,
    expect: { direction: "both", question: false },
    spec: { limits: { maxSpread: { value: 1.8, unit: "pips" } } },
  },
  {
    name: "skip the signal if the spread is above N pips",
    say: `${SIGNAL} Skip the signal if the spread is above 3 pips.`,
    expect: { direction: "both", question: false },
    spec: { limits: { maxSpread: { value: 3, unit: "pips" } } },
  },
  {
    name: "spread <= a bare small number is pips",
    say: `${SIGNAL} Spread <= 1.2`,
    expect: { direction: "both", question: false },
    spec: { limits: { maxSpread: { value: 1.2, unit: "pips" } } },
  },
  {
    name: "max spread a bare large number is points (MT5 inputs count points)",
    say: `${SIGNAL} Max spread 25`,
    expect: { direction: "both", question: false },
    spec: { limits: { maxSpread: { value: 25, unit: "points" } } },
  },
  {
    name: "NOT a spread limit: a stop of N pips beyond the spread",
    say: "Buy when RSI crosses above 30. Stop 20 pips plus the spread.",
    expect: { direction: "long", question: false },
    absent: ["limits"],
  },
  // ——— Lots by equity tiers (sizing equityTiers) ———
  {
    name: "N lots while equity is below X, otherwise M",
    say: `${SIGNAL} Trade 2 lots while equity is below 50000, otherwise 3 lots.`,
    expect: { direction: "both", question: false },
    spec: { sizing: { type: "equityTiers", tiers: [{ below: 50000, lots: 2 }], lots: 3 } },
  },
  {
    name: "N lots until the account reaches Xk, then M",
    say: `${SIGNAL} Use 0.2 lots until the account reaches 15k, then 0.4 lots.`,
    expect: { direction: "both", question: false },
    spec: { sizing: { type: "equityTiers", tiers: [{ below: 15000, lots: 0.2 }], lots: 0.4, of: "balance" } },
  },
  {
    name: "M lots once equity is above X, else N",
    say: `${SIGNAL} Open 1.5 lots once equity is above 80,000, else 1 lot.`,
    expect: { direction: "both", question: false },
    spec: { sizing: { type: "equityTiers", tiers: [{ below: 80000, lots: 1 }], lots: 1.5 } },
  },
  {
    name: "lot size N when the balance falls under X and M otherwise",
    say: `${SIGNAL} Lot size = 1 when the balance falls under 5000 and lot size = 2 otherwise.`,
    expect: { direction: "both", question: false },
    spec: { sizing: { type: "equityTiers", tiers: [{ below: 5000, lots: 1 }], lots: 2, of: "balance" } },
  },
  {
    name: "NOT tiers: lots per amount of equity is proportional sizing",
    say: `${SIGNAL} Trade 0.1 lot per 1000 of equity.`,
    expect: { direction: "both", question: false },
    spec: { sizing: { type: "lotsPerEquity", lots: 0.1, per: 1000 } },
  },
  // ——— An indicator read bars back in programmers' notation ———
  {
    name: "RSI(shift_1) with no shift 0 in the text is the last closed bar, the signal bar (bar-cross.ts)",
    say: "Buy when RSI(shift_1) is below 30 and the close is above the 50 ema. Stop 20 pips.",
    expect: { direction: "long", question: false },
    spec: { entry: { long: { all: [{ left: { type: "indicator", ref: "rsi14", shift: 0 } }, {}] } } },
  },
  {
    name: "a text naming shift_0 counts from the signal bar: shift_2 is two bars before it",
    say: "Sell when STOCH(shift_0) is above 80 and STOCH(shift_2) is above 40. Stop 20 pips.",
    expect: { direction: "short", question: false },
    spec: {
      entry: {
        short: {
          all: [{ left: { type: "indicator", shift: 0 } }, { left: { type: "indicator", shift: 2 } }],
        },
      },
    },
  },
  {
    name: "CCI[2] is the CCI two bars back",
    say: "Sell when CCI[2] > 100 and CCI < 100. Stop 20 pips.",
    expect: { direction: "short", question: false },
    spec: { entry: { short: { all: [{ left: { type: "indicator", shift: 2 } }, {}] } } },
  },
  {
    name: "stochastic (shift 2) with a space, counted from the forming bar: one bar before the signal bar",
    say: "Buy when the stochastic (shift 2) is below 20 and the close is above the 100 sma. Stop 20 pips.",
    expect: { direction: "long", question: false },
    spec: { entry: { long: { all: [{ left: { type: "indicator", shift: 1 } }, {}] } } },
  },
  {
    name: "NOT a shift: RSI(14) is a period",
    say: "Buy when RSI(14) is below 30. Stop 20 pips.",
    expect: { direction: "long", question: false },
    spec: {
      indicators: [{ kind: "RSI", period: 14 }],
      entry: { long: { all: [{ left: { type: "indicator", shift: 0 } }] } },
    },
  },
];
