import { rewritePatternWords } from "./candle-patterns";

// Condition wordings read as the clause grammar's verbs (issue 15). Normalised text.

const REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  // "once A, buy on the next bullish candle", "once A, the next candle that closes above the ema is our buy": A
  // first, then the trigger on a later bar (a sequence, sequence.ts); "buy at the next open" is only when the
  // order goes and stays as it is.
  [
    /\bonce\s+([^.;\n]+?),\s*(buy|sell|go\s+long|go\s+short|enter)\s+(?:on|at|with)\s+the\s+next\s+(?!open\b|(?:candle|bar)(?:'s)?\s+open\b)/g,
    "$1, then $2 when the next ",
  ],
  [
    /\bonce\s+([^.;\n]+?),\s*the\s+next\s+(candle|bar)\s+(?:that\s+|which\s+)?([^.;\n]+?)\s+is\s+(?:our|the|a|your)\s+(buy|sell)(?:\s+(?:signal|trigger|entry))?\b/g,
    "$1, then $4 when the next $2 $3",
  ],
  // "the 14 ema is trending above the 31 ema", "price keeps trading below the band", "rsi stays above 50": a
  // state, said with a verb of staying; the comparison alone is what a rule can hold.
  [
    /\b(is|are)\s+(?:(?:still|now|currently|clearly)\s+)?(?:trending|trading|moving|running|staying|sitting|holding|remaining|positioned|located|placed)\s+(above|below|under|over|beneath)\b/g,
    "$1 $2",
  ],
  [/\b(?:keeps?|continues?)\s+(?:trending|trading|moving|staying)\s+(above|below|under|over)\b/g, "is $1"],
  // Without "is" ("EMA 14 trending above EMA 31", "price trading below the band"); "moving above" alone may
  // be a cross, so it is left to the grammar.
  [/\b(?:trending|trading|staying|sitting|holding|remaining)\s+(above|below|under|over)\b/g, "is $1"],
  // "the first bullish candle", "a bearish bar closes", "a strong bullish candlestick forms": v2's bullish
  // candle is the bar closing above its open (spec-price.ts), said here as that comparison.
  [
    /\b(?:(?:the|a|an)\s+)?(?:(?:first|next|1st)\s+)?(?:(?:clearly|clear|strong|solid|full)\s+)?bullish\s+(?:candle(?:stick)?|bar)(?:\s+(?:closes|closed|close|forms|prints|appears))?/g,
    "the close is above the open",
  ],
  [
    /\b(?:(?:the|a|an)\s+)?(?:(?:first|next|1st)\s+)?(?:(?:clearly|clear|strong|solid|full)\s+)?bearish\s+(?:candle(?:stick)?|bar)(?:\s+(?:closes|closed|close|forms|prints|appears))?/g,
    "the close is below the open",
  ],
  // "the breakdown of the upper band", "a breakout above the 20 day high", "on a breach of the EMA": the price
  // crossing that line (the direction, when the noun gives none, comes from the rule it is in).
  [
    /\b(?:an?\s+|the\s+)?(?:breakdown|break-?out|breach|penetration)\s+(?:(above|below|under|over)\s+|of\s+|through\s+)/g,
    "price breaks $1 ",
  ],
  // "both stochastic lines", "the stochastic's lines", "both lines of the stochastic", "both the main and the
  // signal line": the pair %k and %d, each read with the predicate that follows.
  [
    /\b(?:both\s+)?(?:the\s+)?stochastic(?:'s)?\s+lines\b|\bboth\s+(?:the\s+)?lines\s+of\s+(?:the\s+)?stochastic\b|\bboth\s+(?:the\s+)?(?:stochastic\s+)?(?:%k|main)\s+and\s+(?:the\s+)?(?:%d|signal)(?:\s+lines?)?\b/g,
    "%k and %d",
  ],
  // "price comes back to the area between the 10 and the 21 EMA", "pulls back into the zone between": a place
  // between the two lines, not a cross of either ("comes back to" arrives here as "crosses").
  [
    /\b(?:crosses|come|comes|came|pulls?\s+back|pulled\s+back|retraces?|retraced|returns?|returned|gets?\s+back|goes\s+back|moves?\s+back|trades?\s+back)\s+(?:(?:back\s+)?(?:in)?to\s+)?(?:the\s+)?(?:point|area|zone|space|region|place|gap)?\s*between\b/g,
    "is between",
  ],
];

/**
 * "higher than it was 5 bars ago", "lower than it did 3 candles earlier", "above 10 bars back" said of the price:
 * the close against the close that many bars back (mentions.ts reads "the close N bars ago"). Said of an
 * indicator ("RSI is higher than it was 2 bars ago") it is left unread rather than compared with a price.
 */
const BARS_AGO =
  /\b(higher|lower|above|below|greater|less|bigger|smaller)(?:\s+than)?\s+(?:(?:it|that|price|the\s+price|the\s+close)\s+(?:was|did|closed|were|had)\s+)?(?:for\s+|on\s+)?(\d+)\s+(?:bars?|candles?|periods?)\s+(?:ago|back|earlier|before)\b/g;
const INDICATOR_BEFORE =
  /\b(?:rsi|cci|adx|atr|macd|momentum|stochastic|bollinger|sma|ema|smma|lwma|ma|%k|%d)\b[^,.;]*$/;

/** "the last 3 candles are bullish", "the previous 2 bars closed down": each of those bars against its open. */
const RUN_OF_CANDLES =
  /\b(?:the\s+)?(?:last|previous|past|prior)\s+(\d)\s+(?:candles?|bars?)\s+(?:are|were|have\s+been|closed|close)\s+(?:all\s+)?(bullish|bearish|green|red|up|down|higher|lower)(?:\s+(?:candles?|bars?))?/g;

function runOfCandles(_w: string, n: string, kind: string): string {
  const up = kind === "bullish" || kind === "green" || kind === "up" || kind === "higher";
  const dir = up ? "above" : "below";
  const bars = Array.from({ length: Math.min(Number(n), 5) }, (_, k) =>
    k === 0 ? `the close is ${dir} the open` : `the close ${k} bars ago is ${dir} the open ${k} bars ago`,
  );
  return bars.join(" and ");
}

/**
 * "higher than it was x bars back", "the close is above n candles ago": a look-back left as a letter. MT5's
 * Momentum compares the close with the close its period back (iMomentum = close / close[n] x 100), so the
 * comparison is Momentum against 100 with the terminal's default period, and the reply names that period.
 */
const LETTER_AGO =
  /\b(?:(?:the\s+)?(?:price(?:\s+action)?|close|closing\s+price)\s+(?:is\s+|closes\s+|was\s+)?)?(higher|lower|above|below|greater|less)(?:\s+than)?\s+(?:(?:it|that|price|the\s+price|the\s+close)\s+(?:was|did|closed|were|had)\s+)?(?:for\s+|on\s+)?(?:the\s+close\s+)?[xn]\s+(?:bars?|candles?|periods?)\s+(?:ago|back|earlier|before)\b/g;

/** Whether the text leaves a look-back as a letter ("x bars back"): the reply says which period it used. */
export function letterLookBack(text: string): boolean {
  LETTER_AGO.lastIndex = 0;
  return LETTER_AGO.test(text.toLowerCase());
}

/**
 * One candle said the same way: "the previous candle is bullish", "last bar was red", "the candle closed
 * bearish", "the signal bar closes up": the bar just closed (the one every rule reads) against its open.
 */
const ONE_CANDLE =
  /\b(?:the\s+)?(?:(?:last|previous|prior|latest|current|signal|last\s+closed)\s+)?(?:candle(?:stick)?|bar)\s+(?:(?:is|was)\s+(?:an?\s+)?(bullish|bearish|green|red|white|black)|(?:closed|closes|close)\s+(?:as\s+)?(?:an?\s+)?(bullish|bearish|green|red|white|black|up|down))\b(?:\s+(?:candle(?:stick)?|bar|one))?/g;

function oneCandle(_w: string, is?: string, closed?: string): string {
  const kind = is ?? closed ?? "";
  const up = kind === "bullish" || kind === "green" || kind === "white" || kind === "up";
  return `the close is ${up ? "above" : "below"} the open`;
}

export function rewriteConditionWords(text: string): string {
  // Pattern names first: "a bullish engulfing candle" is a pattern, not the plain bullish candle below.
  let out = rewritePatternWords(text)
    .replace(RUN_OF_CANDLES, runOfCandles)
    .replace(ONE_CANDLE, oneCandle)
    .replace(
      LETTER_AGO,
      (_w, dir: string) => `momentum is ${/^(?:higher|above|greater)$/.test(dir) ? "above" : "below"} 100`,
    );
  for (const [re, to] of REWRITES) out = out.replace(re, to);
  return out.replace(BARS_AGO, (whole: string, dir: string, n: string, at: number, all: string) => {
    const clause =
      all
        .slice(Math.max(0, at - 60), at)
        .split(/\band\b|\bor\b/)
        .at(-1) ?? "";
    if (INDICATOR_BEFORE.test(clause)) return whole;
    return `${dir}${dir === "above" || dir === "below" ? "" : " than"} the close ${n} bars ago`;
  });
}
