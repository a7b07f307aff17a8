// Trader words the rule grammar (phrase.ts) reads into its structure: counts in words, the zones an oscillator
// calls oversold/overbought, candle patterns by name, and candle measures. Data and small pure helpers only.
import { wordsToNumber } from "../../worker/strategy/interpreter/numbers";

/** "two bars ago" -> "2 bars ago", "3 candles back" -> "3 bars ago", "a bar ago" -> "1 bar ago". */
export function normaliseBarsAgo(s: string): string {
  return s
    .replace(
      /\b(one|two|three|four|five|six|seven|eight|nine|ten|an?)\s+(?=(?:bars?|candles?)\s+(?:ago|back|before)\b)/gi,
      (_w, n: string) => `${wordsToNumber([n]) ?? 1} `,
    )
    .replace(/\b(\d+)\s+(?:bars?|candles?)\s+(?:ago|back|before)\b/gi, (_w, n: string) =>
      n === "1" ? "1 bar ago" : `${n} bars ago`,
    );
}

/**
 * The conventional oversold and overbought levels of each oscillator (MT5's level lines): "turns up from
 * oversold" is the oscillator crossing back above its oversold level.
 */
export const ZONES: Record<string, { oversold: number; overbought: number }> = {
  RSI: { oversold: 30, overbought: 70 },
  STOCH: { oversold: 20, overbought: 80 },
  CCI: { oversold: -100, overbought: 100 },
  WPR: { oversold: -80, overbought: -20 },
  MFI: { oversold: 20, overbought: 80 },
};

/** StrategySpec v2 candle patterns (spec-price.ts) by the names traders use. */
const PATTERNS: [RegExp, string][] = [
  [/^bullish engulfing(?: (?:candle|bar|pattern))?$/, "bullishEngulfing"],
  [/^bearish engulfing(?: (?:candle|bar|pattern))?$/, "bearishEngulfing"],
  [/^(?:an? )?inside (?:bar|candle)$/, "insideBar"],
  [/^bullish pin ?bar$|^hammer$/, "bullishPinBar"],
  [/^bearish pin ?bar$|^shooting star$/, "bearishPinBar"],
  [/^(?:an? )?outside (?:bar|candle)$/, "outsideBar"],
  [/^(?:a )?doji(?: (?:candle|bar))?$/, "doji"],
  [/^(?:a )?bullish (?:candle|bar)$/, "bullish"],
  [/^(?:a )?bearish (?:candle|bar)$/, "bearish"],
];
const MIRROR_PATTERN: Record<string, string> = {
  bullishEngulfing: "bearishEngulfing",
  bearishEngulfing: "bullishEngulfing",
  bullishPinBar: "bearishPinBar",
  bearishPinBar: "bullishPinBar",
  bullish: "bearish",
  bearish: "bullish",
  insideBar: "insideBar",
  outsideBar: "outsideBar",
  doji: "doji",
};

/**
 * "bullish engulfing", "the last candle is an inside bar", "previous bar is a bearish pin bar": the pattern
 * and the bar it is on (0 = the bar that just closed).
 */
export function patternOf(raw: string): { name: string; shift: number } | null {
  const s = raw
    .toLowerCase()
    .trim()
    .replace(/^(?:a|an|the)\s+/, "");
  const on =
    /^(?:(last|previous|prior|current|signal) )?(?:candle|bar)(?: is| forms| makes)? (?:a |an )?(.+)$/.exec(
      s,
    );
  const shift = on?.[1] === "previous" || on?.[1] === "prior" ? 1 : 0;
  const name = (on ? on[2] : s).replace(/\s+formed$/, "").trim();
  const hit = PATTERNS.find(([re]) => re.test(name));
  return hit ? { name: hit[1], shift } : null;
}
export const mirrorPattern = (name: string): string => MIRROR_PATTERN[name] ?? name;

/** Candle measures of v2 (spec-price.ts): "candle body", "upper wick", "the range of the candle". */
export function measureOf(raw: string): { measure: string; shift: number } | null {
  const s = raw.toLowerCase().trim();
  const m =
    /^(?:the )?(?:(previous|prior|last) )?(?:(?:candle|bar)(?:'s)? )?(body|range|height|upper (?:wick|shadow)|lower (?:wick|shadow))(?: of the (previous|prior|last) (?:candle|bar))?$/.exec(
      s,
    );
  if (!m) return null;
  const w = m[2];
  const measure = w.startsWith("upper")
    ? "upperWick"
    : w.startsWith("lower")
      ? "lowerWick"
      : w === "height"
        ? "range"
        : w;
  const back = m[1] ?? m[3];
  return { measure, shift: back === "previous" || back === "prior" ? 1 : 0 };
}
