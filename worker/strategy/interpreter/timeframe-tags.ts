import { PERIODS } from "../../market/types";
import type { Operand } from "./facts";

// Values read on another timeframe than the chart's (spec-indicators.ts "HIGHER TIMEFRAME", a price operand's
// `timeframe`): "%K above %D on the daily chart", "the daily EMA", "EMA 12 (D1)", "the H4 high", "the close of
// the last hourly candle". Before the timing extractor reads chart timeframes, each such phrase gets a marker
// that scanMentions (mentions.ts) attaches to its operands; "daily EMA", "(D1)" and "the H4 high" are then no
// chart of the strategy, while "on the 4 hour chart" still counts as one (a tag on the chart's own timeframe
// is dropped by builder.ts). The markers are upper case, so no lower-case pattern reads inside them:
//   ⟦D1⟧ before an operand: that operand ("daily EMA", "H4 high");
//   ⟪D1⟫ right after an operand: that operand ("RSI on h4"); ⟪D1=⟫ a declaration ("EMA 12 (D1)");
//   ⟬D1⟭ after a comparison: every operand of it ("%K above %D on the daily chart").

const PERIOD_SET: ReadonlySet<string> = new Set(PERIODS);

/** A timeframe as traders write it: "h4", "4h", "4 hour", "4 hours", "15 min", "daily", "hourly", "d1". */
const TF =
  "(?:(m(?:1|5|15|30)|h(?:1|4)|d1|w1)|(\\d{1,2})\\s*(minutes?|mins?|m|hours?|hrs?|h)|(hourly|daily|weekly|day|week))";
const TF_GROUPS = 4;
/** Words that are an indicator or a price being read: a chart phrase after one of them is its timeframe. */
const READ_WORDS =
  "(?:sma|ema|smma|lwma|ma|rsi|macd|stochastic|%k|%d|bollinger|bands?|cci|adx|momentum|atr|averages?|close|closes|closed|high|low|open)";
const INDICATOR_WORDS =
  "(?:\\d+\\s+)?(?:sma|ema|smma|lwma|ma|rsi|macd|stochastic|bollinger|cci|adx|momentum|atr)\\b";
/** Between a value and its chart phrase: a few words of the same clause, no entry or condition words. */
const GAP =
  "(?:(?!\\b(?:enter|entry|entries|trade|trades|when|if|then|conditions?|signals?)\\b)[^.;:!?\\n]){0,30}?";
const CHART_WORD = "(?:charts?|timeframe|time\\s+frame|tf|candles?|bars?)";

/** The period a timeframe phrase names, from the TF groups; null when it is none of the product's. */
function periodOf(g: ReadonlyArray<string | undefined>): string | null {
  const [code, n, unit, word] = g;
  let tf: string | null = null;
  if (code) tf = code.toUpperCase();
  else if (n && unit) {
    const k = Number(n);
    tf = unit.startsWith("h") ? `H${k}` : `M${k}`;
    if (tf === "H24") tf = "D1";
  } else if (word) tf = word.startsWith("hour") ? "H1" : word.startsWith("d") ? "D1" : "W1";
  return tf !== null && PERIOD_SET.has(tf) ? tf : null;
}

const groups = (args: unknown[], from: number): Array<string | undefined> =>
  args.slice(from, from + TF_GROUPS).map((a) => (typeof a === "string" ? a : undefined));

