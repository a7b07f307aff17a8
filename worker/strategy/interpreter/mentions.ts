import type { IndicatorKind, IndicatorMention, MaMethod, Operand, PriceField } from "./facts";
import { LEVEL, LEVEL_GROUPS, levelOf } from "./levels";
import { attachTimeframes } from "./timeframe-tags";

// Finds indicator and price mentions in one normalised sentence and replaces each with a
// placeholder token "§A", "§B", ... so that the condition grammar only sees operands, numbers
// and a few verbs. Placeholders use letters because digits are constants.

export interface Scanned {
  text: string;
  operands: Operand[];
}

const PRICE_WORD: Record<string, PriceField> = {
  close: "close",
  closing: "close",
  open: "open",
  opening: "open",
  high: "high",
  low: "low",
  median: "median",
  typical: "typical",
  weighted: "weighted",
};

const PRICE_SUFFIX =
  "(?:\\s+(?:of|on|using|applied\\s+to|from)\\s+(?:the\\s+)?(close|closing|open|opening|high|low|median|typical|weighted)(?:\\s+prices?)?s?)?";
// A number that is a parameter, not a pip distance, lot size or level.
const NOT_A_UNIT = "(?!\\s*(?:pips?|points?|%|percent|lots?|x\\b|times|atr))";
const PERIOD_WORD = "(?:\\s+(?:period|day|bar|candle|session)s?)";
/** A bar of the chart, and the words for the one before the bar that just closed. */
const BAR = "(?:candle|bar|candlestick)";
const PREV_BAR = "(?:previous|prior|preceding)";
const FIELD = "high|low|open|close|closing\\s+price|close\\s+price";

function placeholder(i: number): string {
  // Upper case: the text is lower case, so no later pattern can match inside a placeholder.
  return ` §${String.fromCharCode(65 + i)} `;
}

function method(token: string | undefined): MaMethod | null {
  if (token === "sma") return "sma";
  if (token === "ema") return "ema";
  if (token === "smma") return "smma";
  if (token === "lwma") return "lwma";
  return null;
}

function num(token: string | undefined): number | null {
  if (token === undefined) return null;
  const n = Number(token);
  return Number.isFinite(n) ? n : null;
}

function priceOf(token: string | undefined): PriceField | null {
  return token === undefined ? null : (PRICE_WORD[token] ?? null);
}

function roleOf(token: string | undefined): "fast" | "slow" | null {
  if (token === undefined) return null;
  return /^(fast|faster|short|shorter|short-term|quick|quicker|smaller)$/.test(token) ? "fast" : "slow";
}

/** Context for words like "signal line" that belong to whichever MACD/stochastic is meant. */
export interface MentionContext {
  /** Kinds present in the current spec, newest last; used when the message itself is silent. */
  knownKinds: readonly IndicatorKind[];
  /** Moving-average periods named in the message or the spec: "the 21 crosses the 55" means them. */
  maPeriods: ReadonlyMap<number, MaMethod>;
  /**
   * The applied price the message declared once for an average's length ("SMMA 5 and SMMA 13 applied to median
   * price. Buy when SMMA 5 is above SMMA 13"): a later mention of that length with no price of its own reads it.
   */
  maPrices?: ReadonlyMap<number, PriceField>;
}

type Groups = ReadonlyArray<string | undefined>;
type Rule = { re: RegExp; build: (m: Groups, lastKind: IndicatorKind | null) => Operand[] };

const ind = (i: IndicatorMention): Operand => ({ type: "indicator", ind: i, shift: 0 });

