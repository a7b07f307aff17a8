import { DAY_END_EXTRACTORS } from "./day-end";
import type { Extractor as ExtractorOf } from "./extract";
import type { Facts, IndicatorKind, ParamName, ParamValues } from "./facts";
import { fixedZoneWord, utcClock } from "./zones";

// Chat phrases for the fields that edits.ts does not reach (issue 15: "every field of the spec can be changed
// in the chat"): indicator parameters by name or in MT5's order, channel lengths, structural stops, time and
// bar exits, entry limits, pending orders, the clock, undo. Each phrase becomes an Edit; edit-apply.ts says
// what it changed or asks when it cannot be applied. Text arrives normalised (normalize.ts).

export type ChatExtractor = ExtractorOf<Facts> & { needsSpec: boolean };

const NUM = "(\\d+(?:\\.\\d+)?)";
const KIND_WORDS: ReadonlyArray<readonly [RegExp, IndicatorKind]> = [
  [/^rsi$/, "rsi"],
  [/^macd$/, "macd"],
  [/^(?:bollinger(?:\s+bands?)?|bands?)$/, "bollinger"],
  [/^stochastic$/, "stochastic"],
  [/^atr$/, "atr"],
  [/^cci$/, "cci"],
  [/^adx$/, "adx"],
  [/^momentum$/, "momentum"],
];
const KIND = "(rsi|macd|bollinger(?:\\s+bands?)?|bands?|stochastic|atr|cci|adx|momentum)";

export function kindOf(word: string | undefined): IndicatorKind | null {
  const w = (word ?? "").trim();
  for (const [re, k] of KIND_WORDS) if (re.test(w)) return k;
  return null;
}

const PARAM_WORDS: ReadonlyArray<readonly [RegExp, ParamName]> = [
  [/^(?:period|length|lookback|bars?)$/, "period"],
  [/^(?:deviations?|std|sd|std\s*dev|standard\s+deviations?|multiplier|width)$/, "deviation"],
  [/^(?:fast|fast\s+(?:ema|ma|period|length|line))$/, "fast"],
  [/^(?:slow|slow\s+(?:ema|ma|period|length|line))$/, "slow"],
  [/^(?:signal|signal\s+(?:line|period|length|ema|ma|sma))$/, "signal"],
  [/^(?:%?k|%?k\s+(?:period|line|length))$/, "k"],
  [/^(?:%?d|%?d\s+(?:period|line|length))$/, "d"],
  [/^(?:slowing|smoothing)$/, "slowing"],
];
const PARAM =
  "(period|length|lookback|deviations?|std\\s*dev|std|standard\\s+deviations?|multiplier|fast(?:\\s+(?:ema|ma|period|length|line))?|slow(?:\\s+(?:ema|ma|period|length|line))?|signal(?:\\s+(?:line|period|length|ema|ma|sma))?|%k(?:\\s+(?:period|line|length))?|%d(?:\\s+(?:period|line|length))?|k\\s+period|d\\s+period|slowing|smoothing)";

function paramOf(word: string | undefined): ParamName | null {
  const w = (word ?? "").trim().replace(/\s+/g, " ");
  for (const [re, p] of PARAM_WORDS) if (re.test(w)) return p;
  return null;
}

