import type { ExitCase } from "./exit-phrasings.fixture";

// The project's own wordings of a take profit at a measured distance (issue 15, v2 exits.targetDistance),
// written here, not taken from any outside corpus. Replayed by measured-targets.test.ts as first descriptions:
// `spec` is a part the built spec must contain.

const candle = (measure: "range" | "body", multiple = 1) => ({
  exits: { targetDistance: { of: { type: "candle", measure, shift: 0 }, multiple } },
});
const minus = (a: Record<string, unknown>, b: Record<string, unknown>) => ({
  type: "expression",
  a,
  k: -1,
  b,
});
const period = (p: "day" | "week") =>
  minus(
    { type: "previousPeriod", period: p, field: "HIGH", back: 1, shift: 0 },
    { type: "previousPeriod", period: p, field: "LOW", back: 1, shift: 0 },
  );
const bars = (n: number) =>
  minus(
    { type: "extreme", side: "highest", bars: n, shift: 0 },
    { type: "extreme", side: "lowest", bars: n, shift: 0 },
  );

export const MEASURED_TARGET_PHRASINGS: readonly ExitCase[] = [
  {
    name: "a target as far as the last candle is tall, in a passive sentence",
    say: "Buy when the 10 ema crosses above the 30 ema, sell when it crosses below. The profit target is set at a distance equal to the last candle's height.",
    expect: { direction: "both", question: false },
    spec: candle("range"),
  },
  {
    name: "'tp =' a multiple of the signal bar's range, beside a stop at that bar",
    say: "Go long when RSI(14) crosses above 30. SL at the low of the signal candle, TP = 1.5x the signal bar's range.",
    expect: { direction: "long", question: false },
    spec: {
      ...candle("range", 1.5),
      exits: { ...candle("range", 1.5).exits, stop: { long: { type: "price", field: "LOW" } } },
    },
  },
  {
    name: "twice the size of the breakout candle",
    say: "Sell when the close crosses below the 50 sma. Take profit twice the size of the breakout candle.",
    expect: { direction: "short", question: false },
    spec: candle("range", 2),
  },
  {
    name: "the same size as the signal candle",
    say: "Sell when the 12 ema crosses below the 26 ema. The target is the same size as the signal candle.",
    expect: { direction: "short", question: false },
    spec: candle("range"),
  },
  {
    name: "the body of the entry bar, not its range",
    say: "Buy when the 5 sma crosses above the 15 sma. My target equals the body size of the entry bar.",
    expect: { direction: "long", question: false },
    spec: candle("body"),
  },
  {
    name: "yesterday's high-low range",
    say: "Buy when the 20 ema crosses above the 50 ema and sell on the reverse. Take profit equal to yesterday's range (high minus low).",
    expect: { direction: "both", question: false },
    spec: { exits: { targetDistance: { of: period("day"), multiple: 1 } } },
  },
  {
    name: "half of the previous week's movement",
    say: "Buy when MACD crosses above its signal line. Target: half of the previous week's range.",
    expect: { direction: "long", question: false },
    spec: { exits: { targetDistance: { of: period("week"), multiple: 0.5 } } },
  },
  {
    name: "the range of the last N bars",
    say: "Buy when the close crosses above the 100 sma. Take profit is the range of the last 20 bars.",
    expect: { direction: "long", question: false },
    spec: { exits: { targetDistance: { of: bars(20), multiple: 1 } } },
  },
  {
    name: "the height of an N-period channel",
    say: "Sell when the 8 ema crosses below the 21 ema. The target equals the height of the 30 period channel.",
    expect: { direction: "short", question: false },
    spec: { exits: { targetDistance: { of: bars(30), multiple: 1 } } },
  },
];

/** Break-even part of the way to the target (target-break-even.ts, v2 exits.breakEvenAtTarget). */
export const TARGET_BREAK_EVEN_PHRASINGS: readonly ExitCase[] = [
  {
    name: "breakeven once price has covered half the distance to the target",
    say: "Buy when the 10 ema crosses above the 30 ema. Stop 25 pips, take profit 50 pips. Move to breakeven when price has covered half the distance to the target.",
    expect: { direction: "long", question: false },
    spec: { takeProfit: { unit: "pips", value: 50 }, exits: { breakEvenAtTarget: 0.5 } },
  },
  {
    name: "'sl to be at 60% of tp', with a target in R",
    say: "Sell when RSI(14) crosses below 70. SL above the previous candle's high, TP 2R, move SL to BE at 60% of TP.",
    expect: { direction: "short", question: false },
    spec: { exits: { targetR: 2, breakEvenAtTarget: 0.6 } },
  },
  {
    name: "the fraction first, then the stop to the entry, with a measured target",
    say: "Buy when the 5 sma crosses above the 20 sma. Target equal to the size of the previous candle. Once the trade is halfway to the target, move the stop to the entry price.",
    expect: { direction: "long", question: false },
    spec: {
      exits: {
        targetDistance: { of: { type: "candle", measure: "range", shift: 0 } },
        breakEvenAtTarget: 0.5,
      },
    },
  },
  {
    name: "a third of the way",
    say: "Buy when the close crosses above the 50 ema, stop loss 30 pips, take profit 90 pips. When the profit reaches one third of the take profit, put the stop at breakeven.",
    expect: { direction: "long", question: false },
    spec: { exits: { breakEvenAtTarget: 1 / 3 } },
  },
];

/** A target as far as the stop (measured-targets.ts): 1R, or the stop's pips. */
export const STOP_DISTANCE_TARGET_PHRASINGS: readonly ExitCase[] = [
  {
    name: "equal to a stop at the signal candle: 1R",
    say: "Buy when the 8 ema crosses above the 21 ema. Stop below the low of the signal candle; take profit equal to the stop loss distance.",
    expect: { direction: "long", question: false },
    spec: { exits: { targetR: 1 } },
  },
  {
    name: "the same distance as a stop in pips",
    say: "Sell when RSI(14) crosses below 70, stop loss 18 pips, profit target the same distance as the stop.",
    expect: { direction: "short", question: false },
    spec: { takeProfit: { unit: "pips", value: 18 } },
  },
  {
    name: "'target = risk'",
    say: "Buy when the close crosses above the 20 sma. SL 25 pips. Target = risk.",
    expect: { direction: "long", question: false },
    spec: { takeProfit: { unit: "pips", value: 25 } },
  },
];
