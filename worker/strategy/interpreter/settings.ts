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

const PARAM_KIND = "sma|ema|smma|lwma|ma|rsi|cci|adx|momentum|atr";
const PRICE_NAME = "close|open|high|low|median|typical|weighted";
/** "LWMA-High (period = 30 mins, applied price = high price, time period = 21)": a parameter list. */
const PARAM_LIST = new RegExp(
  `\\b(${PARAM_KIND})(?:\\s*-\\s*(${PRICE_NAME})|\\s+of\\s+(${PRICE_NAME}))?\\s*\\(([^()]*=[^()]*)\\)`,
  "g",
);

/**
 * Rewrites an indicator's "key = value" list as the words the mention grammar reads: the period, the applied
 * price, and a chart period given as "period = 15 mins" (a timeframe, not a length). A shift of 1 is the closed
 * bar every rule reads already.
 */
export function readParameterLists(text: string): string {
  return text.replace(PARAM_LIST, (whole, kind: string, p1?: string, p2?: string, list?: string) => {
    let period: string | null = null;
    let price: string | null = p1 ?? p2 ?? null;
    let chart: string | null = null;
    for (const pair of (list ?? "").split(/\s*[,;]\s*/)) {
      const m = /^([a-z ]+?)\s*=\s*(.+)$/.exec(pair.trim());
      if (!m) continue;
      const [, key, value] = m;
      const num = /^(\d+)\s*(minute|hour|day)?/.exec(value);
      if (/\bprice\b/.test(key)) price = new RegExp(`\\b(${PRICE_NAME})\\b`).exec(value)?.[1] ?? price;
      else if (/\b(?:period|length)\b/.test(key) && num) {
        if (num[2]) chart ??= `${num[1]} ${num[2]}`;
        else period = num[1];
      }
    }
    if (period === null && price === null) return whole;
    const ma = /^(?:sma|ema|smma|lwma|ma)$/.test(kind);
    const head = ma
      ? `${period ?? ""} ${kind}${price ? ` of ${price}` : ""}`.trim()
      : `${kind}${period ? ` (${period})` : ""}${price ? ` of ${price}` : ""}`;
    return chart ? `${head} on the ${chart} chart` : head;
  });
}