const RULES: Rule[] = [
  // Price levels first ("the 20 day high" is no 20-period anything; levels.ts).
  {
    re: LEVEL,
    build: (m) => {
      const spec = levelOf(Array.from({ length: LEVEL_GROUPS }, (_, i) => m[i]));
      return spec ? [{ type: "level", spec, shift: 0 }] : [];
    },
  },
  // MACD with optional parameters and line.
  {
    re: /\bmacd(?:'s)?(?:\s*\(?\s*(\d+)\s*[,/ ]\s*(\d+)\s*[,/ ]\s*(\d+)\s*\)?)?(?:\s+(histogram|hist|signal(?:\s+line)?|main(?:\s+line)?|line))?/g,
    build: (m) => {
      const line = m[4]?.startsWith("hist") ? "histogram" : m[4]?.startsWith("signal") ? "signal" : "main";
      return [ind({ kind: "macd", fast: num(m[1]), slow: num(m[2]), signal: num(m[3]), line })];
    },
  },
  // Bollinger Bands with optional parameters and band.
  {
    re: /\b(?:(upper|lower|middle|mid|top|bottom)\s+)?bollinger(?:\s+bands?)?(?:\s*\(?\s*(\d+)\s*[,/ ]\s*(\d+(?:\.\d+)?)\s*\)?)?(?:(?:'s)?\s+(upper|lower|middle|mid|top|bottom)(?:\s+(?:band|line))?)?/g,
    build: (m) => {
      const w = m[1] ?? m[4];
      const line =
        w === "upper" || w === "top" ? "upper" : w === "lower" || w === "bottom" ? "lower" : "middle";
      return [ind({ kind: "bollinger", period: num(m[2]), deviation: num(m[3]), line })];
    },
  },
  {
    re: /\b(?:the\s+)?(upper|lower|middle|mid|top|bottom)\s+band\b/g,
    build: (m) => {
      const w = m[1];
      const line =
        w === "upper" || w === "top" ? "upper" : w === "lower" || w === "bottom" ? "lower" : "middle";
      return [ind({ kind: "bollinger", period: null, deviation: null, line })];
    },
  },
  // Stochastic with optional parameters and line.
  {
    re: /\bstochastic(?:\s+oscillator)?(?:\s*\(?\s*(\d+)\s*[,/ ]\s*(\d+)\s*[,/ ]\s*(\d+)\s*\)?)?(?:(?:'s)?\s+(%?k|%?d|main|signal)(?:\s+line)?\b)?/g,
    build: (m) => {
      const line = m[4] === "%d" || m[4] === "d" || m[4] === "signal" ? "signal" : "main";
      return [ind({ kind: "stochastic", k: num(m[1]), d: num(m[2]), slowing: num(m[3]), line })];
    },
  },
  {
    re: /(?:\bthe\s+)?(?:(%k|%d)|\b([kd])\s+line)\b(?:\s+line\b)?/g,
    build: (m) => {
      const w = m[1] ?? m[2];
      const line = w === "%d" || w === "d" ? "signal" : "main";
      return [ind({ kind: "stochastic", k: null, d: null, slowing: null, line })];
    },
  },
  // "its signal line": the signal of the MACD or stochastic being talked about.
  {
    re: /\b(?:its\s+|the\s+)?signal(?:\s+line)?\b/g,
    build: (_m, lastKind) =>
      lastKind === "stochastic"
        ? [ind({ kind: "stochastic", k: null, d: null, slowing: null, line: "signal" })]
        : [ind({ kind: "macd", fast: null, slow: null, signal: null, line: "signal" })],
  },
  // "main line" alone ("... and main line < 80"): the main line of the MACD or stochastic being talked about;
  // with neither in view it is left unread.
  {
    re: /\b(?:its\s+|the\s+)?main(?:\s+line)?\b(?!\s+(?:trend|idea|signal\b))/g,
    build: (_m, lastKind) =>
      lastKind === "stochastic"
        ? [ind({ kind: "stochastic", k: null, d: null, slowing: null, line: "main" })]
        : lastKind === "macd"
          ? [ind({ kind: "macd", fast: null, slow: null, signal: null, line: "main" })]
          : [],
  },
  {
    re: /\b(?:the\s+)?(?:macd\s+)?(?:histogram|hist)\b/g,
    build: () => [ind({ kind: "macd", fast: null, slow: null, signal: null, line: "histogram" })],
  },
  // ADX directional lines.
  {
    re: /(?:\+\s*di|\bdi\s*\+|\bplus\s+di|\bpositive\s+di)(?![a-z])/g,
    build: () => [ind({ kind: "adx", period: null, line: "plusDi" })],
  },
  {
    re: /(?:-\s*di|\bdi\s*-|\bminus\s+di|\bnegative\s+di)(?![a-z])/g,
    build: () => [ind({ kind: "adx", period: null, line: "minusDi" })],
  },
  // Two moving averages in one breath: "9/21 ema", "50 and 200 sma", "ema 9/21".
  {
    re: new RegExp(
      // Not after a comparison word: in "below 0 and 10 sma" the 0 is a level.
      `(?<!(?:below|above|under|over|than|between|[<>=])\\s*)\\b(\\d+)\\s*(?:/|and|&|,|vs\\.?|versus)\\s*(\\d+)${PERIOD_WORD}?\\s+(sma|ema|smma|lwma|ma)\\b${PRICE_SUFFIX}`,
      "g",
    ),
    build: (m) => [
      ind({ kind: "ma", method: method(m[3]) ?? "sma", period: num(m[1]), price: priceOf(m[4]), role: null }),
      ind({ kind: "ma", method: method(m[3]) ?? "sma", period: num(m[2]), price: priceOf(m[4]), role: null }),
    ],
  },
  {
    re: new RegExp(
      `\\b(sma|ema|smma|lwma|ma)\\s*(\\d+)\\s*(?:/|and|&|vs\\.?)\\s*(\\d+)\\b${NOT_A_UNIT}${PRICE_SUFFIX}`,
      "g",
    ),
    build: (m) => [
      ind({ kind: "ma", method: method(m[1]) ?? "sma", period: num(m[2]), price: priceOf(m[4]), role: null }),
      ind({ kind: "ma", method: method(m[1]) ?? "sma", period: num(m[3]), price: priceOf(m[4]), role: null }),
    ],
  },
  // One moving average: "the 50 ema", "200 day ma", "ema(21)", "fast ma", "sma with period 20".
  {
    re: new RegExp(
      `\\b(?:(fast|faster|slow|slower|short|long|shorter|longer|short-term|long-term|quick|quicker|smaller|bigger|larger)\\s+)?(?:(\\d+)${PERIOD_WORD}?\\s+)?(sma|ema|smma|lwma|ma)\\b(?:\\s*\\(\\s*(\\d+)\\s*\\)|\\s+(?:with\\s+(?:a\\s+)?)?(?:(?:period|length|lookback)\\s+(?:of\\s+)?)?(\\d+)\\b${NOT_A_UNIT}(?:\\s+periods?)?)?${PRICE_SUFFIX}`,
      "g",
    ),
    build: (m) => [
      ind({
        kind: "ma",
        // Plain "MA" with a length is a simple average; a bare "fast ma" takes the spec's kind.
        method: method(m[3]) ?? ((m[2] ?? m[4] ?? m[5]) !== undefined ? "sma" : null),
        period: num(m[2] ?? m[4] ?? m[5]),
        price: priceOf(m[6]),
        role: roleOf(m[1]),
        ...(m[3] === "ma" && (m[2] ?? m[4] ?? m[5]) !== undefined ? { generic: true } : {}),
      }),
    ],
  },
  // One-parameter oscillators. A number right after the name is its period ("rsi 14 below 30").
  {
    re: new RegExp(
      `\\b(?:(\\d+)(?:\\s+(?:period|day|bar)s?)?\\s+)?(rsi|cci|adx|momentum)\\b(?:\\s+(?:indicator|oscillator)\\b)?(?:\\s*\\(\\s*(\\d+)\\s*\\)|\\s+(?:with\\s+(?:a\\s+)?)?(?:(?:period|length)\\s+(?:of\\s+)?)?(\\d+)\\b(?=\\s*(?:is|crosses|cross|crossed|goes|moves|rises|falls|drops|above|below|over|under|greater|less|higher|lower|equal|>|<|=|between|reaches|hits|touches|oversold|overbought|with|on|line|value|reading|level|periods?))${NOT_A_UNIT})?${PRICE_SUFFIX}`,
      "g",
    ),
    build: (m) => {
      const period = num(m[1] ?? m[3] ?? m[4]);
      const kind = m[2];
      if (kind === "rsi") return [ind({ kind: "rsi", period, price: priceOf(m[5]) })];
      if (kind === "cci") return [ind({ kind: "cci", period })];
      if (kind === "adx") return [ind({ kind: "adx", period, line: "main" })];
      return [ind({ kind: "momentum", period })];
    },
  },
  // ATR as an operand (a number before it is a multiple, handled by the risk extractor first).
  {
    re: /\b(?:(\d+)\s+(?:period|day|bar)s?\s+)?atr\b(?:\s*\(\s*(\d+)\s*\))?/g,
    build: (m) => [ind({ kind: "atr", period: num(m[1] ?? m[2]) })],
  },
  // A bar before the signal bar: "the previous high", "the prior candle's low", "the high of the bar before",
  // "the close 3 bars ago" (not "the previous day's high", a level read above).
  {
    re: new RegExp(
      `\\b(?:the\\s+)?(?:${PREV_BAR}\\s+(?:${BAR}(?:'s)?\\s+)?(${FIELD})|(${FIELD})\\s+of\\s+(?:the\\s+)?(?:${PREV_BAR}\\s+${BAR}|${BAR}\\s+before(?:\\s+(?:it|that|this|the\\s+signal(?:\\s+${BAR})?))?)|(${FIELD})\\s+(?:of\\s+(?:the\\s+${BAR}\\s+)?)?(\\d+)\\s+(?:${BAR}|period)s?\\s+(?:ago|back|before|earlier))\\b(?:\\s+prices?)?`,
      "g",
    ),
    build: (m) => {
      const field = priceOf((m[1] ?? m[2] ?? m[3])?.split(/\s+/)[0]) ?? "close";
      return [{ type: "price", field, shift: m[4] === undefined ? 1 : Number(m[4]) }];
    },
  },
  // Prices. "close" alone is also the exit verb, so it only counts with a price word around it.
  {
    re: /\b(?:the\s+)?(?:(?:price|candle|bar|market)(?:'s)?\s+)(high|low|open)\b/g,
    build: (m) => [{ type: "price", field: priceOf(m[1]) ?? "close", shift: 0 }],
  },
  // "the open price", "the opening price", "the low price": the bar's own field.
  {
    re: /\b(?:the\s+)?(open|opening|high|low)\s+prices?\b/g,
    build: (m) => [{ type: "price", field: priceOf(m[1]) ?? "close", shift: 0 }],
  },
  // "the close is above the open", "closes below its open", "close > open": the bar's open after a comparison
  // word ("open" alone is also the verb of "open a buy").
  {
    re: /(?<=(?:[<>]|\babove|\bbelow|\bover|\bunder|\bthan)\s*)(?:the\s+|its\s+)?open(?:ing)?\b(?!\s+(?:a|an|the|long|short|buys?|sells?|trades?|positions?|orders?)\b)/g,
    build: () => [{ type: "price", field: "open", shift: 0 }],
  },
  // A bare "close" compared with something: "close > upper band", "close is above the ema".
  {
    re: /\bclose(?=\s*(?:[<>]|is\b|was\b|above\b|below\b|crosses\b|over\b|under\b|greater\b|less\b))/g,
    build: () => [{ type: "price", field: "close", shift: 0 }],
  },
  {
    re: /\b(?:the\s+)?(?:(?:(?:current|last|closing|close)\s+)?(?:price|candles?|bars?|market)(?:'s)?(?:\s+close)?|closing\s+price|close\s+price|the\s+close(?!\s+(?:the|a|all|long|short|trades?|positions?|when|if|on|at|it|them|out|buy|sell|orders?)))\b/g,
    build: () => [{ type: "price", field: "close", shift: 0 }],
  },
];

/**
 * "5 smma and 13 smma applied to median price", "the ema 8 and ema 21 on the typical price": a price said once
 * after two averages named together is both averages' (the first has none of its own).
 */
function sharePrice(text: string, operands: Operand[]): void {
  for (const m of text.matchAll(/§([A-Z])\s+(?:and|&|,)\s+(?:the\s+)?§([A-Z])/g)) {
    const a = operands[m[1].charCodeAt(0) - 65];
    const b = operands[m[2].charCodeAt(0) - 65];
    if (a?.type !== "indicator" || b?.type !== "indicator") continue;
    if (a.ind.kind !== "ma" || b.ind.kind !== "ma" || a.ind.of || b.ind.of) continue;
    if (a.ind.price === null && b.ind.price !== null && b.ind.price !== "close")
      operands[m[1].charCodeAt(0) - 65] = { ...a, ind: { ...a.ind, price: b.ind.price } };
  }
}

/** Replaces every mention in `sentence` with a placeholder and returns the operands in order. */
export function scanMentions(sentence: string, ctx: MentionContext): Scanned {
  const operands: Operand[] = [];
  let text = ` ${sentence} `;
  let lastKind: IndicatorKind | null = ctx.knownKinds.includes("stochastic")
    ? ctx.knownKinds.includes("macd")
      ? (ctx.knownKinds.filter((k) => k === "macd" || k === "stochastic").at(-1) ?? null)
      : "stochastic"
    : null;
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    text = text.replace(rule.re, (...args: unknown[]) => {
      const match = groupsOf(args);
      if (match === null) return String(args[0]);
      const built = rule.build(match, lastKind);
      if (built.length === 0) return String(args[0]);
      const tokens: string[] = [];
      for (const op of built) {
        if (op.type === "indicator") {
          if (op.ind.kind === "macd" || op.ind.kind === "stochastic") lastKind = op.ind.kind;
        }
        tokens.push(placeholder(operands.length));
        operands.push(op);
      }
      // Two averages named together read as "§a and §b" for the pair-cross grammar.
      return tokens.join(" and ");
    });
  }
  // "(§A - §B)", "§A minus §B", "the difference between §A and §B": one operand, the first less the second.
  text = text.replace(
    /\(\s*§([A-Z])\s*-\s*§([A-Z])\s*\)|§([A-Z])\s+minus\s+(?:the\s+)?§([A-Z])|\b(?:the\s+)?difference\s+(?:between|of)\s+(?:the\s+)?§([A-Z])\s+and\s+(?:the\s+)?§([A-Z])/g,
    (whole: string, ...g: Array<string | undefined>) => {
      const [x, y] = [g[0] ?? g[2] ?? g[4], g[1] ?? g[3] ?? g[5]];
      const a = x === undefined ? undefined : operands[x.charCodeAt(0) - 65];
      const b = y === undefined ? undefined : operands[y.charCodeAt(0) - 65];
      const line = (o: Operand | undefined) => o?.type === "indicator" || o?.type === "price";
      if (!a || !b || !line(a) || !line(b)) return whole;
      const token = placeholder(operands.length);
      operands.push({ type: "difference", a, b, shift: 0 });
      return token;
    },
  );
  text = averagesOf(text, operands);
  sharePrice(text, operands);
  // "§A closes 3% or more below §B", "§A is at least 2% above §B": §A against §B moved by that percentage.
  text = text.replace(
    /§([A-Z])\s+(?:is|closes|closed|stays|trades|sits)\s+(?:at\s+least\s+)?(\d+(?:\.\d+)?)\s*(?:%|percent)\s+(?:or\s+more\s+)?(below|under|above|over)\s+(?:the\s+)?§([A-Z])/g,
    (whole: string, a: string, n: string, side: string, b: string) => {
      const base = operands[b.charCodeAt(0) - 65];
      if (base?.type !== "indicator" && base?.type !== "price") return whole;
      const below = side === "below" || side === "under";
      const token = placeholder(operands.length);
      operands.push({ type: "percentOf", a: base, percent: below ? -Number(n) : Number(n), shift: 0 });
      return `§${a} is ${below ? "below" : "above"} ${token}`;
    },
  );
  text = text.replace(
    /\bthe (\d+)\b(?!\.\d)(?!\s*(?:pips?|points?|%|percent|lots?|x\b|times|atr|period|day|bar|level|line))/g,
    (whole: string, n: string) => {
      const method = ctx.maPeriods.get(Number(n));
      if (method === undefined) return whole;
      const token = placeholder(operands.length);
      operands.push(ind({ kind: "ma", method, period: Number(n), price: null, role: null }));
      return token;
    },
  );
  text = attachTimeframes(text, operands);
  declaredPrices(operands, ctx.maPrices);
  return { text: differences(shifted(text, operands), operands).replace(/\s+/g, " ").trim(), operands };
}

/** An average with no price of its own takes the one its length was declared with (MentionContext.maPrices). */
function declaredPrices(operands: Operand[], prices: ReadonlyMap<number, PriceField> | undefined): void {
  if (!prices || prices.size === 0) return;
  operands.forEach((o, i) => {
    if (o.type !== "indicator" || o.ind.kind !== "ma" || o.ind.price !== null || o.ind.of) return;
    const price = o.ind.period === null ? undefined : prices.get(o.ind.period);
    if (price) operands[i] = { ...o, ind: { ...o.ind, price } };
  });
}

/** Lines an average may read (MetaTrader averages a handle's first buffer; spec-smoothing.ts). */
function smoothable(m: IndicatorMention): boolean {
  switch (m.kind) {
    case "rsi":
    case "cci":
    case "atr":
    case "momentum":
      return true;
    case "adx":
    case "stochastic":
      return m.line === "main";
    default:
      return false;
  }
}

/**
 * An average of another indicator, one operand: "§A of the §B" (the 5 ema of the 2 period rsi) and
 * "§B smoothed by/with §A" (the atr smoothed with a 10 sma), where §A is a moving average of no stated
 * price and §B an indicator it can read. The source's slot stays, unread.
 */
function averagesOf(text: string, operands: Operand[]): string {
  const join = (whole: string, ma: string, src: string): string => {
    const i = ma.charCodeAt(0) - 65;
    const a = operands[i];
    const b = operands[src.charCodeAt(0) - 65];
    if (a?.type !== "indicator" || b?.type !== "indicator") return whole;
    if (a.ind.kind !== "ma" || a.ind.price !== null || a.ind.of || !smoothable(b.ind)) return whole;
    operands[i] = { ...a, ind: { ...a.ind, role: null, of: b.ind } };
    return placeholder(i);
  };
  return text
    .replace(/§([A-Z])\s+of\s+(?:the\s+|its\s+)?§([A-Z])/g, (w: string, a: string, b: string) =>
      join(w, a, b),
    )
    .replace(
      /§([A-Z])\s+(?:(?:is|being)\s+)?smooth(?:ed)?\s+(?:by|with|using|via)\s+(?:an?\s+|the\s+|its\s+)?§([A-Z])/g,
      (w: string, b: string, a: string) => join(w, a, b),
    );
}

/**
 * An indicator read bars back in programmers' notation (issue 15): "§A(shift_1)", "§A (shift 2)", "§A[1]",
 * "§A shift_2": the value that many closed bars before the signal bar (shift 0 is the signal bar itself).
 */
function shifted(text: string, operands: Operand[]): string {
  return text.replace(
    /§([A-Z])\s*(?:\(\s*shift\s*[_=:]?\s*(\d{1,3})\s*\)|\[\s*(\d{1,3})\s*\]|\bshift[_=](\d{1,3})\b)/g,
    (whole: string, p: string, a?: string, b?: string, c?: string) => {
      const i = p.charCodeAt(0) - 65;
      const o = operands[i];
      if (o?.type !== "indicator") return whole;
      operands[i] = { ...o, shift: Number(a ?? b ?? c) };
      return placeholder(i);
    },
  );
}

/**
 * "(§A - §B)" of two indicator lines: one operand, the difference (the second's slot stays, unread). The
 * brackets or a comparison after it tell it from a range "10 - 20".
 */
function differences(text: string, operands: Operand[]): string {
  return text.replace(
    /\(\s*§([A-Z])\s+(?:-|minus)\s+(?:the\s+)?§([A-Z])\s*\)|§([A-Z])\s+(?:-|minus)\s+(?:the\s+)?§([A-Z])(?=\s*(?:[<>]|is\b|crosses\b))/g,
    (whole: string, p1?: string, p2?: string, p3?: string, p4?: string) => {
      const i = (p1 ?? p3 ?? "A").charCodeAt(0) - 65;
      const j = (p2 ?? p4 ?? "A").charCodeAt(0) - 65;
      const a = operands[i];
      const b = operands[j];
      if (a?.type !== "indicator" || b?.type !== "indicator") return whole;
      operands[i] = { type: "difference", a, b, shift: 0 };
      return placeholder(i);
    },
  );
}

/** String.replace hands the match and its groups as loose arguments, followed by the offset. */
function groupsOf(args: unknown[]): Groups | null {
  const groups: Array<string | undefined> = [];
  for (const a of args) {
    if (typeof a === "string" || a === undefined) groups.push(a);
    else break;
  }
  return groups.length === 0 || groups[0] === undefined ? null : groups;
}
