import type { CorpusCase } from "./corpus.fixture";

// The project's own trader phrasings (written here, not taken from any outside corpus) for four families of
// issue 15: a breakout of an N-bar channel, a condition defined in words and then used by its name, a sequence
// whose steps sit in separate sentences or bullets, and settings given as an inputs list whose names the rules
// use. Each family has a case that must not be read that way. Replayed by named-phrasings.test.ts.
export const NAMED_PHRASINGS: readonly CorpusCase[] = [
  // ——— A break of an N-bar channel: the close beyond the channel as it stood before the bar ———
  {
    name: "'breaks above the 30 bar high', 'breaks above the previous 40 bar donchian channel', 'pierces the 10-bar low': close beyond it",
    turns: [
      {
        say: "Timeframe H4. Buy when the close breaks above the highest high of the last 30 bars. Stop 50 pips.",
        expect: { long: ["close > highest(30)[1]"], question: false },
      },
      {
        say: "H1 chart. Go long when price breaks above the previous 40 bar donchian channel, short when price breaks below the previous 40 bar donchian channel. Stop 40 pips.",
        expect: { long: ["close > highest(40)[1]"], short: ["close < lowest(40)[1]"], question: false },
      },
      {
        say: "H1 chart. Sell when the close pierces the 10 bar low. Stop 25 pips.",
        expect: { short: ["close < lowest(10)[1]"], question: false },
      },
    ],
  },
  {
    name: "a break of a moving average or a band stays the event of crossing it",
    turns: [
      {
        say: "H1 chart. Buy when the close breaks above the 50 ema. Stop 25 pips.",
        expect: { long: ["close xa ema50"], question: false },
      },
    ],
  },
  // ——— Settings from an inputs list bound to the names the rules use; a smoothed ATR ———
  {
    name: "'rsiLen (7)', 'atrPeriod (21)', 'atrLength (30)' set the length of every RSI/ATR the rules name without one",
    turns: [
      {
        say: "H1 chart. Buy when RSI crosses above 30, sell when RSI crosses below 70. Stop = ATR x slMult. Inputs: rsiLen (7), atrPeriod (21), slMult (1.5).",
        expect: { long: ["rsi7 xa 30"], short: ["rsi7 xb 70"], stopLoss: "1.5 atr21", question: false },
      },
      {
        say: "H4 chart. Long when the close crosses above the 100 ema. Initial stop: ATR(len) x stopMult. Parameters: atrLength = 30, stopMult = 3",
        expect: { long: ["close xa ema100"], stopLoss: "3 atr30", question: false },
      },
    ],
  },
  {
    name: "a smoothed ATR: 'the ATR(14) smoothed by a 5 period EMA', 'atrSmoothing (8)' with 'ATR is smoothed'",
    turns: [
      {
        say: "H1 chart. Buy when the close crosses above the 20 sma. Stop loss 2 x the ATR(14) smoothed by a 5 period EMA.",
        expect: { stopLoss: "2 ema5_atr14", indicators: ["sma20", "atr14", "ema5_atr14"], question: false },
      },
      {
        say: "H4 chart. Buy when the close crosses above the 100 ema. Initial stop = ATR(len) x stopMult (ATR is smoothed). Inputs atrLength (30), atrSmoothing (8), stopMult (3).",
        expect: { stopLoss: "3 sma8_atr30", indicators: ["ema100", "atr30", "sma8_atr30"], question: false },
      },
      {
        say: "D1 chart. Sell when the close crosses below the 50 ema. Stop at 1.5 times ATR(10) smoothed with a 4 sma.",
        expect: { stopLoss: "1.5 sma4_atr10", question: false },
      },
    ],
  },
  {
    name: "not a length or a smoothing: 'atrMult (2.5)' multiplies, and 'the ATR is smoothed' with no length is the plain ATR",
    turns: [
      {
        say: "H1 chart. Buy when the close crosses above the 20 sma. Stop = ATR x atrMult. Inputs: atrMult (2.5).",
        expect: { stopLoss: "2.5 atr14", question: false },
      },
      {
        say: "H1 chart. Buy when the close crosses above the 20 sma. Stop 2 x ATR(14), the ATR is smoothed.",
        expect: { stopLoss: "2 atr14", indicators: ["sma20", "atr14"], question: false },
      },
    ],
  },
  // ——— A sequence whose steps sit in separate sentences, bullets or "[...]" cuts: the last step is the trigger ———
  {
    name: "a setup, a signal in its own sentence, then 'wait for' / 'after that' / 'once that happens' the trigger",
    turns: [
      {
        say: "H1 chart. Buy setup: the 20 ema is above the 50 ema. Signal: RSI drops below 30. Then wait for a bullish candle to enter. Stop 20 pips.",
        expect: { long: ["within 10 (ema20 > ema50 & rsi14 xb 30)", "close > open"], question: false },
      },
      {
        say: "H1 chart. Long entry:\n- 10 sma above 30 sma\n- CCI falls below -100\n- after that, enter when CCI crosses back above -100\nStop 30 pips",
        expect: { long: ["within 10 (sma10 > sma30 & cci14 xb -100)", "cci14 xa -100"], question: false },
      },
      {
        say: "H4 chart. Sell when the 9 ema is below the 21 ema [...] Stochastic rises above 80. [...] Once that happens, we sell on the first bearish candle. Stop 25 pips.",
        expect: { short: ["within 10 (ema9 < ema21 & stoch5_3_3 xa 80)", "close < open"], question: false },
      },
      {
        say: "H1 chart. Buy when RSI crosses below 30. We wait until the close is above the 20 ema to enter. Stop 20 pips",
        expect: { long: ["within 10 (rsi14 xb 30)", "close > ema20"], question: false },
      },
    ],
  },
  {
    name: "two sentences of one side with no step word are one bar's conditions",
    turns: [
      {
        say: "H1 chart. Buy when the 20 ema is above the 50 ema. Buy when RSI crosses above 50. Stop 20 pips.",
        expect: { long: ["ema20 > ema50", "rsi14 xa 50"], question: false },
      },
    ],
  },
  // ——— A condition defined in words and then used by its name ———
  {
    name: "'we have bullish momentum' / 'we call it an uptrend when' / 'a bearish setup means': the name stands for its conditions",
    turns: [
      {
        say: "H1 chart. If the close is higher than 10 bars ago and higher than the previous candle, we have bullish momentum. If the close is lower than 10 bars ago and lower than the previous candle, we have bearish momentum. Buy when momentum turns bullish, sell when it turns bearish. Stop 30 pips.",
        expect: {
          long: ["close > close[10]", "close > close[1]"],
          short: ["close < close[10]", "close < close[1]"],
          indicators: [],
          question: false,
        },
      },
      {
        say: "H4 chart. We call it an uptrend when the 20 ema is above the 50 ema and the close is above the 20 ema. Buy when the uptrend starts. Stop 40 pips.",
        expect: { long: ["ema20 > ema50", "close > ema20"], question: false },
      },
      {
        say: "H1 chart. A bearish setup means RSI is above 70 and the close is below the 10 ema. Sell once we have a bearish setup. Take profit 50 pips, stop 25 pips.",
        expect: { short: ["rsi14 > 70", "close < ema10"], question: false },
      },
      {
        say: "D1 chart. When price is higher than it was n bars ago and the close is above the 50 sma, we have upward drift. Go long when upward drift appears. Stop 2%.",
        expect: { long: ["mom14 > 100", "close > sma50"], reply: /used 14 bars/, question: false },
      },
    ],
  },
  {
    name: "a heading that names a state ('Uptrend: A and B ... buy when the uptrend starts') is its definition",
    turns: [
      {
        say: "H4 chart. Uptrend: the 20 ema is above the 50 ema and the close is above the 20 ema. Downtrend: the 20 ema is below the 50 ema and the close is below the 20 ema. Buy when the uptrend starts, sell when the downtrend starts. Stop 40 pips.",
        expect: {
          long: ["ema20 > ema50", "close > ema20"],
          short: ["ema20 < ema50", "close < ema20"],
          question: false,
        },
      },
      {
        // A heading that names a rule's part is no definition.
        say: "H1 chart. Buy signal: RSI falls below 30. Stop 20 pips.",
        expect: { long: ["rsi14 xb 30"], question: false },
      },
    ],
  },
  {
    name: "no definition: 'momentum crosses above 0' stays the indicator (MT5's Momentum centres on 100, so zero is its 100 line), and a name never used again changes nothing",
    turns: [
      {
        say: "H1 chart. Buy when momentum crosses above 0 and the close is above the 20 ema. Stop 30 pips.",
        expect: { long: ["mom14 xa 100", "close > ema20"], question: false },
      },
      {
        say: "H4. Go long when Momentum(10) turns positive and go short when it turns negative. Stop 40 pips.",
        expect: { long: ["mom10 xa 100"], short: ["mom10 xb 100"], question: false },
      },
      {
        say: "H4. Go long when the MACD histogram turns positive. Stop 40 pips.",
        expect: { long: ["macd12_26_9.histogram xa 0"], question: false },
      },
      {
        say: "H1 chart. If RSI is below 30 we have a buy signal. Stop 20 pips",
        expect: { long: ["rsi14 < 30"], question: false },
      },
    ],
  },
  {
    name: "'once A, buy on the next bullish candle', 'once A, the next candle that closes above X is our buy': A first, then the trigger",
    turns: [
      {
        say: "H1 chart. Once RSI drops below 30, buy on the next bullish candle. Stop 20 pips.",
        expect: { long: ["within 10 (rsi14 xb 30)", "close > open"], question: false },
      },
      {
        say: "H1 chart. Once the 10 ema is above the 30 ema and stochastic falls below 20, the next candle that closes above the 10 ema is our buy. Stop 20 pips.",
        expect: { long: ["within 10 (ema10 > ema30 & stoch5_3_3 xb 20)", "close xa ema10"], question: false },
      },
      {
        say: "H4 chart. Once CCI rises above 100, sell on the next bearish bar. Stop 30 pips.",
        expect: { short: ["within 10 (cci14 xa 100)", "close < open"], question: false },
      },
    ],
  },
  {
    name: "'buy at the next open when A' is when the order goes, not a step",
    turns: [
      {
        say: "H1 chart. Buy at the next open when the 5 sma crosses above the 20 sma. Stop 20 pips.",
        expect: { long: ["sma5 xa sma20"], question: false },
      },
    ],
  },
];
