import type { OrderCase } from "./order-phrasings.fixture";

// The project's own wordings of entry orders at levels (issue 15), written here, not taken from any outside
// corpus: stop orders at a channel's sides split into the two sides, the margin said of "the breakout", the
// stop that is the other side's order, a stop at the entry candle beside a buy/sell stop there, and a cross
// that already says the close ends beyond the line. Each family has a case that must not be read that way.
// Replayed by breakout-orders.test.ts as first descriptions (fields as in order-phrasings.fixture.ts).

const ext = (side: "highest" | "lowest", bars: number, pips?: number) => {
  const e = { type: "extreme", side, bars };
  return pips === undefined ? e : { type: "expression", a: e, offset: { value: pips, unit: "pips" } };
};
const candle = (field: "HIGH" | "LOW", pips: number) => ({
  type: "expression",
  a: { type: "price", field, shift: 0 },
  offset: { value: pips, unit: "pips" },
});

export const BREAKOUT_ORDER_PHRASINGS: readonly OrderCase[] = [
  // Orders at a channel's sides: one sentence, two sides.
  {
    name: "a buy stop slightly above the N-day high and a sell stop slightly below the N-day low are two sides",
    say: "Each morning I place a buy stop slightly above the 55-day high and a sell stop slightly below the 55-day low. Stop 100 pips.",
    expect: {
      timeframe: "D1",
      direction: "both",
      long: ["close xa highest(55)[1]"],
      short: ["close xb lowest(55)[1]"],
      stopLoss: "100 pips",
      question: false,
    },
  },
  {
    name: "plural stop orders that 'go just over / under' N-bar levels, on the stated chart",
    say: "H4 chart. New buy stop orders go just over the 10 bar high, sell stop orders just under the 10 bar low. Target 80 pips, stop 40 pips.",
    expect: {
      timeframe: "H4",
      direction: "both",
      long: ["close xa highest(10)[1]"],
      short: ["close xb lowest(10)[1]"],
      question: false,
    },
  },
  {
    name: "plain 'buy order above' / 'sell order below' with the margin said of the breakout point",
    say: "Put a buy order above the 30-day high and a sell order below the 30-day low; entries are 2 pips beyond the breakout point. Stop loss 60 pips.",
    expect: {
      direction: "both",
      long: ["close xa (highest(30)[1] + 2pips)"],
      short: ["close xb (lowest(30)[1] - 2pips)"],
      stopLoss: "60 pips",
      question: false,
    },
  },
  {
    name: "NOT a breakout: a buy limit below the N-day low waits for a dip, it is no sell",
    say: "Place a buy limit order just below the 20-day low. Stop 30 pips, target 30 pips.",
    expect: { direction: "long", long: ["close < lowest(20)[1]"], question: false },
  },
  // The margin said of "the breakout" and the stop at the other side's order.
  {
    name: "'I enter N pips above the breakout level' and 'the opposite order is your stop'",
    say: "Buy stop just above the 40 day high, sell stop just below the 40 day low. I enter 1.5 pips above the breakout level. The opposite order is your stop.",
    expect: {
      direction: "both",
      long: ["close xa (highest(40)[1] + 1.5pips)"],
      short: ["close xb (lowest(40)[1] - 1.5pips)"],
      question: false,
    },
    spec: { exits: { stop: { long: ext("lowest", 40, -1.5), short: ext("highest", 40, 1.5) } } },
    absent: ["stopLoss"],
  },
  {
    name: "'the protective stop sits at the opposite side of the channel', no margin",
    say: "A buy order slightly above the 25-day high and a sell order slightly below the 25-day low; the protective stop sits at the opposite side of the channel.",
    expect: { direction: "both", question: false },
    spec: { exits: { stop: { long: ext("lowest", 25), short: ext("highest", 25) } } },
  },
  {
    name: "'a N pip buffer beyond the breakout' and 'the other order doubles as the stop loss'",
    say: "Buy stop above the 15 bar high and sell stop below the 15 bar low, with a 4 pip buffer beyond the breakout. The other order doubles as the stop loss.",
    expect: {
      long: ["close xa (highest(15)[1] + 4pips)"],
      short: ["close xb (lowest(15)[1] - 4pips)"],
      question: false,
    },
    spec: { exits: { stop: { long: ext("lowest", 15, -4), short: ext("highest", 15, 4) } } },
  },
  {
    name: "NOT an entry margin: a target 'N pips above the breakout level', and a stop in pips stays a distance",
    say: "A buy stop just above the 20-day high and a sell stop just below the 20-day low. Stop loss 40 pips; take profit 30 pips above the breakout level.",
    expect: {
      long: ["close xa highest(20)[1]"],
      short: ["close xb lowest(20)[1]"],
      stopLoss: "40 pips",
      question: false,
    },
    absent: ["exits.stop"],
  },
  // A stop at the entry candle beside a buy/sell stop at it (v2: measured from the order's price).
  {
    name: "a buy stop above the signal candle's high with the stop loss 'below its low'",
    say: "Buy when the close crosses above the 20 ema. Put a buy stop 2 pips above the signal candle's high; the stop loss goes 3 pips below its low.",
    expect: { direction: "long", long: ["close xa ema20"], question: false },
    spec: {
      pendingEntry: { order: "stop", long: candle("HIGH", 2) },
      exits: { stop: { long: candle("LOW", -3) } },
    },
    absent: ["stopLoss"],
  },
  {
    name: "a sell stop under the setup bar's low with the stop over its high",
    say: "Go short when price closes under the 100 sma. A sell stop is placed 1 pip below the low of the setup bar, with the stop loss 4 pips above the high of the setup bar.",
    expect: { direction: "short", question: false },
    spec: {
      pendingEntry: { order: "stop", short: candle("LOW", -1) },
      exits: { stop: { short: candle("HIGH", 4) } },
    },
  },
  {
    name: "a range of pips below the entry candle's low is read inside the range, with an R target from it",
    say: "Buy when RSI(14) crosses above 30: buy stop 1 pip above the high of that candle, stop loss 4-8 pips below the low of the entry candle, target 2R.",
    expect: { direction: "long", question: false },
    spec: {
      pendingEntry: { order: "stop", long: candle("HIGH", 1) },
      exits: { stop: { long: candle("LOW", -6) }, targetR: 2 },
    },
  },
  {
    name: "NOT a candle stop: a stop in pips beside a buy stop at the candle stays a distance",
    say: "Buy when the close crosses above the 20 ema. Put a buy stop 2 pips above the signal candle's high. Stop loss 20 pips.",
    expect: { stopLoss: "20 pips", question: false },
    spec: { pendingEntry: { order: "stop", long: candle("HIGH", 2) } },
    absent: ["exits.stop"],
  },
  // A cross already ends beyond the line: "and closes above it" adds nothing.
  {
    name: "'breaks the SMA upwards and closes above it' is the cross alone",
    say: "Buy when price breaks the 100 sma upwards and closes above it. Stop 30 pips.",
    expect: { long: ["close xa sma100"], question: false },
  },
  {
    name: "'crosses the EMA to the downside and closes below it' is the cross alone",
    say: "Sell when the candle crosses the 20 ema to the downside and closes below it. Stop 25 pips, target 50 pips.",
    expect: { short: ["close xb ema20"], question: false },
  },
  {
    name: "'crosses above the SMA and stays above it' is the cross alone",
    say: "Go long once the close crosses above the 200 sma and stays above it. Stop 40 pips.",
    expect: { long: ["close xa sma200"], question: false },
  },
  {
    name: "NOT implied: the close above one line and a cross of two other lines are both kept",
    say: "Buy when the close is above the 50 sma and the 50 sma crosses above the 200 sma. Stop 30 pips.",
    expect: { long: ["close > sma50", "sma50 xa sma200"], question: false },
  },
];
