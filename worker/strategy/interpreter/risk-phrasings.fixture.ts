import type { ExitCase } from "./exit-phrasings.fixture";

// The project's own wordings of stops and targets at a level, scale-out targets and sizing rules (issue 15),
// written here, not taken from any outside corpus. Each family has several variants and one wording that must
// NOT be read that way. Replayed by risk-phrasings.test.ts like exit-phrasings.fixture.ts.

const CROSS = "Buy when the 8 ema crosses above the 34 ema, sell when it crosses below.";
const BANDS =
  "Buy when the close crosses above the lower bollinger band (20, 2), sell when it crosses below the upper band.";

/** `not`: a part the built spec must NOT contain (the reading that must not happen). */
export interface RiskCase extends ExitCase {
  not?: Record<string, unknown>;
}

export const RISK_PHRASINGS: readonly RiskCase[] = [
  // A session range: its high and low broken, the stop at the other side, the target as 1:N.
  {
    name: "range breakout: 'a break of the high', stop 'at the other side of the range', 'target 1:1'",
    say: "Mark the high and low of 06:00-07:00 GMT, buy a break of the high, sell a break of the low, stop at the other side of the range, target 1:1.",
    expect: { direction: "both", question: false },
    spec: {
      entry: {
        long: {
          all: [
            { type: "crossesAbove", right: { type: "timeWindow", from: "06:00", to: "07:00", side: "high" } },
          ],
        },
        short: {
          all: [
            { type: "crossesBelow", right: { type: "timeWindow", from: "06:00", to: "07:00", side: "low" } },
          ],
        },
      },
      exits: {
        stop: {
          long: { type: "timeWindow", side: "low" },
          short: { type: "timeWindow", side: "high" },
        },
        targetR: 1,
      },
    },
  },
  {
    name: "'target 1:2' with a stop in pips is twice the stop; '2:1' is not guessed",
    say: `${CROSS} Stop 20 pips, target 1:2.`,
    expect: { takeProfit: "40 pips", question: false },
  },
  {
    name: "a range defined, but 'the high of the day' is no side of it",
    say: "Note the high and the low between 06:00 and 07:00 GMT. Buy when price crosses above the range high. Stop 20 pips. Close if price breaks the high of the day.",
    expect: { question: false },
    not: { exit: { long: { all: [{ right: { type: "timeWindow", side: "high" } }] } } },
  },
  // A trailing stop at a line: the stop follows the level each bar (exits.trail), mirrored for sells.
  {
    name: "trailing stop at the N-bar low, the sells' at the N-bar high; no exit assumed beside it",
    say: `${CROSS} Trailing stop at the 15-bar low.`,
    expect: { question: false },
    spec: {
      exits: {
        trail: {
          long: { type: "extreme", side: "lowest", bars: 15 },
          short: { type: "extreme", side: "highest", bars: 15 },
        },
      },
    },
  },
  {
    name: "trail the stop below a moving average: no stop loss at the average",
    say: `${CROSS} Trail your stop below the 50 ema.`,
    expect: { question: false },
    spec: {
      exits: {
        trail: {
          long: { type: "indicator", ref: "ema50" },
          short: { type: "indicator", ref: "ema50" },
        },
      },
    },
    not: { exits: { stop: {} } },
  },
  {
    name: "a Donchian channel's opposite side as the trail",
    say: "Buy when the close breaks above the 40 bar high, sell when it breaks below the 40 bar low. Use a trailing stop at the 10-bar Donchian channel on the opposite side.",
    expect: { question: false },
    spec: {
      exits: {
        trail: {
          long: { type: "extreme", side: "lowest", bars: 10 },
          short: { type: "extreme", side: "highest", bars: 10 },
        },
      },
    },
  },
  {
    name: "a trailing distance is no trail at a line",
    say: `${CROSS} Trail the stop by 25 pips.`,
    expect: { question: false },
    spec: { trailingStop: { distance: { unit: "pips", value: 25 } } },
    not: { exits: { trail: {} } },
  },
  // A stop a distance beyond a line, no side named: the words say the buys' side, the sells' is the twin.
  {
    name: "stop a few pips under a moving average, mirrored for sells",
    say: `${CROSS} The protective stop goes 12 pips under the 34 ema.`,
    expect: { stopLoss: null, question: false },
    spec: {
      exits: {
        stop: {
          long: {
            type: "expression",
            a: { type: "indicator", ref: "ema34" },
            offset: { value: -12, unit: "pips" },
          },
          short: {
            type: "expression",
            a: { type: "indicator", ref: "ema34" },
            offset: { value: 12, unit: "pips" },
          },
        },
      },
    },
  },
  {
    name: "stop beyond a band pair given with slashes",
    say: `${BANDS} SL: 6 points below/above the lower/upper band.`,
    expect: { stopLoss: null, question: false },
    spec: {
      exits: {
        stop: {
          long: {
            a: { type: "indicator", ref: "bb20_2", line: "lower" },
            offset: { value: -6, unit: "points" },
          },
          short: {
            a: { type: "indicator", ref: "bb20_2", line: "upper" },
            offset: { value: 6, unit: "points" },
          },
        },
      },
    },
  },
  {
    name: "a sell's stop over a line: the buys get the line's twin below",
    say: `${BANDS} Put the stop loss 4 pips over the upper bollinger band.`,
    expect: { stopLoss: null, question: false },
    spec: {
      exits: {
        stop: {
          long: { a: { line: "lower" }, offset: { value: -4, unit: "pips" } },
          short: { a: { line: "upper" }, offset: { value: 4, unit: "pips" } },
        },
      },
    },
  },
  {
    name: "stop beyond the signal candle's low, read as a candle level both ways",
    say: `${CROSS} Your stop loss sits 3 pips beyond the low of the signal bar.`,
    expect: { stopLoss: null, question: false },
    spec: {
      exits: {
        stop: {
          long: { a: { type: "price", field: "LOW" }, offset: { value: -3, unit: "pips" } },
          short: { a: { type: "price", field: "HIGH" }, offset: { value: 3, unit: "pips" } },
        },
      },
    },
  },
  {
    name: "stop a distance below a previous day's low",
    say: `${CROSS} Stop 10 pips below yesterday's low.`,
    expect: { stopLoss: null, question: false },
    spec: {
      exits: {
        stop: {
          long: { a: { type: "previousPeriod", field: "LOW" }, offset: { value: -10, unit: "pips" } },
          short: { a: { type: "previousPeriod", field: "HIGH" }, offset: { value: 10, unit: "pips" } },
        },
      },
    },
  },
  {
    name: "NOT a level: a stop a distance below the entry price stays a distance",
    say: `${CROSS} Stop loss 25 pips below the entry price.`,
    expect: { stopLoss: "25 pips", question: false },
    not: { exits: { stop: {} } },
  },
  // A target at a line: an exit rule, the buys' close beyond the line, the sells' at its twin.
  {
    name: "target on the middle band",
    say: `${BANDS} Stop loss 20 pips. Take profit at the middle band.`,
    expect: {
      longExit: [],
      question: false,
    },
    spec: {
      exit: {
        long: { any: [{ type: "greaterThan", left: { field: "CLOSE" }, right: { line: "middle" } }] },
        short: { any: [{ type: "lessThan", left: { field: "CLOSE" }, right: { line: "middle" } }] },
      },
    },
  },
  {
    name: "target the opposite band",
    say: `${BANDS} Stop loss 20 pips, target the opposite band.`,
    expect: { question: false },
    spec: {
      exit: {
        long: { any: [{ type: "greaterThan", right: { line: "upper" } }] },
        short: { any: [{ type: "lessThan", right: { line: "lower" } }] },
      },
    },
  },
  {
    name: "profit taken when the price reaches a moving average",
    say: "Buy when RSI(14) crosses above 30. Stop 30 pips. Take profit when price reaches the 200 sma.",
    expect: { direction: "long", question: false },
    spec: { exit: { long: { any: [{ type: "greaterThan", right: { ref: "sma200" } }] } } },
  },
  {
    name: "NOT a target: exiting at a moving average in a trend trade is the rules' reading",
    say: "Buy when the close crosses above the 50 ema. Exit at the 20 ema. Stop loss 40 pips.",
    expect: { question: false, takeProfit: null },
    not: { exit: { long: { any: [{ type: "greaterThan" }] } } },
  },
  // Sizing in proportion to the account, in money at risk, of equity.
  {
    name: "lots per amount of account, the currency after the number",
    say: `${CROSS} Stop 30 pips. Trade 0.2 lots per 5000$ of balance.`,
    expect: { question: false },
    spec: { sizing: { type: "lotsPerEquity", lots: 0.2, per: 5000 } },
  },
  {
    name: "lots for every amount written with thousands",
    say: `${CROSS} Stop 30 pips. Use 0.05 lots for every $2,500.`,
    expect: { question: false },
    spec: { sizing: { type: "lotsPerEquity", lots: 0.05, per: 2500 } },
  },
  {
    name: "lots per amount in k",
    say: `${CROSS} Stop 30 pips. Position size: 1 lot per 20k equity.`,
    expect: { question: false },
    spec: { sizing: { type: "lotsPerEquity", lots: 1, per: 20000 } },
  },
  {
    name: "NOT proportional: lots and an account size apart stay a fixed lot",
    say: `${CROSS} Stop 30 pips. I trade 0.3 lots on a $3000 account.`,
    expect: { sizing: "0.3 lots", question: false },
  },
  {
    name: "money at risk per trade",
    say: `${CROSS} Stop 25 pips. Risking 75 usd per trade.`,
    expect: { question: false },
    spec: { sizing: { type: "riskMoney", amount: 75 } },
  },
  {
    name: "money at risk with the sign first",
    say: `${CROSS} Stop 25 pips. Risk $40 on each trade.`,
    expect: { question: false },
    spec: { sizing: { type: "riskMoney", amount: 40 } },
  },
  {
    name: "a percent of equity",
    say: `${CROSS} Stop 25 pips. Risk 1.5% of equity per trade.`,
    expect: { question: false },
    spec: { sizing: { type: "riskPercent", percent: 1.5, of: "equity" } },
  },
  {
    name: "risk sizing measured from a structural stop",
    say: `${CROSS} The stop goes 5 pips below the low of the signal candle. Risk 2% per trade.`,
    expect: { sizing: "2% risk", question: false },
  },
  // Scale-out targets: numbered targets each closing a part; a runner, or the last target as the take profit.
  {
    name: "three numbered targets: two parts scaled out, the last target closes the rest",
    say: `${CROSS} Stop 30 pips. TP1 = 15 pips, TP2 = 35 pips, TP3 = 60 pips.`,
    expect: { takeProfit: "60 pips", question: false },
    spec: {
      exits: {
        scaleOut: [
          { unit: "pips", distance: 15, percent: 33.33 },
          { unit: "pips", distance: 35, percent: 50 },
        ],
      },
    },
  },
  {
    name: "ordinal targets with a runner left open",
    say: `${CROSS} Stop 30 pips. My first target is 25 pips and the second target 50 pips; I leave the last part running.`,
    expect: { takeProfit: null, question: false },
    spec: {
      exits: {
        scaleOut: [
          { unit: "pips", distance: 25, percent: 33.33 },
          { unit: "pips", distance: 50, percent: 50 },
        ],
      },
    },
  },
  {
    name: "two numbered targets in points",
    say: `${CROSS} Stop 300 points. Target 1 at 200 points, target 2 at 450 points.`,
    expect: { takeProfit: "450 points", question: false },
    spec: { exits: { scaleOut: [{ unit: "points", distance: 200, percent: 50 }] } },
  },
  {
    name: "NOT a scale-out: one target and a stop stay a plain take profit",
    say: `${CROSS} First stop loss 20 pips, take profit 40 pips.`,
    expect: { takeProfit: "40 pips", stopLoss: "20 pips", question: false },
    not: { exits: {} },
  },
  {
    name: "'ATR(20) multiplied by 2': the multiple written after the ATR",
    say: `${CROSS} Stop loss is ATR(20) multiplied by 2, take profit is ATR(20) multiplied by 4.`,
    expect: { stopLoss: "2 atr20", takeProfit: "4 atr20", question: false },
  },
  {
    name: "'the ATR times 1.5', 'ATR 14 x 3': a multiple after an ATR with or without brackets",
    say: `${CROSS} Stop = the ATR times 1.5, target = ATR 14 x 3.`,
    expect: { stopLoss: "1.5 atr14", takeProfit: "3 atr14", question: false },
  },
  {
    name: "'SL = ATR*2': a star after the ATR",
    say: `${CROSS} SL = ATR*2.`,
    expect: { stopLoss: "2 atr14", question: false },
  },
  {
    name: "NOT an ATR multiple: lots multiplied by 2 leave the stop in pips",
    say: `${CROSS} Stop 20 pips. Lots multiplied by 2 after a loss is not something I use.`,
    expect: { stopLoss: "20 pips", question: false },
  },
  {
    name: "'trailing stop 30 pips with step 5 pips': the stop moves by at least the step",
    say: `${CROSS} Stop 20 pips. Trailing stop 30 pips with step 5 pips.`,
    expect: { question: false },
    spec: { trailingStop: { distance: { unit: "pips", value: 30 }, step: { unit: "pips", value: 5 } } },
  },
  {
    name: "'trailing step 10 pips' after the trailing distance",
    say: `${CROSS} Stop 20 pips. Trailing stop 40 pips, trailing step 10 pips.`,
    expect: { question: false },
    spec: { trailingStop: { distance: { unit: "pips", value: 40 }, step: { unit: "pips", value: 10 } } },
  },
  {
    name: "'trail the stop by 30 pips in steps of 5 pips'",
    say: `${CROSS} Stop 20 pips. Trail the stop by 30 pips in steps of 5 pips.`,
    expect: { question: false },
    spec: { trailingStop: { distance: { unit: "pips", value: 30 }, step: { unit: "pips", value: 5 } } },
  },
  {
    name: "NOT a trailing step: a step with no trailing stop sets none",
    say: `${CROSS} Stop 20 pips. Step 5 pips.`,
    expect: { stopLoss: "20 pips", question: false },
    not: { trailingStop: {} },
  },
  {
    name: "'once in profit by 40 pips move the stop to entry + 5 pips': break-even locking 5 pips",
    say: `${CROSS} SL 50 pips. Once in profit by 40 pips move the stop to entry + 5 pips.`,
    expect: { breakEven: "40 pips +5 pips", question: false },
  },
  {
    name: "'at +40 pips move SL to entry plus 5 pips'",
    say: `${CROSS} SL 50 pips. At +40 pips move SL to entry plus 5 pips.`,
    expect: { breakEven: "40 pips +5 pips", question: false },
  },
  {
    name: "'after 40 pips profit, move the stop to break-even +5': the lock in the trigger's unit",
    say: `${CROSS} SL 50 pips. After 40 pips profit, move the stop to break-even +5.`,
    expect: { breakEven: "40 pips +5 pips", question: false },
  },
  {
    name: "NOT a lock: a plain move to break-even, and a 'lock' beyond the trigger, keep the entry price",
    say: `${CROSS} SL 50 pips. After 40 pips profit, move the stop to breakeven + 50 pips.`,
    expect: { breakEven: "40 pips", question: false },
  },
];
