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
];