/** Numbers of a settings list: "8/21/5", "(30, 2.5)", "14 3 3". */
function numbers(s: string): number[] {
  return (s.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
}

const VERB = "(?:change|set|make|use|adjust|switch|put|move|update|try|increase|decrease|raise|lower|reduce)";
/** After the numbers, a condition rather than a setting: "rsi 14 crosses above 30" is a rule, not an edit. */
const NOT_RULE =
  "(?!\\s*(?:is\\b|crosses|cross\\b|above|below|over\\b|under\\b|between|<|>|level|goes|rises|falls|drops|turns|and\\s+\\d))";

const DAY_NUMBERS: Record<string, number> = {
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
  sun: 7,
};
const DAY =
  "(mon(?:day)?s?|tue(?:s|sday)?s?|wed(?:s|nesday)?s?|thu(?:r|rs|rsday)?s?|fri(?:day)?s?|sat(?:urday)?s?|sun(?:day)?s?)(?![a-z])";
const CLOCK =
  "(\\d{1,2})(?::(\\d{2}))?\\s*(am|pm)?(?:\\s+(?:server\\s+time|broker\\s+time|utc|gmt|est|edt))?";

/** "16:00", "4pm", "21" (with a colon or am/pm, or after "at" and "o'clock") as HH:MM; null when invalid. */
export function clock(h: string | undefined, m: string | undefined, ampm: string | undefined): string | null {
  let hour = Number(h);
  const minute = m === undefined ? 0 : Number(m);
  if (!Number.isInteger(hour) || minute > 59) return null;
  if (ampm === "pm" && hour < 12) hour += 12;
  if (ampm === "am" && hour === 12) hour = 0;
  if (hour > 23) return hour === 24 && minute === 0 ? "00:00" : null;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

function pushParams(
  f: Facts,
  kind: IndicatorKind | null,
  named: ParamValues,
  list: number[],
  phrase: string,
) {
  f.edits.push({ type: "setParams", kind, named, list, phrase: phrase.trim() });
}

export const CHAT_EXTRACTORS: ChatExtractor[] = [
  // Undo: the whole message asks for the previous version.
  {
    re: /^\s*(?:ok\s*,?\s*|no\s*,?\s*|please\s+)?(?:undo|revert|go\s+back|roll\s*back|put\s+it\s+back|change\s+it\s+back|restore)(?:\s+(?:that|this|it|the\s+last\s+(?:change|edit)|that\s+change|the\s+change|my\s+last\s+change|to\s+(?:the\s+)?(?:previous|last|earlier)\s+(?:version|one|spec|strategy)|to\s+(?:what|how)\s+it\s+was|please|again|last))*\s*[.!]*\s*$/g,
    needsSpec: true,
    apply: (_m, f) => {
      f.edits.push({ type: "undo" });
      return true;
    },
  },
  // "use server time", "the hours are broker time": the clock every time of the spec is read on.
  {
    re: /\b(?:use|using|in|on|read(?:\s+in)?|switch\s+to|those\s+are|these\s+are|(?:the\s+)?(?:hours|times)\s+are(?:\s+in)?)\s+(?:the\s+)?(?:server|broker(?:'s)?|platform|mt5|metatrader)\s+(?:server\s+)?(?:time|clock|hours)\b/g,
    needsSpec: true,
    apply: (_m, f) => {
      f.edits.push({ type: "serverTime" });
      return true;
    },
  },
  // "never more than 1 trade open", "only 1 position open at a time".
  {
    re: /\b(?:never|don't|do\s+not|dont)\s+(?:have\s+|open\s+|hold\s+)?more\s+than\s+(\d+)\s+(?:open\s+)?(?:trades?|positions?)(?:\s+(?:open|at\s+(?:a|the\s+same)\s+time|at\s+once))*|\bonly\s+(\d+)\s+(?:open\s+)?(?:trades?|positions?)\s+(?:open\s+)?(?:at\s+(?:a|the\s+same)\s+time|at\s+once)/g,
    needsSpec: false,
    apply: (m, f) => {
      const n = Number(m[1] ?? m[2]);
      if (!(Number.isInteger(n) && n >= 1 && n <= 100)) return false;
      f.maxPositions = n;
      return true;
    },
  },
  // Trades per day: "max 2 trades per day", "only 1 trade a day", "one entry per day", "max daily trades 2".
  {
    re: /\b(?:(?:max(?:imum)?(?:\s+of)?|at\s+most|no\s+more\s+than|only|up\s+to|limit(?:\s+(?:it\s+)?to)?|never\s+more\s+than)\s+)?(\d+)\s+(?:new\s+)?(?:trades?|entries|entry|positions?)\s+(?:per|a|each)\s+day\b|\bmax(?:imum)?\s+(?:trades?|entries)\s+per\s+day\s*(?:of|=|:|to)?\s*(\d+)|\bmax(?:imum)?\s+(?:daily\s+(?:trades?|entries)|(?:trades?|entries)\s+daily)\s*(?:of|=|:|to)?\s*(\d+)/g,
    needsSpec: false,
    apply: (m, f) => {
      const n = Number(m[1] ?? m[2] ?? m[3]);
      if (!(Number.isInteger(n) && n >= 1 && n <= 100)) return false;
      f.edits.push({ type: "maxTradesPerDay", value: n });
      return true;
    },
  },
  // Spread: "no trades when the spread is above 3 pips", "max spread 20 points".
  {
    re: new RegExp(
      `\\b(?:(?:no|don't|do\\s+not|dont|never|avoid)\\s+(?:trades?|trading|entries|enter|open(?:ing)?(?:\\s+trades)?)\\s+(?:when|if|while)\\s+(?:the\\s+)?spread\\s+(?:is\\s+)?(?:above|over|wider\\s+than|more\\s+than|greater\\s+than|>|bigger\\s+than)\\s+${NUM}\\s*(pips?|points?)|\\bmax(?:imum)?\\s+spread\\s*(?:of|=|:|to)?\\s*${NUM}\\s*(pips?|points?))`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => {
      const v = Number(m[1] ?? m[3]);
      const unit = (m[2] ?? m[4] ?? "").startsWith("point") ? "points" : "pips";
      if (!(v > 0)) return false;
      f.edits.push({ type: "maxSpread", value: v, unit });
      return true;
    },
  },
  // Spread as a requirement of an entry: "the spread must be lower than 2 pips" ("equal or lower than" reads as
  // "lower than", normalize.ts), "only trade when the spread is below 1.5 pips", "spread not more than 20
  // points", "spread <= 2 pips". A spread limit gates every entry (limits.maxSpread), whichever side said it.
  {
    re: new RegExp(
      `\\bspread\\s+(?:(?:must|should|has\\s+to|needs\\s+to)\\s+be\\s+|is\\s+|of\\s+)?(?:<=?|below|under|lower\\s+than|less\\s+than|smaller\\s+than|not\\s+(?:more|greater|higher|bigger|wider)\\s+than|no\\s+(?:more|greater|higher|wider)\\s+than|at\\s+most|up\\s+to|within)\\s*${NUM}\\s*(pips?|points?)`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => {
      const v = Number(m[1]);
      if (!(v > 0)) return false;
      f.edits.push({
        type: "maxSpread",
        value: v,
        unit: (m[2] ?? "").startsWith("point") ? "points" : "pips",
      });
      return true;
    },
  },
  // Time exits off: "no time exit", "don't close at the end of the day", "remove the close at 16:00".
  {
    re: /\b(?:remove|drop|delete|no|without|disable|turn\s+off)\s+(?:the\s+|any\s+)?(?:time(?:d)?\s+exits?|time\s+stops?|end[\s-]of[\s-]day\s+(?:close|exit)|daily\s+close|(?:close|exit)\s+at\s+\d{1,2}(?::\d{2})?\s*(?:am|pm)?|friday\s+close)\b|\b(?:don't|do\s+not|dont)\s+close\s+(?:trades\s+|positions\s+)?(?:at\s+(?:the\s+end\s+of\s+the\s+day|\d{1,2}(?::\d{2})?\s*(?:am|pm)?)|on\s+fridays?|after\s+\d+\s+(?:bars|candles))/g,
    needsSpec: false,
    apply: (_m, f) => {
      f.edits.push({ type: "removeTimeExits" });
      return true;
    },
  },
  // "At the end of the day the trade is closed" (day-end.ts).
  ...DAY_END_EXTRACTORS.map((x) => ({ ...x, needsSpec: false })),
  // Close at a time: "close at 16:00", "close all trades at 9pm on fridays", "flat by 21:00 friday".
  {
    re: new RegExp(
      `\\b(?:(?:on\\s+)?${DAY}\\s+)?(?:close|exit|flatten|get\\s+out\\s+of|be\\s+flat|go\\s+flat|square\\s+up)(?:\\s+(?:all|every|any|the|open|my))*(?:\\s+(?:trades?|positions?|everything))?\\s+(?:by|at|before)\\s+${CLOCK}(?:\\s+(?:o'clock|hour))?(?:\\s+(?:on|every)\\s+${DAY})?(?![\\w:])`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => {
      // A bare "at 16" needs a colon, am/pm or o'clock to be a time, not a level ("close at 50").
      if (
        m[3] === undefined &&
        m[4] === undefined &&
        !/o'clock|hour|server|broker|utc|gmt|est|edt/.test(m[0])
      )
        return false;
      const given = clock(m[2], m[3], m[4]);
      if (!given) return false;
      const time = utcClock(given, fixedZoneWord(m[0]));
      const dayWord = m[1] ?? m[5];
      const day = dayWord ? DAY_NUMBERS[dayWord.slice(0, 3)] : undefined;
      f.edits.push({ type: "closeAt", time, weekdays: day ? [day] : null });
      return true;
    },
  },
  // The same in the passive, as descriptions state it: "all trades are closed at 21:00", "positions are shut
  // at EST 12 noon", "open orders get closed by 5pm on friday".
  {
    re: new RegExp(
      `\\b(?:(?:all|every|any|the|open|my|remaining)\\s+)*(?:trades?|positions?|orders?|deals?)\\s+(?:are|is|get|gets|will\\s+be|must\\s+be|should\\s+be|to\\s+be)\\s+(?:all\\s+)?(?:closed|shut|exited|liquidated|flattened|squared)(?:\\s+(?:down|out))?\\s+(?:by|at|before)\\s+(?:(?:gmt|utc|est|edt|et|server\\s+time)\\s+)?${CLOCK}(?:\\s+(?:o'clock|hour))?(?:\\s+(?:on|every)\\s+${DAY})?(?![\\w:])`,
      "g",
    ),
    needsSpec: false,
    apply: (m, f) => {
      if (
        m[2] === undefined &&
        m[3] === undefined &&
        !/o'clock|hour|server|utc|gmt|est|edt|\bet\b/.test(m[0])
      )
        return false;
      const given = clock(m[1], m[2], m[3]);
      if (!given) return false;
      const time = utcClock(given, fixedZoneWord(m[0]));
      const day = m[4] ? DAY_NUMBERS[m[4].slice(0, 3)] : undefined;
      f.edits.push({ type: "closeAt", time, weekdays: day ? [day] : null });
      return true;
    },
  },
  // Close after N bars: "exit after 10 bars", "close trades after 5 candles", "hold for 3 days max".
  {
    re: /\b(?:(?:close|exit|get\s+out)\s+(?:the\s+|all\s+|any\s+|open\s+)*(?:trades?|positions?)?\s*after\s+(\d+)\s+(bars?|candles?|hours?|days?)|hold\s+(?:trades?\s+|positions?\s+|it\s+|them\s+)?(?:for\s+)?(?:at\s+most\s+|max(?:imum)?\s+|up\s+to\s+)?(\d+)\s+(bars?|candles?|hours?|days?)(?:\s+max(?:imum)?|\s+at\s+most)?|time\s+stop\s+(?:of|at|after)?\s*(\d+)\s+(bars?|candles?|hours?|days?))\b/g,
    needsSpec: false,
    apply: (m, f) => {
      const n = Number(m[1] ?? m[3] ?? m[5]);
      const unit = m[2] ?? m[4] ?? m[6] ?? "";
      if (!(Number.isInteger(n) && n >= 1)) return false;
      if (/^(?:bar|candle)/.test(unit)) f.edits.push({ type: "afterBars", count: n, unit: "bars" });
      else
        f.edits.push({
          type: "afterBars",
          count: unit.startsWith("day") ? n * 1440 : n * 60,
          unit: "minutes",
        });
      return true;
    },
  },
  // Structural stop: "stop at the prior candle's low (its high for sells)",
  // "stop below the previous bar's low", "stop at the lowest low of the last 10 bars".
  {
    re: /\b(?:stop\s+loss|stop)\b(?:\s+(?:at|below|above|under|beyond|on|to|behind))+\s+(?:the\s+)?(?:(?:low|high)\s+of\s+the\s+(?:previous|prior|last|signal|entry|preceding)\s+(?:candle|bar)|(?:previous|prior|last|signal|preceding)\s+(?:candle|bar)(?:'s)?\s+(?:low|high)|(?:lowest\s+low|highest\s+high|low|high)\s+of\s+the\s+(?:last|previous|prior|past)\s+(\d+)\s+(?:candles|bars)|(?:last|previous|prior|past)\s+(\d+)\s+(?:candle|bar)\s+(?:low|high))(?:\s+instead(?:\s+of\s+(?:the\s+)?\d+(?:\.\d+)?\s*(?:pips?|points?))?)?(?:\s*\(?\s*(?:and\s+)?(?:the\s+)?(?:high|low)\s+for\s+(?:the\s+)?(?:sells?|shorts?|buys?|longs?)\s*\)?)?/g,
    needsSpec: false,
    apply: (m, f) => {
      const n = Number(m[1] ?? m[2]);
      f.edits.push({
        type: "stopAt",
        level: Number.isInteger(n) && n >= 1 ? { type: "bars", bars: n } : { type: "candle" },
      });
      return true;
    },
  },
  // Break-even moved in a chat: "move breakeven to 15 pips", "breakeven trigger 20 pips".
  {
    re: /\b(?:move|set|change|put|make)\s+(?:the\s+)?breakeven(?:\s+(?:trigger|level|point))?\s+(?:to|at|after)\s+(\d+(?:\.\d+)?)\s*(pips?|points?)(?:\s+(?:of\s+)?(?:profit|in\s+profit|up))?|\bbreakeven\s+(?:trigger|level|point)\s*(?:to|at|of|=|:)?\s*(\d+(?:\.\d+)?)\s*(pips?|points?)/g,
    needsSpec: true,
    apply: (m, f) => {
      const v = Number(m[1] ?? m[3]);
      if (!(v > 0)) return false;
      const unit = (m[2] ?? m[4] ?? "").startsWith("point") ? "points" : "pips";
      f.breakEven = { trigger: { unit, value: v }, offset: null };
      return true;
    },
  },
  // Market orders instead of pending ones; pending order type.
  {
    re: /\b(?:use|with|enter\s+(?:with|at))\s+(?:a\s+)?market\s+(?:orders?|entr(?:y|ies)|execution)(?:\s+instead)?|\b(?:no|without|drop|remove)\s+(?:the\s+)?pending\s+orders?\b/g,
    needsSpec: true,
    apply: (_m, f) => {
      f.edits.push({ type: "pendingOrder", order: "market" });
      return true;
    },
  },
  // Pending order expiry: "cancel the order after 3 bars", "pending orders expire at 22:00".
  {
    re: new RegExp(
      `\\b(?:(?:cancel|delete|remove|expire|kill)\\s+(?:the\\s+|any\\s+|unfilled\\s+|pending\\s+)*(?:orders?\\s+)?|(?:the\\s+|unfilled\\s+|pending\\s+)*orders?\\s+(?:expire|expires|are\\s+(?:cancelled|canceled|deleted))\\s+|expiry\\s+(?:of\\s+)?|expiration\\s+(?:of\\s+)?)(?:(?:after|in)\\s+(\\d+)\\s+(?:bars?|candles?)|(?:at|by)\\s+${CLOCK})(?![\\w:])`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      if (m[1]) {
        f.edits.push({ type: "pendingExpiry", bars: Number(m[1]), at: null });
        return true;
      }
      const at = clock(m[2], m[3], m[4]);
      if (!at) return false;
      f.edits.push({ type: "pendingExpiry", bars: null, at });
      return true;
    },
  },
  // Channel lengths: "use 55 days for the entry channel", "make the exit channel 20 bars",
  // "breakout of the 30 bar high instead", "entry lookback 40".
  {
    re: /\b(?:(?:use|make|set|change|switch)\s+(?:it\s+to\s+)?(?:the\s+)?(?:(entry|exit|breakout)\s+)?(?:channel|breakout|lookback|range|donchian)?\s*(?:to\s+|at\s+)?(\d+)\s+(days?|bars?|candles?|periods?)\s+(?:for|on|in)\s+(?:the\s+)?(entry|exit|breakout)?\s*(?:channel|breakout|lookback|range|donchian|highs?|lows?|highs?\s+and\s+lows?)|(?:the\s+)?(entry|exit)?\s*(?:channel|breakout|lookback|donchian)(?:\s+(?:length|period|lookback))?\s*(?:to|=|:|of|at)?\s*(\d+)\s*(days?|bars?|candles?|periods?)?(?!\s*(?:pips?|points?|%))|(\d+)\s+(days?|bars?|candles?)\s+(?:(entry|exit)\s+)?(?:channel|breakout|lookback|donchian))/g,
    needsSpec: true,
    apply: (m, f) => {
      const n = Number(m[2] ?? m[6] ?? m[8]);
      if (!(Number.isInteger(n) && n >= 1 && n <= 1000)) return false;
      const scopeWord = m[1] ?? m[4] ?? m[5] ?? m[10];
      const scope = scopeWord === "exit" ? "exit" : scopeWord ? "entry" : null;
      const unitWord = m[3] ?? m[7] ?? m[9] ?? "";
      f.edits.push({
        type: "setLevelBars",
        scope,
        bars: n,
        unit: unitWord.startsWith("day") ? "days" : "bars",
      });
      return true;
    },
  },
  // Named parameters: "macd fast 8 slow 21 signal 5", "the signal line to 5", "stochastic %k 14",
  // "deviation 2.5", "rsi period from 14 to 9".
  {
    re: new RegExp(
      `\\b(?:${VERB}\\s+)?(?:the\\s+)?(?:${KIND}(?:'s)?\\s+)?${PARAM}\\s*(?:to|=|:|of|at|from\\s+\\d+(?:\\.\\d+)?\\s+to)?\\s*${NUM}${NOT_RULE}(?:\\s*(?:,|and)?\\s*(?:the\\s+)?${PARAM}\\s*(?:to|=|:|of|at)?\\s*${NUM})?(?:\\s*(?:,|and)?\\s*(?:the\\s+)?${PARAM}\\s*(?:to|=|:|of|at)?\\s*${NUM})?`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      const named: ParamValues = {};
      for (const [pi, vi] of [
        [2, 3],
        [4, 5],
        [6, 7],
      ] as const) {
        const p = paramOf(m[pi]);
        if (p && m[vi] !== undefined) named[p] = Number(m[vi]);
      }
      if (Object.keys(named).length === 0) return false;
      pushParams(f, kindOf(m[1]), named, [], m[0]);
      return true;
    },
  },
  // Old settings to new: "rsi 14 -> 9", "macd from 12/26/9 to 8/21/5", "bands (20, 2) to (30, 2.5)".
  {
    re: new RegExp(
      `\\b(?:${VERB}\\s+)?(?:the\\s+)?${KIND}(?:\\s+(?:period|length|settings?))?\\s*(?:from\\s*)?\\(?\\s*\\d+(?:\\.\\d+)?(?:\\s*[,/]\\s*\\d+(?:\\.\\d+)?){0,2}\\s*\\)?\\s*(?:->|=>|to|into)\\s*\\(?\\s*(${NUM.slice(1, -1)}(?:\\s*[,/]\\s*\\d+(?:\\.\\d+)?){0,2})\\s*\\)?${NOT_RULE}`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      pushParams(f, kindOf(m[1]), {}, numbers(m[2] ?? ""), m[0]);
      return true;
    },
  },
  // Settings in MT5's order after the kind: "macd 8/21/5", "make the rsi 9", "bollinger(30, 2.5)",
  // "change the stochastic to 5,3,3", "rsi 14 -> 9", "rsi 21 instead of 14".
  {
    re: new RegExp(
      `\\b(${VERB}\\s+)?(?:the\\s+|an?\\s+)?${KIND}(?:\\s+(?:indicator|settings?|parameters?|inputs?))?\\s*(?:(?:to|=|:|at|with|->|from\\s+[\\d.,/ ]+?\\s*(?:to|->))\\s*)?\\(?\\s*${NUM}(?:\\s*(?:,|\\/|\\s)\\s*${NUM})?(?:\\s*(?:,|\\/|\\s)\\s*${NUM})?\\s*\\)?(?:\\s+(?:instead(?:\\s+of\\s+[\\d.,/ ]+)?|please))?${NOT_RULE}`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f, before) => {
      // Without a verb, only a message (or sentence) that is nothing but the setting: "macd 8/21/5".
      const alone = /(?:^|[.;\n!?]|\bok\b|,)\s*$/.test(before);
      if (!m[1] && !alone && !/->|\bto\b|instead|settings?|parameters?/.test(m[0])) return false;
      const list = [m[3], m[4], m[5]].filter((x): x is string => x !== undefined).map(Number);
      // "rsi 14 -> 9" / "from 14 to 9": the old values are not settings.
      const arrow = /(?:->|\bfrom\b[\d.,/ ]+?(?:to|->))\s*\(?\s*([\d.,/ ]+)/.exec(m[0]);
      pushParams(f, kindOf(m[2]), {}, arrow ? numbers(arrow[1]) : list, m[0]);
      return true;
    },
  },
  // The length before the kind: "use a 9 period rsi", "a 21 cci instead".
  {
    re: new RegExp(
      `\\b(?:use|try|switch\\s+to|make\\s+it|what\\s+about|how\\s+about|go\\s+with)\\s+(?:an?\\s+|the\\s+)?(\\d+)\\s+(?:period\\s+|length\\s+|bar\\s+)?${KIND}${NOT_RULE}`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      pushParams(f, kindOf(m[2]), { period: Number(m[1]) }, [], m[0]);
      return true;
    },
  },
  // Kind-less: "period 30", "make the period 30", "2.5 deviations", "make it 30 periods".
  {
    re: new RegExp(
      `\\b(?:${VERB}\\s+)?(?:the\\s+|it\\s+)?(?:(period|length|lookback)\\s*(?:to|=|:|of|at)?\\s*${NUM}|${NUM}\\s+(periods?|standard\\s+deviations?|deviations?|std|sd))\\b${NOT_RULE}`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      const v = Number(m[2] ?? m[3]);
      const p = m[1] ? "period" : /dev|std|sd/.test(m[4] ?? "") ? "deviation" : "period";
      pushParams(f, null, { [p]: v }, [], m[0]);
      return true;
    },
  },
];
