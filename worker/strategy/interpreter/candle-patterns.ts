import type { CandlePattern, Condition as SpecCondition } from "../spec";
import type { Condition, PatternOperand } from "./facts";

// Candlestick patterns by name (issue 15): "a bullish engulfing candle", "a pin bar / hammer", "shooting star",
// "an inside bar (breakout)". Each name StrategySpec v2 defines (spec-price.ts) becomes one word of the clause
// grammar ("cp-bullish-engulfing") that parseConditions turns into a pattern condition; a name without a side
// takes the side of the rule it ends up in (a buy's engulfing is the bullish one). Names v2 has no definition
// for (doji, morning star, three white soldiers, ...) are asked about, never guessed.

/** The noun and its usual typos; the verb ("engulfs nothing") is left to the rule below that needs its object. */
const TYPO_ENGULF = String.raw`(?:engulfing|engulfin|enguling|engolfing|engufing|engulfung|englufing|engulf)(?![a-z])`;
const PIN = String.raw`(?:pin[\s-]?bars?|pinbars?|pin[\s-]?candles?|pinocchio(?:[\s-]?bars?)?)`;
const INSIDE = String.raw`(?:inside[\s-]?(?:bars?|candles?|candlesticks?)|insidebars?)`;
const SIDE = String.raw`(?:(?<side>bullish|bull|bearish|bear)\s+(?:reversal\s+)?)?`;
/** Words before a name that say nothing of its shape ("a strong", "a valid"). */
const LEAD = String.raw`(?:(?:the|a|an)\s+)?(?:(?:strong|clear|clean|valid|nice|big|good|proper|confirmed|perfect|classic)\s+)?`;
/** What may follow a name: "candle", "pattern", "forms", "is formed", "appears". */
const TAIL = String.raw`(?:\s+(?:candle(?:stick)?s?|bars?))?(?:\s+(?:patterns?|formation|setup|signal))?(?:\s+(?:forms|formed|is\s+formed|has\s+formed|appears|appeared|prints|printed|occurs|shows\s+up))?`;
/** "the previous candle is a pin bar", "the prior bar was an inside bar": the pattern one bar back. */
const ON_PREVIOUS = String.raw`(?:(?:the\s+)?(?<prev>previous|prior|preceding)\s+(?:candle|bar)\s+(?:is|was|forms|formed|makes|made)\s+)?`;
/** "not a pin bar", "no inside bar", "isn't an engulfing": a pattern that must not hold. */
const NEGATED = String.raw`(?:(?<neg>(?:\bnot|\bno|n't|\bnever|\bwithout)\s+(?:be\s+|an?\s+|any\s+)?)|(?<![-\w]))`;
const HEAD = String.raw`${NEGATED}${ON_PREVIOUS}${LEAD}`;
const DIR = String.raw`(?:\s+(?:to\s+the\s+)?(?<dir>upside|downside|up|down|higher|lower))?`;

type Side = "bullish" | "bearish" | null;
type Named = { name: PatternOperand["name"]; side: Side };
type Groups = Partial<Record<"side" | "prev" | "neg" | "dir", string>>;

/** The named groups a replace callback receives last, read field by field (no cast of the match). */
function namedGroups(last: unknown): Groups {
  if (typeof last !== "object" || last === null) return {};
  const g: Groups = {};
  for (const key of ["side", "prev", "neg", "dir"] as const) {
    const v: unknown = Reflect.get(last, key);
    if (typeof v === "string") g[key] = v;
  }
  return g;
}

function sideOf(g: Groups): Side {
  if (g.side) return g.side.startsWith("bull") ? "bullish" : "bearish";
  if (g.dir) return /^(?:up|higher)/.test(g.dir) ? "bullish" : "bearish";
  return null;
}

/** The grammar word of each name: no word the mention scanner reads ("bar" is the price). */
const WORD: Readonly<Record<PatternOperand["name"], string>> = {
  engulfing: "engulfing",
  pinBar: "pinbar",
  insideBar: "insidebar",
  insideBarBreakout: "insidebreak",
  outsideBar: "outsidebar",
  doji: "doji",
};

function token(p: Named, shift: number, negated: boolean): string {
  const side = p.side ? `${p.side}-` : "";
  return `${negated ? "cp-not-" : "cp-"}${side}${WORD[p.name]}${shift ? "-prev" : ""}`;
}