/** `tfAt`: where each TF's groups start among the match's arguments (1 = the first group). */
const RULES: ReadonlyArray<{
  re: RegExp;
  tfAt: readonly number[];
  mark: (tf: string, whole: string, args: unknown[]) => string;
}> = [
  // "%k stays above %d on the daily chart", "ema 4 and ema 13 on the 4 hour chart": the comparison's timeframe.
  {
    re: new RegExp(
      `(?<=(?<![a-z])${READ_WORDS}\\b${GAP})\\s+(?:on|in|of)\\s+(?:the\\s+)?${TF}\\s+${CHART_WORD}\\b`,
      "g",
    ),
    tfAt: [1],
    // The phrase stays for the timing extractor: a chart named with its values may be the strategy's own.
    mark: (tf, whole) => ` ⟬${tf}⟭ ${whole} `,
  },
  // "12 ema (d1)", "rsi 14 (h4)", "macd (12,26,9) on h4": the indicator just named.
  {
    re: new RegExp(
      `(?<=${INDICATOR_WORDS}[\\s\\d(),./]*?)\\s*(?:\\(\\s*${TF}\\s*\\)|\\s+on\\s+${TF}\\b(?!\\s+${CHART_WORD}))`,
      "g",
    ),
    tfAt: [1, 1 + TF_GROUPS],
    // "(d1)" is a note on the indicator; "on h1" may also be the chart, so the timing extractor still reads it.
    // "=": a declaration, which later mentions of the same indicator share (builder.ts declaredTimeframe).
    mark: (tf, whole) => (whole.trim().startsWith("(") ? ` ⟪${tf}=⟫ ` : ` ⟪${tf}⟫ ${whole} `),
  },
  // "the close of the last hourly candle", "the high of the previous h4 bar": that timeframe's bar.
  {
    re: new RegExp(
      `\\b(high|low|open|close|closing\\s+price|opening\\s+price)\\s+of\\s+(?:the\\s+)?(last|previous|prior)?\\s*${TF}\\s+(?:candle|bar)s?\\b`,
      "g",
    ),
    tfAt: [3],
    mark: (tf, _w, args) => {
      const field = String(args[1]).split(/\s+/)[0];
      const back = args[2] === "previous" || args[2] === "prior" ? ":1" : "";
      return ` ⟦${tf}${back}⟧ candle ${field === "closing" ? "close" : field === "opening" ? "open" : field} `;
    },
  },
  // "the h4 high", "the previous h1 close", "the last hourly candle's close", "d1 open": a price on that
  // timeframe. "The daily high" stays the previous day's high (levels.ts), so only codes and hours here.
  {
    re: new RegExp(
      `\\b(?:(previous|prior|preceding)\\s+)?${TF}(?:\\s+(?:candle|bar)(?:'s)?)?\\s+(high|low|open|close|closing\\s+price)\\b`,
      "g",
    ),
    tfAt: [2],
    mark: (tf, whole, args) => {
      if (/^(?:(?:previous|prior|preceding)\s+)?(?:daily|weekly|day|week)\b/.test(whole)) return whole;
      const field = String(args[2 + TF_GROUPS]).split(/\s+/)[0];
      return ` ⟦${tf}${args[1] ? ":1" : ""}⟧ candle ${field === "closing" ? "close" : field} `;
    },
  },
  // "the daily ema", "h4 rsi", "4 hour 50 ema": the indicator that follows.
  {
    re: new RegExp(
      `(?<!(?:time\\s*frame|timeframe|tf|period|chart)\\s*[:=-]?\\s*)\\b${TF}\\s+(?=${INDICATOR_WORDS})`,
      "g",
    ),
    tfAt: [1],
    // "200 day ema" is a length in days, not the daily chart.
    mark: (tf, whole) => (/^(?:day|week)\b/.test(whole) ? whole : ` ⟦${tf}⟧ `),
  },
];

/**
 * A list item labelled with a timeframe ("15m - the candle closes above the sma 5", "• H4: ema 10 above ema
 * 20"), as trend filters defined per timeframe are listed: every indicator and candle of that line is read on
 * it. The label needs a dash or colon after it and starts the line (after the "buy when" normalize.ts carries
 * into list items), so "h4 chart" or "m15 close" is no label; and the lines name two timeframes or more, so a
 * message opening with "H1: buy when ..." names its chart.
 */
const LABELLED_LINE = new RegExp(
  `^([ \\t•*·-]*(?:[a-z ]{0,20}\\bwhen\\s+)?)${TF}\\s*[-–:]\\s+(?!${CHART_WORD}\\b)([^\\n]+)$`,
  "gm",
);

