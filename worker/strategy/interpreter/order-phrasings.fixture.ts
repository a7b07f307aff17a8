import type { ExitCase } from "./exit-phrasings.fixture";

// The project's own wordings of pending orders and clocks (issue 15), written here, not taken from any outside
// corpus: ranges and closing times in a fixed-offset zone (EST, EDT: written in UTC), New York time kept as
// given, buy and sell stops at a distance from the signal candle, orders placed each day at the day's levels.
// Replayed by order-phrasings.test.ts as first descriptions: `expect` as in corpus.fixture.ts, `spec` a part
// the built spec must contain, `absent` spec paths that must not be set.
export interface OrderCase extends ExitCase {
  absent?: string[];
}

const window = (from: string, to: string, side: "high" | "low", pips: number) => ({
  type: "expression",
  a: { type: "timeWindow", from, to, side },
  offset: { value: pips, unit: "pips" },
});

export const ORDER_PHRASINGS: readonly OrderCase[] = [
  {
    name: "a range and a closing time in EST are written in UTC (EST is UTC-5 all year)",
    say: "Note the high and the low between 8pm EST and 2am EST. Long entry: high + 10 pips. Stop loss 30 pips. All open trades are closed at 11am EST. Same rules for shorts.",
    expect: { direction: "both", stopLoss: "30 pips", question: false, reply: /EST is UTC-5 all year/ },
    spec: {
      exits: { closeAt: { time: "16:00" } },
      entry: {
        long: { all: [{ type: "crossesAbove", right: window("01:00", "07:00", "high", 10) }] },
        short: { all: [{ type: "crossesBelow", right: window("01:00", "07:00", "low", -10) }] },
      },
    },
  },
  {
    name: "an EDT closing time is UTC-4",
    say: "Buy when the 8 ema crosses above the 21 ema, sell on the opposite cross. Stop 20 pips. Close all positions at 3pm EDT.",
    expect: { direction: "both", question: false },
    spec: { exits: { closeAt: { time: "19:00" } } },
  },
  {
    name: "a range in GMT keeps its clocks",
    say: "Record the range from 23:00 to 05:00 GMT. Buy when price rises above the range high + 4 pips, sell when it falls below the range low - 4 pips. Stop 25 pips, target 50 pips.",
    expect: { direction: "both", question: false },
    spec: {
      entry: {
        long: { all: [{ right: window("23:00", "05:00", "high", 4) }] },
        short: { all: [{ right: window("23:00", "05:00", "low", -4) }] },
      },
    },
  },
  {
    name: "New York time has daylight saving: a closing time in it is kept as given, with the server hours said",
    say: "Buy when the 8 ema crosses above the 21 ema. Stop 20 pips. Flatten everything by 4pm new york time.",
    expect: { question: false, reply: /server time all year/ },
    spec: { exits: { closeAt: { time: "16:00" } } },
  },
  {
    name: "a buy stop a distance above the signal candle's high, after its signal",
    say: "When RSI(14) crosses above 30, put a buy stop 2 pips above the signal candle's high. Stop loss 25 pips.",
    expect: { direction: "long", long: ["rsi14 xa 30"], question: false },
    spec: {
      pendingEntry: {
        order: "stop",
        long: { type: "expression", a: { type: "price", field: "HIGH" }, offset: { value: 2, unit: "pips" } },
      },
    },
  },
  {
    name: "a range of pips above 'its high', mirrored for the sell side",
    say: "Buy when the 10 sma crosses above the 30 sma: enter with a buy stop 1-3 pips above its high. Sell on the opposite.",
    expect: { direction: "both", question: false },
    spec: {
      pendingEntry: {
        order: "stop",
        long: { type: "expression", a: { type: "price", field: "HIGH" }, offset: { value: 2, unit: "pips" } },
        short: {
          type: "expression",
          a: { type: "price", field: "LOW" },
          offset: { value: -2, unit: "pips" },
        },
      },
    },
  },
  {
    name: "a sell stop in the passive, points below the low of that bar",
    say: "Go short when the close crosses below the 100 ema; a sell stop is placed 3 points below the low of that bar. Target 40 pips.",
    expect: { direction: "short", question: false },
    spec: {
      pendingEntry: {
        order: "stop",
        short: {
          type: "expression",
          a: { type: "price", field: "LOW" },
          offset: { value: -3, unit: "points" },
        },
      },
    },
  },
  {
    name: "stops a distance from a day's level, with no signal and no daily placing, stay breakouts",
    say: "Buy stop 5 pips above the previous day high, sell stop 5 pips below the previous day low. Stop 30 pips.",
    expect: { direction: "both", question: false },
    spec: {
      entry: {
        long: {
          all: [
            {
              type: "crossesAbove",
              right: { type: "expression", a: { type: "previousPeriod", field: "HIGH" } },
            },
          ],
        },
      },
    },
    absent: ["pendingEntry"],
  },
  {
    name: "stop orders placed at the open of each day at yesterday's levels: D1, replaced after a bar",
    say: "Every day at the open of the day place a buy stop 10 pips above yesterday's high and a sell stop 10 pips below yesterday's low. Stop loss 40 pips, take profit 80 pips.",
    expect: {
      timeframe: "D1",
      direction: "both",
      stopLoss: "40 pips",
      question: false,
      reply: /once a day at 00:00/,
    },
    spec: {
      closeOnOpposite: false,
      pendingEntry: {
        order: "stop",
        long: { type: "expression", a: { type: "previousPeriod", field: "HIGH" }, offset: { value: 10 } },
        short: { type: "expression", a: { type: "previousPeriod", field: "LOW" }, offset: { value: -10 } },
        expiry: { type: "bars", bars: 1 },
      },
    },
  },
  {
    name: "pending orders set at a clock on an hourly chart, cancelled and replaced the next day",
    say: "H1 chart. Pending orders are set at 07:00 GMT: a buy stop at the highest high of the last 6 bars and a sell stop at the lowest low of the last 6 bars. Orders that were not triggered get deleted and new ones are placed the next day. Stop 20 pips, target 30 pips.",
    expect: { timeframe: "H1", hours: [7, 8], question: false },
    spec: {
      pendingEntry: {
        long: { type: "extreme", side: "highest", bars: 6 },
        short: { type: "extreme", side: "lowest", bars: 6 },
        expiry: { type: "timeOfDay", at: "07:00" },
      },
    },
  },
  {
    name: "a market breakout said to be placed at a time is no standing order",
    say: "Buy when price crosses above the previous day high, sell when it crosses below the previous day low. Stop 30 pips. The order is placed at 10:00.",
    expect: { direction: "both", question: false },
    absent: ["pendingEntry"],
  },
  {
    name: "a margin stated once for yesterday's high and low carries to each side's later break",
    say: "Wait for the price to clear the previous day's high or low by 15 pips. Long: when price breaks yesterday's high, buy. Short: when price breaks yesterday's low, sell. Stop 30 pips.",
    expect: { direction: "both", question: false },
    spec: {
      entry: {
        long: {
          all: [
            {
              type: "crossesAbove",
              right: {
                type: "expression",
                a: { type: "previousPeriod", field: "HIGH" },
                offset: { value: 15 },
              },
            },
          ],
        },
        short: {
          all: [
            {
              type: "crossesBelow",
              right: {
                type: "expression",
                a: { type: "previousPeriod", field: "LOW" },
                offset: { value: -15 },
              },
            },
          ],
        },
      },
    },
  },
  {
    name: "'has broken ... and is rising' with a margin: the rise is the break itself",
    say: "We only act once the market penetrates yesterday's high or low by 20 pips. Buy if price has broken yesterday's high and is climbing. Sell if price has broken yesterday's low and is dropping. Target 60 pips, stop 30 pips.",
    expect: { direction: "both", question: false },
    spec: {
      entry: {
        long: {
          all: [
            { type: "crossesAbove", right: { a: { field: "HIGH" }, offset: { value: 20, unit: "pips" } } },
          ],
        },
      },
    },
  },
  {
    name: "a break of one level by a margin, said as a noun",
    say: "We buy on a break of yesterday's high by 10 pips. Stop 20 pips, target 40 pips.",
    expect: { direction: "long", question: false },
    spec: {
      entry: {
        long: {
          all: [
            { type: "crossesAbove", right: { a: { field: "HIGH" }, offset: { value: 10, unit: "pips" } } },
          ],
        },
      },
    },
  },
  {
    name: "a break with no margin stays a break of the level itself",
    say: "Buy when price breaks yesterday's high; the stop is moved up by 10 pips at a time. Stop 20 pips, target 40 pips.",
    expect: { direction: "long", question: false },
    spec: {
      entry: {
        long: { all: [{ type: "crossesAbove", right: { type: "previousPeriod", field: "HIGH" } }] },
      },
    },
  },
  {
    name: "no new trades after a clock in GMT: entries from the day's start until then",
    say: "Buy when the 5 ema crosses above the 13 ema. Stop 20 pips, target 30 pips. No new trades after 15:00 GMT.",
    expect: { hours: [0, 15], question: false },
    spec: { timeFilter: { hours: { zone: "UTC" } } },
  },
  {
    name: "stop opening trades at a clock with am/pm",
    say: "Buy when the 5 ema crosses above the 13 ema. Stop 20 pips, target 30 pips. Stop opening trades at 4pm.",
    expect: { hours: [0, 16], question: false },
  },
  {
    name: "a start and an end said apart make one window",
    say: "Buy when the 5 ema crosses above the 13 ema. Stop 20 pips, target 30 pips. Only enter after 08:00 and no new trades after 16:00.",
    expect: { hours: [8, 16], question: false },
  },
  {
    name: "'after 3 losses' is no clock",
    say: "Buy when the 5 ema crosses above the 13 ema. Stop 20 pips, target 30 pips. No trades after 3 losses in a row.",
    expect: { hours: null, question: false },
  },
  {
    name: "a spread the entry requires, 'equal or lower than'",
    say: "Buy when the 5 ema crosses above the 13 ema. Stop 20 pips, target 30 pips. The spread must be equal or lower than 2 pips.",
    expect: { question: false },
    spec: { limits: { maxSpread: { value: 2, unit: "pips" } } },
  },
  {
    name: "a spread ceiling in points, 'not more than'",
    say: "Buy when the 5 ema crosses above the 13 ema. Stop 20 pips, target 30 pips. Spread not more than 20 points.",
    expect: { question: false },
    spec: { limits: { maxSpread: { value: 20, unit: "points" } } },
  },
  {
    name: "a spread ceiling under 'only trade when'",
    say: "Buy when the 5 ema crosses above the 13 ema. Stop 20 pips, target 30 pips. Only trade when the spread is below 1.5 pips.",
    expect: { question: false },
    spec: { limits: { maxSpread: { value: 1.5, unit: "pips" } } },
  },
  {
    name: "a spread said to be above a value sets no ceiling",
    say: "Buy when the 5 ema crosses above the 13 ema. Stop 20 pips, target 30 pips. Here the spread is above 3 pips at night.",
    expect: { question: false },
    absent: ["limits"],
  },
  {
    name: "a distance written after the level with '+'",
    say: "Enter long on a break of the previous day high + 5 pips. Stop 20 pips.",
    expect: { direction: "long", question: false },
    spec: {
      entry: {
        long: {
          all: [
            {
              type: "crossesAbove",
              right: { a: { type: "previousPeriod", field: "HIGH" }, offset: { value: 5 } },
            },
          ],
        },
      },
    },
  },
  {
    name: "a distance written after an N-bar level with 'plus'",
    say: "Buy on a break of the highest high of the last 10 bars plus 2 pips. Stop 20 pips.",
    expect: { direction: "long", question: false },
    spec: {
      entry: {
        long: {
          all: [{ right: { a: { type: "extreme", side: "highest", bars: 10 }, offset: { value: 2 } } }],
        },
      },
    },
  },
  {
    name: "a distance below a level with 'minus'",
    say: "Sell when price falls below yesterday's low minus 4 pips. Stop 20 pips.",
    expect: { direction: "short", question: false },
    spec: {
      entry: {
        short: { all: [{ right: { a: { type: "previousPeriod", field: "LOW" }, offset: { value: -4 } } }] },
      },
    },
  },
  {
    name: "a dash after a level that is punctuation adds no distance",
    say: "Buy when price breaks yesterday's high - stop 20 pips, target 40 pips.",
    expect: { direction: "long", stopLoss: "20 pips", question: false },
    spec: { entry: { long: { all: [{ right: { type: "previousPeriod", field: "HIGH" } }] } } },
  },
  {
    name: "a buy stop at the previous day's level with no distance is its breakout",
    say: "Place a buy stop order at the previous day high. Stop 20 pips.",
    expect: { direction: "long", question: false },
    spec: {
      entry: { long: { all: [{ type: "crossesAbove", right: { type: "previousPeriod", field: "HIGH" } }] } },
    },
  },
];
