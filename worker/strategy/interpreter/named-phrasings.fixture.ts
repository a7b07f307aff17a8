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
];
