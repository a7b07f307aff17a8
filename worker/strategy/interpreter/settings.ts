// Indicator settings stated apart from the name (issue 15): "the RSI indicator, configured with twelve periods",
// "Momentum: CCI, Period 30", "RSI (10) - applied to the median price". Traders describe an indicator first and
// its settings later in the sentence; the mention grammar (mentions.ts) reads a period right next to
// the name only, so this pass moves a lone setting next to the one indicator its sentence names. Normalised text.

const ONE_PARAM = "rsi|cci|adx|momentum|atr";
const NAME = new RegExp(`\\b(${ONE_PARAM})\\b(?!\\s*(?:\\(\\s*)?\\d)`, "g");
// "12 periods", "period 30", "period of 30", "period: 30", "length = 9" (not "12 period rsi", read already).
const PERIOD = new RegExp(
  `(?:\\b(\\d+)\\s+periods?\\b(?!\\s+(?:${ONE_PARAM}|sma|ema|smma|lwma|ma)\\b)|\\b(?:period|length|lookback)\\s*(?:of|=|:)?\\s*(\\d+)\\b(?!\\s*(?:pips?|points?|%|lots?)))`,
);
/** Rewrites each sentence whose one indicator without a period has a lone period nearby. */
export function attachSettings(text: string): string {
  return text.replace(/[^.;\n]+/g, (sentence) => {
    const names = [...sentence.matchAll(NAME)];
    const kinds = new Set(names.map((m) => m[1]));
    if (kinds.size !== 1) return sentence;
    // Another indicator with its own number in the sentence could own the period: leave it.
    if (/\b(?:sma|ema|smma|lwma|ma|macd|stochastic|bollinger)\b/.test(sentence)) return sentence;
    let out = sentence;
    const kind = names[0][1];
    const p = PERIOD.exec(out);
    if (p) {
      out = out.replace(p[0], " ");
      out = out.replace(new RegExp(`\\b${kind}\\b(?!\\s*(?:\\(\\s*)?\\d)`), `${kind} (${p[1] ?? p[2]})`);
    }
    return out;
  });
}
