import type { Expect } from "./corpus.fixture";

// The project's own wordings of the exit and risk side (issue 15), written here, not taken from any outside
// corpus: time exits in the passive, break-even said loosely or as a locked profit, targets as a multiple of
// the stop, stops and sizes given in a parameter table, "points" meant as pips. Replayed by
// exit-phrasings.test.ts: `expect` as in corpus.fixture.ts, `spec` a part the built spec must contain.
export interface ExitCase {
  name: string;
  say: string;
  expect: Expect;
  spec?: Record<string, unknown>;
}

export const EXIT_PHRASINGS: readonly ExitCase[] = [
  {
    name: "'exit at the middle band' after a buy at the lower band: the price going back up to it",
    say: "Buy when RSI(14) is below 30 and price touches the lower Bollinger band. Exit at the middle band. Stop loss 20 pips.",
    expect: { longExit: ["close xa bb20_2"], question: false },
  },
  {
    name: "'exit at the middle band' after a buy above the upper band: the price falling back to it",
    say: "Buy when the close crosses above the upper bollinger band. Exit at the middle band. Stop 20 pips.",
    expect: { longExit: ["close xb bb20_2"], question: false },
  },
  {
    name: "a closing time in the passive, with the zone before the clock and 'noon'",
    say: "Buy when the 10 ema crosses above the 20 ema, sell on the opposite. All positions are shut at GMT 12 noon.",
    expect: { direction: "both", question: false },
    spec: { exits: { closeAt: { time: "12:00" } } },
  },
  {
    name: "a closing time on a weekday, passive",
    say: "Go long when RSI(14) crosses above 30. Stop loss 40 pips. Open trades get closed by 9pm on friday.",
    expect: { stopLoss: "40 pips", question: false },
    spec: { exits: { closeAt: { time: "21:00", weekdays: [5] } } },
  },
  {
    name: "a time exit closes winners: no exit is assumed beside it",
    say: "Buy when the 5 sma crosses above the 15 sma. Stop 25 pips. All trades are closed at 20:00.",
    expect: { longExit: null, question: false },
    spec: { exits: { closeAt: { time: "20:00" } } },
  },
  {
    name: "break-even with words between the word and its trigger",
    say: "Buy when the 9 ema crosses above the 21 ema. Stop loss 35 pips. Then we shift the stop loss to break even level after 25 pips of gain.",
    expect: { stopLoss: "35 pips", breakEven: "25 pips", question: false },
  },
  {
    name: "break-even after a conditional clause that gives the profit first",
    say: "Sell when RSI(14) crosses below 70, stop 30 pips. If the market has moved quickly your way and the trade shows a profit of 15 pips or more, we bring the stop to breakeven.",
    expect: { stopLoss: "30 pips", breakEven: "15 pips", question: false },
  },
  {
    name: "a locked profit said as an exit is a break-even with an offset",
    say: "Buy when the 8 ema crosses above the 34 ema. SL 30. Once we have 20 pips in profit and price pulls back to 8 pips in profit, we close the trade.",
    expect: { breakEven: "20 pips +8 pips", question: false },
  },
  {
    name: "a target as a multiple of the stop in shorthand",
    say: "Buy when the 20 ema crosses above the 50 ema, sell when it crosses below. SL=25 pips, TP=3SL.",
    expect: { stopLoss: "25 pips", takeProfit: "75 pips", question: false },
  },
  {
    name: "an exit that is only a distance is a target",
    say: "Long entry: RSI(14) crosses above 30. Long exit: +60 pips. Stop loss 30 pips.",
    expect: { takeProfit: "60 pips", stopLoss: "30 pips", question: false },
  },
  {
    name: "an exit by a distance against the trade is not a target",
    say: "Buy when the 10 ema crosses above the 30 ema. Exit when price moves 20 pips against the trade. Take profit 50 pips.",
    expect: { takeProfit: "50 pips" },
  },
  {
    name: "losses limited at the low or the high of the previous candlestick, one phrase for both sides",
    say: "Buy when the 10 ema crosses above the 30 ema, sell when it crosses below. The stop is placed at the low (for buys) or high (for sells) of the previous candlestick. Take profit 40 pips.",
    expect: { direction: "both", question: false },
    spec: {
      exits: {
        stop: {
          long: { type: "price", field: "LOW", shift: 0 },
          short: { type: "price", field: "HIGH", shift: 0 },
        },
      },
    },
  },
  {
    name: "points beside pips of the same size are 4-digit pips",
    say: "Sell when the 5 ema crosses below the 20 ema. Stop loss 12 points, take profit 30 pips.",
    expect: { stopLoss: "12 pips", takeProfit: "30 pips", question: false },
  },
  {
    name: "points ten times the pips are MetaTrader points",
    say: "Sell when the 5 ema crosses below the 20 ema. Stop loss 150 points, take profit 50 pips.",
    expect: { stopLoss: "150 points", takeProfit: "50 pips", question: false },
  },
  {
    name: "a trailing stop whose start is said first",
    say: "Buy when RSI(14) crosses above 50. Stop 30 pips. After getting a profit of 15 pips a trailing stop of 10 pips is set.",
    expect: { trailing: "10 pips from 15 pips", question: false },
  },
  {
    name: "a trailing stop after a profit, in the imperative",
    say: "Buy when RSI(14) crosses above 50. Stop 30 pips. Once 25 pips in profit, trail the stop by 12 pips.",
    expect: { trailing: "12 pips from 25 pips", question: false },
  },
  {
    name: "a stop and a risk given by the names of inputs listed at the end",
    say: "Buy when the close crosses above the 50 sma, sell when it crosses below. Stop loss = ATR(14) x slMult. Each trade risks riskPercent% of the balance. Settings: slMult (2.5), riskPercent (1.0).",
    expect: { stopLoss: "2.5 atr14", sizing: "1% risk", question: false },
  },
  {
    name: "stop, target and lots from a settings table",
    say: "Buy when RSI(14) crosses above 30, sell when it crosses below 70. LotSize 0.05 | StopLossPips 35 | TakeProfitPips 70",
    expect: { stopLoss: "35 pips", takeProfit: "70 pips", sizing: "0.05 lots", question: false },
  },
  {
    name: "a session range written as a rules table: the window forms the range, it is no trading-hours filter",
    say: "Asian box (01:00 - 06:00 GMT): the EA records the highest high and lowest low of those hours. Long | Price > Box High + Offset | Open BUY | Short | Price < Box Low - Offset | Open SELL. Lots 0.02 | StopLossPips 30 | TakeProfitPips 60 | EntryOffset 3 | MaxDailyTrades 1",
    expect: {
      direction: "both",
      stopLoss: "30 pips",
      takeProfit: "60 pips",
      sizing: "0.02 lots",
      hours: null,
      question: false,
    },
    spec: {
      limits: { maxTradesPerDay: 1 },
      entry: {
        long: {
          all: [
            {
              type: "greaterThan",
              right: {
                type: "expression",
                a: { type: "timeWindow", from: "01:00", to: "06:00", side: "high" },
                offset: { value: 3, unit: "pips" },
              },
            },
          ],
        },
        short: {
          all: [
            {
              type: "lessThan",
              right: {
                type: "expression",
                a: { type: "timeWindow", from: "01:00", to: "06:00", side: "low" },
                offset: { value: -3, unit: "pips" },
              },
            },
          ],
        },
      },
    },
  },
  {
    name: "a session range with a bare level under the entry label and the same rules for shorts",
    say: "EUR/USD. Mark the high and low from 2am to 7am GMT. Long entry: high + 10 pips. Stop loss: -30 pips. Close all trades at 16:00 GMT. Same rules for short trades.",
    expect: { direction: "both", stopLoss: "30 pips", hours: null, question: false },
    spec: {
      exits: { closeAt: { time: "16:00" } },
      entry: {
        long: {
          all: [
            {
              type: "crossesAbove",
              right: {
                type: "expression",
                a: { type: "timeWindow", from: "02:00", to: "07:00", side: "high" },
                offset: { value: 10, unit: "pips" },
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
                a: { type: "timeWindow", from: "02:00", to: "07:00", side: "low" },
                offset: { value: -10, unit: "pips" },
              },
            },
          ],
        },
      },
    },
  },
  {
    name: "the difference of two averages against a threshold, with its own exit per side, no question",
    say: "The system uses two averages: EMA3Typical and EMA30. It buys when (EMA3Typical - EMA30) > 0.0010 It closes the long trade when (EMA3Typical - EMA30) < 0 It sells when (EMA3Typical - EMA30) < -0.0010 It closes the short trade when (EMA3Typical - EMA30) > 0",
    expect: { direction: "both", indicators: ["ema3_typical", "ema30"], question: false },
    spec: {
      entry: {
        long: {
          all: [
            {
              type: "greaterThan",
              left: { type: "expression", a: { ref: "ema3_typical" }, k: -1, b: { ref: "ema30" } },
              right: { type: "constant", value: 0.001 },
            },
          ],
        },
        short: { all: [{ type: "lessThan", right: { type: "constant", value: -0.001 } }] },
      },
      exit: {
        long: { all: [{ type: "lessThan", right: { type: "constant", value: 0 } }] },
        short: { all: [{ type: "greaterThan", right: { type: "constant", value: 0 } }] },
      },
    },
  },
  {
    name: "a difference said with 'minus' mirrors to the negative level for sells",
    say: "Go long when the 10 sma minus the 30 sma is above 0.0020, and the opposite for shorts. Stop loss 25 pips.",
    expect: { direction: "both", question: false },
    spec: {
      entry: {
        long: {
          all: [{ type: "greaterThan", left: { type: "expression", k: -1 }, right: { value: 0.002 } }],
        },
        short: { all: [{ type: "lessThan", left: { type: "expression", k: -1 }, right: { value: -0.002 } }] },
      },
    },
  },
  {
    name: "a take-profit label followed by a condition is the exit rule, not an entry filter",
    say: "Buy when the 20 ema is above the 50 ema and RSI(14) crosses above 40. Stop loss 25 pips. Take profit: RSI rises above 75.",
    expect: { long: ["ema20 > ema50", "rsi14 xa 40"], takeProfit: null, question: false },
    spec: { exit: { long: { all: [{ type: "crossesAbove", right: { type: "constant", value: 75 } }] } } },
  },
];
