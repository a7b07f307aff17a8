// Rewrites of how traders name a price construct or an indicator's setting into the forms the level and clause
// grammars read (issue 15; README of the corpus: a channel of N-bar highs and lows is a price rule, not a reason
// to ask). Applied by normalize.ts on lower-cased text, before the level rewrites of levels.ts.
//
//   - "the sma indicator (5)", "two ema lines (10)": the setting in brackets belongs to the named indicator.
//   - "breaks the 55 bar channel (above for longs, below for shorts)": one phrase for both sides.
//   - "above the previous 55 bar donchian channel": the channel's upper line is the N-bar high, its lower line
//     the N-bar low; "the upper/lower donchian channel (20)" the same.

type Rewrite = readonly [RegExp, string];

const SIDE_LONG = "(?:longs?|buys?|long\\s+trades|buying)";
const SIDE_SHORT = "(?:shorts?|sells?|short\\s+trades|selling)";
const CHANNEL = "(?:channel|band|bands|line|lines|range)";

export const CONSTRUCT_REWRITES: ReadonlyArray<Rewrite> = [
  [
    /\b(sma|ema|smma|lwma|ma|rsi|cci|adx|atr|momentum)\s+(?:indicators?|lines?)\s*\(\s*(\d+)\s*\)/g,
    "$1 ($2)",
  ],
  // One verb, two sides in brackets: "X breaks Y (above for longs, below for shorts)".
  [
    new RegExp(
      `\\b([a-z]+)\\s+(breaks|crosses|closes|moves)\\s+(?:through\\s+|out\\s+of\\s+)?([^().;,]{3,80}?)\\s*\\(\\s*(above|over|up)\\s+for\\s+${SIDE_LONG}\\s*[,;/]\\s*(?:and\\s+)?(below|under|down)\\s+for\\s+${SIDE_SHORT}\\s*\\)`,
      "g",
    ),
    "buy when $1 $2 $4 $3, sell when $1 $2 $5 $3",
  ],
  // "close breaks above ...": the closing price as the subject of a breakout, not an order to close.
  [/(?<!\bthe\s)\bclose\s+(breaks|broke|moves|pierces|penetrates|clears)\b/g, "the close $1"],
  // Donchian lines as the N-bar extremes they are.
  [
    new RegExp(
      `\\b(above|over|below|under)\\s+(?:the\\s+)?((?:previous|prior|last|past)\\s+)?(\\d+)\\s+(bar|day|period|candle|week)s?\\s+donchian(?:\\s+${CHANNEL})?`,
      "g",
    ),
    "$1 the $2$3 $4 donchian_side",
  ],
  [
    /\b(above|over)\s+(the\s+(?:previous\s+|prior\s+|last\s+|past\s+)?\d+\s+(?:bar|day|period|candle|week)) donchian_side/g,
    "$1 $2 high",
  ],
  [
    /\b(below|under)\s+(the\s+(?:previous\s+|prior\s+|last\s+|past\s+)?\d+\s+(?:bar|day|period|candle|week)) donchian_side/g,
    "$1 $2 low",
  ],
  [
    new RegExp(
      `\\b(?:the\\s+)?(upper|lower|top|bottom)\\s+donchian(?:\\s+${CHANNEL})?\\s*\\(\\s*(\\d+)\\s*\\)`,
      "g",
    ),
    "the $2 bar $1_donchian",
  ],
  [/\b(\d+) bar (?:upper|top)_donchian\b/g, "$1 bar high"],
  [/\b(\d+) bar (?:lower|bottom)_donchian\b/g, "$1 bar low"],
];

export function rewriteConstructs(text: string): string {
  let out = text;
  for (const [re, to] of CONSTRUCT_REWRITES) out = out.replace(re, to);
  return out;
}