const RULES: ReadonlyArray<readonly [RegExp, (g: Groups) => Named]> = [
  // "an inside bar breakout", "inside bar break to the upside", "the breakout of an inside bar".
  [
    new RegExp(
      String.raw`${HEAD}${SIDE}${INSIDE}(?:\s+(?:candle|pattern))?\s+(?:break[\s-]?out|break)${DIR}`,
      "g",
    ),
    (g) => ({ name: "insideBarBreakout", side: sideOf(g) }),
  ],
  [
    new RegExp(
      String.raw`\b(?:the\s+|a\s+|an\s+)?(?:break[\s-]?out|break)\s+(?:of|from)\s+(?:the\s+|an?\s+)?${INSIDE}${DIR}`,
      "g",
    ),
    (g) => ({ name: "insideBarBreakout", side: sideOf(g) }),
  ],
  [
    new RegExp(String.raw`${HEAD}${SIDE}${TYPO_ENGULF}${TAIL}`, "g"),
    (g) => ({ name: "engulfing", side: sideOf(g) }),
  ],
  // "a candle that engulfs the previous one", "the bar fully engulfs the prior candle's body".
  [
    /\b(?:the\s+|a\s+)?(?:current\s+|last\s+|signal\s+)?(?:candle|bar)\s+(?:that\s+|which\s+)?(?:fully\s+|completely\s+)?engulfs\s+(?:the\s+)?(?:previous|prior|last|preceding)\s+(?:one|candle|bar)(?:'s\s+body)?/g,
    () => ({ name: "engulfing", side: null }),
  ],
  [new RegExp(String.raw`${HEAD}${SIDE}${PIN}${TAIL}`, "g"), (g) => ({ name: "pinBar", side: sideOf(g) })],
  // A hammer is the bullish pin bar's shape, a shooting star the bearish one's (spec-price.ts: a wick of two
  // thirds of the range); "inverted hammer" and "hanging man" are asked about (their side is the other way).
  [
    new RegExp(
      String.raw`${HEAD}(?:bullish\s+)?(?<!inverted\s)hammers?(?:\s+(?:candle(?:stick)?s?|bars?|patterns?))?(?:\s+(?:forms|formed|appears|prints|occurs))?`,
      "g",
    ),
    () => ({ name: "pinBar", side: "bullish" }),
  ],
  [
    new RegExp(
      String.raw`${HEAD}(?:bearish\s+)?shooting[\s-]?stars?(?:\s+(?:candle(?:stick)?s?|bars?|patterns?))?(?:\s+(?:forms|formed|appears|prints|occurs))?`,
      "g",
    ),
    () => ({ name: "pinBar", side: "bearish" }),
  ],
  [
    new RegExp(String.raw`${HEAD}${SIDE}${INSIDE}${TAIL}`, "g"),
    (g) => ({ name: "insideBar", side: sideOf(g) }),
  ],
  // Sideless shapes: "an outside bar", "outside candle", "a doji (candle)".
  [
    new RegExp(String.raw`${HEAD}(?:outside[\s-]?(?:bars?|candles?)|outsidebars?)${TAIL}`, "g"),
    () => ({ name: "outsideBar", side: null }),
  ],
  [new RegExp(String.raw`${HEAD}dojis?${TAIL}`, "g"), () => ({ name: "doji", side: null })],
];

/** "a bullish engulfing candle closes above the 20 ema": the candle's close is the price compared next. */
const THEN_COMPARED =
  /^\s+(?:that\s+|which\s+)?(?:(?:closes|closed|close|is|opens|trades|forms|formed)\s+)?(?:above|below|over|under)\b/;
/** "a pin bar at the lower band", "an engulfing candle on the 50 ema": the bar reaches that line. */
const THEN_AT =
  /^\s+(?:that\s+|which\s+)?(?:(?:forms|formed|appears|prints|touches|touching)\s+)?(?:at|on|near|off|from|touching|touches|into)\s+(?=(?:the\s+)?(?:\d|lower|upper|middle|ema|sma|ma|moving|bollinger|band))/;

/** Rewrites the pattern names of normalised text into grammar words (see parseConditions). */
export function rewritePatternWords(text: string): string {
  let out = text;
  for (const [re, read] of RULES) {
    out = out.replace(re, (...args: unknown[]) => {
      const last = args.at(-1);
      const g = namedGroups(last);
      const negated = g.neg !== undefined;
      // "isn't a pin bar": the verb's "is" stays readable.
      const lead = negated && g.neg?.startsWith("n't") ? " " : "";
      return `${lead}${token(read(g), g.prev ? 1 : 0, negated)}`;
    });
  }
  // A comparison right after the pattern is the pattern's own bar: "cp-... and price closes above ...".
  return out.replace(/\bcp-[a-z-]+/g, (t, at: number, all: string) => {
    const rest = all.slice(at + t.length);
    if (THEN_COMPARED.test(rest)) return `${t} and price`;
    if (THEN_AT.test(rest)) return `${t} and price touches`;
    return t;
  });
}

const NAME_OF = new Map(Object.entries(WORD).map(([name, word]) => [word, name as PatternOperand["name"]]));

/** Grammar word -> pattern operand; null for any other word. */
export function patternToken(word: string): PatternOperand | "negated" | null {
  const m = /^cp-(not-)?(?:(bullish|bearish)-)?([a-z]+)(-prev)?$/.exec(word);
  const name = m ? NAME_OF.get(m[3]) : undefined;
  if (!m || name === undefined) return null;
  if (m[1]) return "negated";
  const side = m[2] === "bullish" || m[2] === "bearish" ? m[2] : null;
  return { type: "pattern", name, side, shift: m[4] ? 1 : 0 };
}

/**
 * The pattern conditions a clause's grammar words name (tokens of parseConditions), and the ones joined by "or"
 * ("cp-bullish-pinbar or a cp-bullish-engulfing"): alternatives, each holding with the clause's other conditions.
 */
export function patternConditions(tokens: readonly string[]): {
  conditions: Condition[];
  alternatives: Condition[] | null;
} {
  const conditions: Condition[] = [];
  const at: number[] = [];
  tokens.forEach((t, i) => {
    const p = patternToken(t);
    if (p && p !== "negated") {
      conditions.push({ op: "pattern", left: p, right: { type: "constant", value: 1 } });
      at.push(i);
    }
  });
  const joined = (a: number, b: number) =>
    /^or(?: (?:a|an|the|on|on a|on an|with a|with an))?$/.test(tokens.slice(a + 1, b).join(" "));
  const alternatives = conditions.filter(
    (_, k) => joined(at[k - 1] ?? -9, at[k]) || joined(at[k], at[k + 1] ?? -9),
  );
  return { conditions, alternatives: alternatives.length >= 2 ? alternatives : null };
}

/**
 * A pattern in a rule's context, as v2 conditions: a name without a side takes the rule's (bullish for a buy's
 * entry and a sell's exit). An inside-bar breakout is the inside bar one bar back and the close beyond its high
 * (a buy) or its low (a sell).
 */
export function patternSpec(
  p: PatternOperand,
  ctx: "longEntry" | "shortEntry" | "longExit" | "shortExit",
): SpecCondition[] {
  const up = p.side === null ? ctx === "longEntry" || ctx === "shortExit" : p.side === "bullish";
  const named = (pattern: CandlePattern, shift: number): SpecCondition => ({
    type: "candlePattern",
    pattern,
    shift,
  });
  switch (p.name) {
    case "engulfing":
      return [named(up ? "bullishEngulfing" : "bearishEngulfing", p.shift)];
    case "pinBar":
      return [named(up ? "bullishPinBar" : "bearishPinBar", p.shift)];
    case "insideBar":
      return [named("insideBar", p.shift)];
    case "outsideBar":
      return [named("outsideBar", p.shift)];
    case "doji":
      return [named("doji", p.shift)];
    case "insideBarBreakout": {
      const close = { type: "price", field: "CLOSE", shift: 0 } as const;
      const level = { type: "price", field: up ? "HIGH" : "LOW", shift: 1 } as const;
      return [
        named("insideBar", 1),
        up
          ? { type: "greaterThan", left: close, right: level }
          : { type: "lessThan", left: close, right: level },
      ];
    }
  }
}

/** Pattern names v2 has no definition for (a question asks how to recognise them). */
const UNDEFINED: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bmorning\s+stars?\b/, "morning star"],
  [/\bevening\s+stars?\b/, "evening star"],
  [/\b(?:three|3)\s+white\s+soldiers\b/, "three white soldiers"],
  [/\b(?:three|3)\s+black\s+crows\b/, "three black crows"],
  [/\bharamis?\b/, "harami"],
  [/\bpiercing\s+(?:line|pattern|candle)\b/, "piercing line"],
  [/\bdark\s+cloud\s+cover\b/, "dark cloud cover"],
  [/\btweezers?\b/, "tweezer top/bottom"],
  [/\bmarubozu\b/, "marubozu"],
  [/\bspinning\s+tops?\b/, "spinning top"],
  [/\bhanging\s+man\b/, "hanging man"],
  [/\binverted\s+hammers?\b/, "inverted hammer"],
  [/\boutside\s+days?\b/, "outside day"],
  [/\babandoned\s+baby\b/, "abandoned baby"],
  [/\bkicker\s+(?:pattern|candle)\b/, "kicker"],
];
/** "a reversal candle pattern", "price action patterns": a pattern left unnamed. */
const UNNAMED = /\b(?:candlestick|candle|reversal|price\s+action)\s+patterns?\b/;

/** What a normalised text says of patterns that v2 cannot build: names without a definition, an unnamed or a negated one. */
export function undefinedPatterns(text: string): string[] {
  const named = UNDEFINED.filter(([re]) => re.test(text)).map(([, name]) => `the ${name} pattern`);
  if (named.length === 0 && UNNAMED.test(text) && !/\bcp-(?!not-)/.test(text))
    named.push("a candlestick pattern without its name");
  if (/\bcp-not-/.test(text)) named.push(NEGATED_NAME);
  return named;
}

const NEGATED_NAME = "a pattern that must not form";

export function patternQuestion(names: readonly string[]): string {
  if (names.length === 1 && names[0] === NEGATED_NAME)
    return "I can't build a candle pattern that must not form (such as 'not an inside bar') yet. Should I drop that condition, or should a pattern that must form be used instead?";
  return `I can't build ${names.join(" or ")} yet: that candle pattern has no definition here. How should it be recognised on the bars (e.g. 'the close is above the open and the low is below the previous low'), or should I use a pattern I know instead: bullish/bearish engulfing, pin bar (hammer, shooting star), inside bar or its breakout, outside bar, doji, a bullish or bearish candle?`;
}
