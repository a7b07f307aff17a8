import type { RiskCase } from "./risk-phrasings.fixture";

// The project's own wordings (issue 15, not taken from any outside corpus) of risk management counted in
// multiples of the stop (stop-multiples.ts) and of the close at the end of the day (day-end.ts). Each family
// has several variants and one wording that must NOT be read that way. Replayed by stop-multiples.test.ts.

const CROSS = "Buy when the 9 ema crosses above the 21 ema, sell when it crosses below.";

export const STOP_MULTIPLE_PHRASINGS: readonly RiskCase[] = [
  // Break-even once the profit is N x the stop, locking M x the stop.
  {
    name: "break-even at 2R locking 1R, in the stop's pips",
    say: `${CROSS} Stop loss 20 pips. When the trade is 2R in profit, move the stop to breakeven plus 1R.`,
    expect: { stopLoss: "20 pips", breakEven: "40 pips +20 pips", question: false },
  },
  {
    name: "break-even in shorthand ('be=1sl') once the profit hits 3 x the stop, an ATR stop",
    say: `${CROSS} SL = 1.5 ATR. Once profit hits 3 x stop loss, the order goes to BE=1SL.`,
    expect: { stopLoss: "1.5 atr14", breakEven: "4.5 atr14 +1.5 atr14", question: false },
  },
  {
    name: "'at 2r we lock in 1r' is a break-even with a locked profit",
    say: `${CROSS} Stop 30 pips. At 2r we lock in 1r.`,
    expect: { breakEven: "60 pips +30 pips", question: false },
  },
  {
    name: "'up twice the risk' without a lock moves the stop to the entry",
    say: `${CROSS} Stop 25 pips. Once the position is up twice the risk, move the stop to breakeven.`,
    expect: { breakEven: "50 pips", question: false },
  },
  {
    name: "a break-even trigger in pips beside a target in R is not a break-even in R",
    say: `${CROSS} Stop 20 pips, take profit 2 x stop loss. Move the stop to breakeven after 15 pips.`,
    expect: { takeProfit: "40 pips", breakEven: "15 pips", question: false },
  },
  // A trailing stop stepping by N x the stop.
  {
    name: "'trailing stop in steps of 1r' trails at the stop distance, stepping by it",
    say: `${CROSS} Stop loss 25 pips, trailing stop in steps of 1r.`,
    expect: { trailing: "25 pips", question: false },
    spec: { trailingStop: { step: { unit: "pips", value: 25 } } },
  },
  {
    name: "'ts with step 1 sl' with an ATR stop",
    say: `${CROSS} SL = 1 ATR. TS with step 1 SL.`,
    expect: { trailing: "1 atr14", question: false },
    spec: { trailingStop: { step: { unit: "atr", multiple: 1 } } },
  },
  {
    name: "a trailing distance and a step both in R",
    say: `${CROSS} Stop 20 pips. Trail the stop by 2 x risk, stepping 0.5 r.`,
    expect: { trailing: "40 pips", question: false },
    spec: { trailingStop: { step: { unit: "pips", value: 10 } } },
  },
  {
    name: "a target in R next to a trailing stop in pips is no trailing step",
    say: `${CROSS} Stop 30 pips, trailing stop of 30 pips, take profit = 3sl.`,
    expect: { trailing: "30 pips", takeProfit: "90 pips", question: false },
    not: { trailingStop: { step: {} } },
  },
  // The close at the end of the day: the chart's last bar of the day.
  {
    name: "'at the end of the day all positions are closed whatever the result' on H1",
    say: `H1 chart. ${CROSS} Stop 30 pips. At the end of the day all positions are closed whatever the result.`,
    expect: { timeframe: "H1", question: false },
    spec: { exits: { closeAt: { time: "23:00" } } },
  },
  {
    name: "'close every trade at the end of the trading day' on M15",
    say: `15 minute chart. ${CROSS} Stop 10 pips. Close every trade at the end of the trading day.`,
    expect: { timeframe: "M15", question: false },
    spec: { exits: { closeAt: { time: "23:45" } } },
  },
  {
    name: "'no positions held overnight' on H4",
    say: `4 hour chart. ${CROSS} Stop 50 pips. No positions held overnight.`,
    expect: { timeframe: "H4", question: false },
    spec: { exits: { closeAt: { time: "20:00" } } },
  },
  {
    name: "'exit by day's end regardless of profit or loss'",
    say: `H1. ${CROSS} Exit by day's end regardless of profit or loss.`,
    expect: { question: false },
    spec: { exits: { closeAt: { time: "23:00" } } },
  },
  {
    name: "a candle closing above a line at the end of the day is an entry, no time exit",
    say: "H1. Buy when the candle closes above the 50 ema at the end of the day. Stop 30 pips.",
    expect: { question: false },
    not: { exits: { closeAt: {} } },
  },
];