function markLabelledLines(text: string): string {
  // A listing names two timeframes or more; one label alone ("H1: buy when ...") names the chart.
  const labels = new Set(
    [...text.matchAll(LABELLED_LINE)].map((m) => periodOf(groups([...m], 2))).filter((tf) => tf !== null),
  );
  if (labels.size < 2) return text;
  return text.replace(LABELLED_LINE, (...args: unknown[]) => {
    const whole = String(args[0]);
    const tf = periodOf(groups(args, 2));
    const body = args[2 + TF_GROUPS];
    if (tf === null || typeof body !== "string") return whole;
    const tagged = body
      .replace(new RegExp(`(?<![a-z0-9.])${INDICATOR_WORDS}`, "g"), (w) => ` ⟦${tf}⟧ ${w}`)
      .replace(/\b(?=(?:candles?|candlesticks?|bars?)\b)/g, ` ⟦${tf}⟧ `)
      // "the close is above ...": a price with no candle word is that timeframe's too.
      .replace(
        /\b(?<!⟧\s+candles?\s+)(?<!\b(?:on|of)\s+(?:the\s+)?)(?=(?:close|price)\s+(?:is|was|closes|stays|crosses|above|below)\b)/g,
        ` ⟦${tf}⟧ `,
      )
      // "the previous candle high" (indexed-prices.ts): the bar before, on that timeframe.
      .replace(/\b(?:previous|prior)\s+⟦([A-Z0-9]+)⟧\s+(?=candle\s+(?:high|low|open|close)\b)/g, " ⟦$1:1⟧ ");
    return `${String(args[1])}${tagged}`;
  });
}

/** Rewrites the timeframe phrases that belong to an indicator or a price into markers (see above). */
export function markTimeframes(text: string): string {
  let out = markLabelledLines(text);
  for (const rule of RULES) {
    out = out.replace(rule.re, (...args: unknown[]) => {
      const whole = String(args[0]);
      const tf = rule.tfAt.map((at) => periodOf(groups(args, at))).find((t) => t !== null) ?? null;
      return tf === null ? whole : rule.mark(tf, whole, args);
    });
  }
  return out;
}

/** The operand read on `tf` (a difference: both parts). */
function onTimeframe(op: Operand, tf: string): Operand {
  if (op.type === "indicator") return { ...op, ind: { ...op.ind, timeframe: tf } };
  if (op.type === "price") return { ...op, timeframe: tf };
  if (op.type === "difference") return { ...op, a: onTimeframe(op.a, tf), b: onTimeframe(op.b, tf) };
  return op;
}

const index = (letter: string): number => letter.charCodeAt(0) - 65;

/**
 * Attaches the markers of `text` (placeholders "§A" already in it) to `operands` and removes them. A chart
 * marker holds for the operands since the start of its comparison (a comma, ";", "and", "or" or the start).
 */
export function attachTimeframes(text: string, operands: Operand[]): string {
  if (!/[⟦⟪⟬]/.test(text)) return text;
  const tag = (letter: string, tf: string) => {
    const i = index(letter);
    if (operands[i]) operands[i] = onTimeframe(operands[i], tf);
  };
  // "⟦H4:1⟧": the bar before the last closed one of that timeframe ("the previous H4 high").
  let out = text.replace(
    /⟦([A-Z0-9]+)(?::(\d+))?⟧\s*((?:the\s+|a\s+)?)§([A-Z])/g,
    (_w, tf: string, back: string | undefined, the: string, l: string) => {
      tag(l, tf);
      const op = operands[index(l)];
      if (back && op?.type === "price") operands[index(l)] = { ...op, shift: op.shift + Number(back) };
      return `${the}§${l}`;
    },
  );
  out = out.replace(/§([A-Z])\s*⟪([A-Z0-9]+)(=?)⟫/g, (_w, l: string, tf: string, declared: string) => {
    tag(l, tf);
    const op = operands[index(l)];
    if (declared && op?.type === "indicator")
      operands[index(l)] = { ...op, ind: { ...op.ind, declared: true } };
    return `§${l}`;
  });
  out = out.replace(/⟬([A-Z0-9]+)⟭/g, (_w, tf: string, offset: number) => {
    const before = out.slice(0, offset);
    const start = Math.max(
      before.lastIndexOf(","),
      before.lastIndexOf(";"),
      before.lastIndexOf(" and "),
      before.lastIndexOf(" or "),
    );
    for (const m of before.slice(start + 1).matchAll(/§([A-Z])/g)) tag(m[1], tf);
    return " ";
  });
  return out.replace(/[⟦⟪][A-Z0-9:=]+[⟧⟫]/g, " ");
}

/** Every timeframe an operand of these was tagged with. */
export function operandTimeframes(ops: readonly Operand[]): string[] {
  const out: string[] = [];
  const walk = (op: Operand) => {
    if (op.type === "indicator" && op.ind.timeframe) out.push(op.ind.timeframe);
    else if (op.type === "price" && op.timeframe) out.push(op.timeframe);
    else if (op.type === "difference") {
      walk(op.a);
      walk(op.b);
    }
  };
  for (const op of ops) walk(op);
  return out;
}
