import type { ExitCase } from "./exit-phrasings.fixture";

// The project's own wordings of stops at a swing level and at the signal pattern's extreme (issue 15), written
// here, not taken from any outside corpus. Replayed by swing-stops.test.ts as first descriptions: `spec` is a
// part the built spec must contain. A swing is v2's "swing" operand (MT5's fractal, 2 bars each side).

const swing = (side: "low" | "high") => ({ type: "swing", side, strength: 2, shift: 0 });
const moved = (a: Record<string, unknown>, value: number, unit = "pips") => ({
  type: "expression",
  a,
  k: 1,
  offset: { value, unit },
});
const both = { exits: { stop: { long: swing("low"), short: swing("high") } } };

export const SWING_PHRASINGS: readonly ExitCase[] = [
  {
    name: "a stop at the last swing low, mirrored to the swing high for sells",
    say: "Buy when the 8 ema crosses above the 21 ema, sell when it crosses below. Put the stop at the last swing low.",
    expect: { direction: "both", question: false },
    spec: both,
  },
  {
    name: "a local minimum in a passive sentence",
    say: "Go long when RSI(14) crosses above 30 and short when it crosses below 70. The stop loss is kept at the previous local minimum.",
    expect: { direction: "both", question: false },
    spec: both,
  },
  {
    name: "both sides named after a slash, with 'SL'",
    say: "Buy when the 12 sma crosses above the 26 sma, sell on the reverse. SL: most recent swing low / swing high.",
    expect: { direction: "both", question: false },
    spec: both,
  },
  {
    name: "a few pips beyond the swing, said for sells only: buys mirror it",
    say: "Buy when the 10 ema crosses above the 30 ema, sell on the opposite. For sells the stop goes 4 pips above the nearest swing high.",
    expect: { direction: "both", question: false },
    spec: { exits: { stop: { long: moved(swing("low"), -4), short: moved(swing("high"), 4) } } },
  },
  {
    name: "a bare fractal with a margin below it, long only",
    say: "Buy when the 5 sma crosses above the 20 sma. Stop 2 pips under the latest fractal.",
    expect: { direction: "long", question: false },
    spec: { exits: { stop: { long: moved(swing("low"), -2) } } },
  },
  {
    name: "a swing said as what to use for the stop",
    say: "Sell when the 9 ema crosses below the 18 ema. Use the recent swing high as your stop.",
    expect: { direction: "short", question: false },
    spec: { exits: { stop: { short: swing("high") } } },
  },
  {
    name: "the signal pattern's own low is the signal bar's, not a swing",
    say: "Buy when the 14 ema crosses above the 40 ema, sell on the reverse. Stop loss goes 3 pips below the low of our signal pattern.",
    expect: { direction: "both", question: false },
    spec: {
      exits: {
        stop: {
          long: moved({ type: "price", field: "LOW", shift: 0 }, -3),
          short: moved({ type: "price", field: "HIGH", shift: 0 }, 3),
        },
      },
    },
  },
  {
    name: "a breakout of the last swing high, mirrored for sells, with a swing stop",
    say: "Buy when the close crosses above the last swing high, sell on the opposite. Stop at the previous swing low.",
    expect: { direction: "both", question: false },
    spec: {
      entry: {
        long: {
          all: [{ type: "crossesAbove", left: { type: "price", field: "CLOSE" }, right: swing("high") }],
        },
        short: {
          all: [{ type: "crossesBelow", left: { type: "price", field: "CLOSE" }, right: swing("low") }],
        },
      },
      ...both,
    },
  },
  {
    name: "a swing level with a margin in an entry condition",
    say: "Go long when the price breaks 3 pips above the most recent swing high. Stop loss 30 pips.",
    expect: { direction: "long", stopLoss: "30 pips", question: false },
    spec: {
      entry: {
        long: {
          all: [
            { type: "crossesAbove", left: { type: "price", field: "CLOSE" }, right: moved(swing("high"), 3) },
          ],
        },
      },
    },
  },
  {
    name: "a close falling through the latest local low ends a buy",
    say: "Buy when the 10 sma crosses above the 30 sma. Exit when the close falls below the latest local low.",
    expect: { direction: "long", question: false },
    spec: {
      exit: {
        long: {
          all: [{ type: "crossesBelow", left: { type: "price", field: "CLOSE" }, right: swing("low") }],
        },
      },
    },
  },
];
