// Lines named by their colour on the chart (issue 15): "Bollinger (20, 2) is yellow, Bollinger (20, 3) is blue
// ... price closes above the upper blue band", "red line: 5 EMA, blue line: 20 EMA ... when the red line crosses
// the blue line". A colour declared for exactly one indicator stands for it wherever it names a line; a colour
// with no such declaration ("a red candle") is left alone. Normalised text, parameter lists already shortened
// (parameter-forms.ts).

const COLOUR =
  "red|blue|green|yellow|orange|purple|violet|white|black|pink|aqua|grey|gray|magenta|brown|lime|gold|cyan|navy|maroon";
/** An indicator written with its parameters: "bollinger (50,2)", "ema (21)", "20 ema". */
const NAMED = String.raw`(?:bollinger|stochastic|rsi|cci|macd|momentum|adx|atr|sma|ema|smma|lwma|ma)\s*\([^()]*\)|\d+\s+(?:sma|ema|smma|lwma|ma)\b`;
const LINK = String.raw`(?:(?:is|are|in|line|lines|colou?red|drawn|shown|plotted|for|the)\b|[:=-]|[ \t])*`;
// "14 ema (green)": a colour in brackets after the line is its declaration too (the brackets go with it).
const AFTER = new RegExp(String.raw`(${NAMED})\s*${LINK}(?:\(\s*(${COLOUR})\s*\)|(${COLOUR})\b)`, "g");
const BEFORE = new RegExp(String.raw`\b(${COLOUR})\s+${LINK}(${NAMED})`, "g");
const SIDE = "upper|lower|middle|mid|top|bottom";
/** What a colour names: a band, a line, an average (never a candle). */
const NOUN = String.raw`(?:bollinger\s+)?bands?|lines?|ones?|bollinger|sma|ema|smma|lwma|ma|rsi|stochastic|macd|cci`;

export function resolveColours(text: string): string {
  const declared = new Map<string, string | null>();
  const note = (colour: string, named: string) => {
    const prev = declared.get(colour);
    declared.set(colour, prev === undefined || prev === named ? named : null);
  };
  // Written one way throughout: "X is yellow" or "yellow: X" (trying both would pair a colour with its neighbour).
  const after = [...text.matchAll(AFTER)];
  const form = after.length > 0 ? AFTER : BEFORE;
  let out = text.replace(form, (_w, a: string, b: string | undefined, c: string | undefined) => {
    const [named, colour] = form === AFTER ? [a, b ?? c ?? ""] : [b ?? "", a];
    note(colour, named.trim());
    return ` ${named.trim()} `;
  });
  const known = [...declared].filter((e): e is [string, string] => e[1] !== null);
  if (known.length === 0) return text;
  const names = known.map(([c]) => c).join("|");
  const ref = new RegExp(
    String.raw`\b(?:the\s+)?(?:(${SIDE})\s+)?(${names})\s+(?:(${SIDE})\s+)?(?:${NOUN})\b`,
    "g",
  );
  out = out.replace(ref, (_w, s1: string | undefined, colour: string, s2: string | undefined) => {
    const named = declared.get(colour) ?? "";
    const side = s1 ?? s2;
    return ` the ${side && named.startsWith("bollinger") ? `${side} ` : ""}${named} `;
  });
  return out;
}
