import {
  type BasicOperand,
  type Condition,
  type Indicator,
  mapSingleBar,
  type Operand,
  type Rule,
  type SingleBarCondition,
  type StrategySpec,
} from "../spec";
import type { EditOutcome } from "./edit-apply";
import type { ChatExtractor } from "./edit-phrases";
import { kindOf } from "./edit-phrases";
import { type Edit, type Side, SPEC_KIND } from "./facts";
import { isMa } from "./indicators";
import { LEVEL, levelOf } from "./levels";
import { replaceIndicator } from "./spec-edits";

// Chat edits of what a rule compares with (issue 15): an indicator's threshold ("set the RSI level to 55",
// "make the overbought level 75", "use 25 instead of 20 for ADX") and how an entry is sent, at the market or
// as a pending order at a price ("enter with a buy stop 5 pips above the high instead", "just enter at
// market"). Text arrives normalised (normalize.ts), which already wrote "buy stop N pips above X" as "buy when
// price crosses above N pips above X"; both forms are read here.

type SetLevel = Extract<Edit, { type: "setLevel" }>;
type PendingAt = Extract<Edit, { type: "pendingAt" }>;
type SetAtrMultiple = Extract<Edit, { type: "setAtrMultiple" }>;

const EXIT_PART =
  "(stop(?:\\s+loss)?|sl|take\\s+profit|tp|target|profit\\s+target|trail(?:ing)?(?:\\s+stop)?)";
function exitPart(word: string | undefined): SetAtrMultiple["which"] {
  if (word === undefined) return null;
  if (/^trail/.test(word)) return "trail";
  if (/^(?:take|tp|target|profit)/.test(word)) return "target";
  return "stop";
}

const NUM = "(-?\\d+(?:\\.\\d+)?)";
const KIND = "(rsi|macd|bollinger(?:\\s+bands?)?|stochastic|atr|cci|adx|momentum)";
const VERB = "(?:change|set|make|use|adjust|switch|put|move|update|try|increase|decrease|raise|lower|reduce)";
/** Which level a trader names: the zone word, the rule's side, or the part of the strategy. */
const WHICH =
  "(overbought|oversold|upper|lower|high(?:er)?|low(?:er)?|buy|sell|long|short|entry|exit|top|bottom)";

function whichOf(word: string | undefined): SetLevel["which"] {
  switch (word) {
    case undefined:
      return null;
    case "overbought":
    case "upper":
    case "high":
    case "higher":
    case "top":
      return "upper";
    case "oversold":
    case "lower":
    case "low":
    case "bottom":
      return "lower";
    case "buy":
    case "long":
      return "long";
    case "sell":
    case "short":
      return "short";
    case "entry":
      return "entry";
    case "exit":
      return "exit";
    default:
      return null;
  }
}

/** A price a pending order is placed at, as the trader said it, for the side named. */
const CANDLE_LEVEL =
  "(?:the\\s+)?(?:(?:signal|previous|prior|last|entry|breakout|setup)\\s+(?:candle|bar)(?:'s)?\\s+)?(high|low)(?:\\s+of\\s+the\\s+(?:signal|previous|prior|last|entry|setup)\\s+(?:candle|bar))?";
const LEVEL_TEXT = `(${CANDLE_LEVEL}|[a-z0-9' ]{3,40}?\\s+(?:high|low|open|close))`;

/** The operand of a level phrase: the signal candle's high or low, or an N-bar/previous-day level (levels.ts). */
export function pendingLevel(text: string): BasicOperand | null {
  const t = text.trim();
  const candle = new RegExp(`^${CANDLE_LEVEL}$`).exec(t);
  if (candle) return { type: "price", field: candle[1] === "high" ? "HIGH" : "LOW", shift: 0 };
  LEVEL.lastIndex = 0;
  const m = LEVEL.exec(t);
  if (!m || m[0].trim() !== t) return null;
  const op = levelOf([...m]);
  return op && op.type !== "expression" ? op : null;
}

function placed(
  side: Side,
  order: "stop" | "limit",
  dist: string | undefined,
  unit: string | undefined,
  where: string | undefined,
  level: string,
): PendingAt | null {
  const base = pendingLevel(level);
  if (!base) return null;
  let price: Operand = base;
  if (dist !== undefined) {
    const up = where === "above" || where === "over";
    price = {
      type: "expression",
      a: base,
      k: 1,
      offset: { value: (up ? 1 : -1) * Number(dist), unit: unit?.startsWith("point") ? "points" : "pips" },
    };
  }
  return { type: "pendingAt", order, side, price };
}

export const LEVEL_EXTRACTORS: ChatExtractor[] = [
  // "change the atr multiplier for the stop to 2.5", "stop atr multiple 3", "the target's atr factor = 4".
  {
    re: new RegExp(
      `\\b(?:${VERB}\\s+)?(?:the\\s+)?(?:${EXIT_PART}(?:'s)?\\s+)?atr\\s+(?:multiplier|multiple|factor|mult)(?:\\s+(?:for|of|on)\\s+(?:the\\s+)?${EXIT_PART})?\\s*(?:to|=|:|of|at)?\\s*(\\d+(?:\\.\\d+)?)(?:\\s*x)?`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      const value = Number(m[3]);
      if (!(value > 0 && value <= 100)) return false;
      f.edits.push({ type: "setAtrMultiple", which: exitPart(m[1] ?? m[2]), value });
      return true;
    },
  },
  // "use the 50 ema instead of the 21", "a 100 sma instead of the 200": one moving average's new length.
  {
    re: /\b(?:use|try|make\s+it|switch\s+to|go\s+with)\s+(?:the\s+|an?\s+)?(\d+)(?:\s+period)?\s+(?:sma|ema|smma|lwma|ma)\s+instead\s+of\s+(?:the\s+|an?\s+)?(\d+)(?:\s+(?:period\s+)?(?:sma|ema|smma|lwma|ma))?\b/g,
    needsSpec: true,
    apply: (m, f) => {
      const to = Number(m[1]);
      const from = Number(m[2]);
      if (!(Number.isInteger(to) && to >= 1)) return false;
      f.edits.push({ type: "setMaPeriodFrom", from, to });
      return true;
    },
  },
  // New hours in a chat, without a zone or colon: "trade 9-18 instead", "only trade from 7 to 16".
  {
    re: /\b(?:only\s+)?(?:trade|trading|entries|enter|open\s+trades?)\s+(?:only\s+)?(?:from\s+|between\s+)?(\d{1,2})\s*(?:-|to|and)\s*(\d{1,2})(?:\s+(?:instead|only))?(?=\s*(?:$|[.,;!]))/g,
    needsSpec: true,
    apply: (m, f) => {
      const from = Number(m[1]);
      const to = Number(m[2]);
      if (!(from <= 23 && to <= 24 && from !== to % 24)) return false;
      f.hours = { from, to };
      return true;
    },
  },
  // "buy stop 5 pips above the high", "a sell limit 3 pips above the signal candle's high", "buy stop at the high".
  {
    re: new RegExp(
      `\\b(buy|sell)\\s+(stop|limit)(?:\\s+orders?)?\\s+(?:(?:is\\s+|are\\s+)?(?:placed|set|put)\\s+)?(?:at\\s+)?(?:${NUM}\\s*(pips?|points?)\\s+(above|below|over|under)\\s+)?${LEVEL_TEXT}(?:\\s+instead)?`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      const order = m[2] === "limit" ? "limit" : "stop";
      const e = placed(m[1] === "sell" ? "short" : "long", order, m[3], m[4], m[5], m[6] ?? "");
      if (!e) return false;
      f.edits.push(e);
      return true;
    },
  },
  // The normalised form of a buy/sell stop at a distance from a level (levels.ts LEVEL_REWRITES), in a chat:
  // "enter with buy when price crosses above 5 pips above the high instead".
  {
    re: new RegExp(
      `\\b(?:(?:enter|entries|entry|get\\s+in|go\\s+in|open\\s+trades?)\\s+(?:with|using|via|on|by)\\s+(?:an?\\s+)?)?(buy|sell)\\s+when\\s+price\\s+crosses\\s+(?:above|below)\\s+${NUM}\\s*(pips?|points?)\\s+(above|below|over|under)\\s+${LEVEL_TEXT}(?:\\s+instead)?`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f, before) => {
      // Only as an edit of how an existing rule enters: "enter with ..." or "... instead".
      if (
        !/\b(?:enter|entries|entry|get\s+in|go\s+in|open\s+trades?)\s+(?:with|using|via|on|by)/.test(m[0]) &&
        !/instead/.test(m[0])
      )
        return false;
      if (/\b(?:when|if)\b[^.;]*$/.test(before)) return false;
      const e = placed(m[1] === "sell" ? "short" : "long", "stop", m[2], m[3], m[4], m[5] ?? "");
      if (!e) return false;
      f.edits.push(e);
      return true;
    },
  },
  // Back to market orders: "just enter at market", "buy at the market instead", "no more stop orders".
  {
    re: /\b(?:just\s+|simply\s+)?(?:enter|entries|buy|sell|get\s+in|go\s+in|open(?:\s+(?:the\s+)?trades?)?)\s+(?:at|on|with)\s+(?:the\s+)?market(?:\s+(?:price|orders?|execution))?(?:\s+instead)?|\b(?:no|without|drop|remove)\s+(?:more\s+)?(?:the\s+)?(?:stop|limit|pending)\s+(?:entry\s+)?orders?\b|\bmarket\s+(?:orders?|entr(?:y|ies))\s+instead\b/g,
    needsSpec: true,
    apply: (_m, f) => {
      f.edits.push({ type: "pendingOrder", order: "market" });
      return true;
    },
  },
  // Two levels at once: "use 75/25 instead of 80/20" (each old value becomes the new one in its place),
  // "change the levels to 35 and 65", "rsi levels 20/80" (the higher one is the overbought level).
  {
    re: new RegExp(
      `\\b(?:${VERB}\\s+)?(?:the\\s+)?(?:${KIND}\\s+)?(?:(levels?|thresholds?|overbought\\s*(?:\\/|and)\\s*oversold|oversold\\s*(?:\\/|and)\\s*overbought)(?:\\s+levels?)?\\s*(?:to|=|:|at|of)?\\s*)?${NUM}\\s*(?:\\/|and|,)\\s*${NUM}(?:\\s+(instead)(?:\\s+of\\s+${NUM}\\s*(?:\\/|and|,)\\s*${NUM})?)?(?:\\s+(?:for|on)\\s+(?:the\\s+)?${KIND})?(?!\\s*(?:pips?|points?|%|bars?|ema|sma|ma\\b))`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      const [a, b] = [Number(m[3]), Number(m[4])];
      const levelWord = m[2] !== undefined;
      const instead = m[5] !== undefined;
      if (!levelWord && !instead) return false;
      const kind = kindOf(m[1] ?? m[8]);
      if (m[6] !== undefined && m[7] !== undefined) {
        f.edits.push({ type: "setLevel", kind, which: null, from: Number(m[6]), to: a });
        f.edits.push({ type: "setLevel", kind, which: null, from: Number(m[7]), to: b });
        return true;
      }
      if (!levelWord || a === b) return false;
      f.edits.push({ type: "setLevel", kind, which: "upper", from: null, to: Math.max(a, b) });
      f.edits.push({ type: "setLevel", kind, which: "lower", from: null, to: Math.min(a, b) });
      return true;
    },
  },
  // "use 25 instead of 20 for adx", "rsi 25 instead of 30", "change the rsi level from 30 to 25".
  {
    re: new RegExp(
      `\\b(?:(?:${VERB})\\s+)?(?:(?:the\\s+)?${KIND}\\s+)?${NUM}\\s+instead\\s+of\\s+${NUM}(?:\\s+(?:for|on|in|with)\\s+(?:the\\s+)?${KIND})?|\\b${VERB}\\s+(?:the\\s+)?(?:${KIND}\\s+)?(?:${WHICH}\\s+)?(?:level|threshold)s?\\s+from\\s+${NUM}\\s+to\\s+${NUM}`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      const byInstead = m[2] !== undefined;
      const kind = kindOf(byInstead ? (m[1] ?? m[4]) : m[5]);
      const to = Number(byInstead ? m[2] : m[8]);
      const from = Number(byInstead ? m[3] : m[7]);
      if (!Number.isFinite(to) || !Number.isFinite(from)) return false;
      f.edits.push({ type: "setLevel", kind, which: byInstead ? null : whichOf(m[6]), from, to });
      return true;
    },
  },
  // "set the rsi level to 55", "make the overbought level 75", "oversold at 25", "rsi sell level = 65".
  {
    re: new RegExp(
      `\\b(?:${VERB}\\s+)?(?:the\\s+)?(?:${KIND}(?:'s)?\\s+)?(?:(overbought|oversold)(?:\\s+(?:level|threshold|line|zone))?|${WHICH}\\s+(?:level|threshold)|(?:level|threshold)|(?<=(?:rsi|cci|adx|stochastic|momentum)(?:'s)?\\s+)(?:filter|condition))s?\\s*(?:to|=|:|at|of)?\\s*${NUM}(?!\\s*(?:pips?|points?|%|bars?|candles?|periods?))`,
      "g",
    ),
    needsSpec: true,
    apply: (m, f) => {
      const to = Number(m[4]);
      if (!Number.isFinite(to)) return false;
      f.edits.push({ type: "setLevel", kind: kindOf(m[1]), which: whichOf(m[2] ?? m[3]), from: null, to });
      return true;
    },
  },
];

const NAME: Record<string, string> = {
  BOLLINGER: "Bollinger Bands",
  STOCHASTIC: "Stochastic",
  MOMENTUM: "Momentum",
};
/** The centre of an oscillator: its overbought levels lie above it, the oversold ones below. */
const CENTRE: Record<string, number> = { RSI: 50, STOCHASTIC: 50, CCI: 0, MOMENTUM: 100, MACD: 0 };
/** The range a level of a bounded oscillator must lie in. */
const RANGE: Record<string, readonly [number, number]> = {
  RSI: [0, 100],
  STOCHASTIC: [0, 100],
  ADX: [0, 100],
};

/** One constant a rule compares an indicator with: where it is and which indicator it belongs to. */
interface Slot {
  side: Side;
  part: "entry" | "exit";
  ind: Indicator;
  value: number;
}

const SLOTS_OF: ReadonlyArray<readonly [Side, "entry" | "exit"]> = [
  ["long", "entry"],
  ["short", "entry"],
  ["long", "exit"],
  ["short", "exit"],
];

function indicatorIn(op: Operand, spec: StrategySpec): Indicator | undefined {
  return op.type === "indicator" ? spec.indicators.find((i) => i.id === op.ref) : undefined;
}

/** The (indicator, constant) pairs of a condition. */
function pairs(c: Condition, spec: StrategySpec): Array<{ ind: Indicator; value: number }> {
  if (c.type === "allOf") return c.conditions.flatMap((x) => pairs(x, spec));
  if (c.type === "within") return c.all.flatMap((x) => pairs(x, spec));
  if (c.type === "candlePattern") return [];
  const out: Array<{ ind: Indicator; value: number }> = [];
  const operands = c.type === "between" ? [c.operand, c.lower, c.upper] : [c.left, c.right];
  const inds = operands.map((o) => indicatorIn(o, spec)).filter((i): i is Indicator => i !== undefined);
  if (inds.length !== 1) return out;
  for (const o of operands) if (o.type === "constant") out.push({ ind: inds[0], value: o.value });
  return out;
}

function slots(spec: StrategySpec): Slot[] {
  const out: Slot[] = [];
  for (const [side, part] of SLOTS_OF) {
    const rule = spec[part][side];
    for (const c of rule ? [...rule.all, ...rule.any] : []) {
      for (const p of pairs(c, spec)) if (!isMa(p.ind)) out.push({ side, part, ...p });
    }
  }
  return out;
}

function label(kind: string): string {
  return NAME[kind] ?? kind;
}

function place(s: Slot): string {
  return `${s.side === "long" ? "buy" : "sell"} ${s.part}`;
}

/** Replaces `from` by `to` in the constants that compare with indicators of `kinds` in the rules of `where`. */
function rewrite(spec: StrategySpec, keep: (s: Slot) => boolean, to: number): void {
  for (const [side, part] of SLOTS_OF) {
    const rule = spec[part][side];
    if (!rule) continue;
    const map = (whole: Condition): Condition => mapSingleBar(whole, single);
    const single = (c: SingleBarCondition): SingleBarCondition => {
      const own = pairs(c, spec).filter((p) => keep({ side, part, ...p }));
      if (own.length === 0 || c.type === "candlePattern") return c;
      const values = new Set(own.map((p) => p.value));
      const swap = (o: Operand): Operand =>
        o.type === "constant" && values.has(o.value) ? { type: "constant", value: to } : o;
      if (c.type === "between") {
        const [lower, upper] = [swap(c.lower), swap(c.upper)];
        return { ...c, lower, upper };
      }
      return { ...c, left: swap(c.left), right: swap(c.right) };
    };
    const next: Rule = { all: rule.all.map(map), any: rule.any.map(map) };
    spec[part][side] = next;
  }
}

export function setLevel(draft: StrategySpec, e: SetLevel, out: EditOutcome): void {
  const all = slots(draft);
  const kind = e.kind === null ? null : SPEC_KIND[e.kind];
  let found = kind === null ? all : all.filter((s) => s.ind.kind === kind);
  const what = kind ? `${label(kind)} ` : "";
  if (e.from !== null) {
    const from = e.from;
    const byValue = found.filter((s) => s.value === from);
    if (byValue.length === 0) {
      if (lengthInstead(draft, kind, from, e.to)) return;
      const levels = [...new Set(found.map((s) => s.value))].join(", ");
      out.questions.push(
        levels === ""
          ? `Nothing in the strategy is ${from}. What should become ${e.to}?`
          : `The ${what}levels in the rules are ${levels}, not ${from}. Which one should become ${e.to}?`,
      );
      return;
    }
    found = byValue;
  } else if (found.length === 0) {
    out.questions.push(
      kind && !draft.indicators.some((i) => i.kind === kind)
        ? `There is no ${label(kind)} in the strategy. Which rule should use the level ${e.to}?`
        : `No rule compares ${kind ? `the ${label(kind)}` : "an indicator"} with a level I could set to ${e.to}. Which rule should change?`,
    );
    return;
  } else if (e.which === "upper" || e.which === "lower") {
    const up = e.which === "upper";
    found = found.filter((s) => {
      const centre = CENTRE[s.ind.kind];
      return centre !== undefined && (up ? s.value > centre : s.value < centre);
    });
    if (found.length === 0) {
      out.questions.push(
        `The strategy has no ${up ? "overbought" : "oversold"} ${what}level to move. Which rule should use ${e.to}?`,
      );
      return;
    }
  } else if (e.which !== null && !((e.which === "long" || e.which === "short") && centreLine(found))) {
    const w = e.which;
    found = found.filter((s) => (w === "entry" || w === "exit" ? s.part === w : s.side === w));
    if (found.length === 0) {
      out.questions.push(
        `No ${w} rule compares ${kind ? `the ${label(kind)}` : "an indicator"} with a level. Which rule should use ${e.to}?`,
      );
      return;
    }
  }
  const kinds = [...new Set(found.map((s) => s.ind.kind))];
  if (kinds.length > 1) {
    out.questions.push(
      `Which indicator's level should be ${e.to}: the ${kinds.map(label).join(" or the ")}?`,
    );
    return;
  }
  const values = [...new Set(found.map((s) => s.value))];
  if (values.length > 1) {
    const options = values.map(
      (v) => `${v} (${[...new Set(found.filter((s) => s.value === v).map(place))].join(", ")})`,
    );
    out.questions.push(`Which ${label(kinds[0])} level should become ${e.to}: ${options.join(" or ")}?`);
    return;
  }
  const range = RANGE[kinds[0]];
  if (range && (e.to < range[0] || e.to > range[1])) {
    out.questions.push(
      `The ${label(kinds[0])} runs from ${range[0]} to ${range[1]}, so ${e.to} is never reached. Which level should I use?`,
    );
    return;
  }
  if (values[0] === e.to) {
    out.notes.push(`The ${label(kinds[0])} level is already ${e.to}.`);
    return;
  }
  // One centre-line level shared by both sides ("RSI above 50" for buys, "below 50" for sells): the side named
  // (buys unless sells are named) gets the new level, the other side its mirror, as the rules were written.
  const centre = CENTRE[kinds[0]];
  if (centre !== undefined && centreLine(found) && e.to !== centre) {
    const lead: Side = e.which === "short" ? "short" : "long";
    const mirror = 2 * centre - e.to;
    rewrite(draft, (s) => found.some((c) => same(c, s)) && s.side === lead, e.to);
    rewrite(draft, (s) => found.some((c) => same(c, s)) && s.side !== lead, mirror);
    out.notes.push(
      `${lead === "long" ? "Sells" : "Buys"} use the mirror level, ${mirror}; tell me if both sides should use ${e.to}.`,
    );
    return;
  }
  const chosen = new Set(found);
  const keep = (s: Slot) =>
    [...chosen].some(
      (c) => c.side === s.side && c.part === s.part && c.ind.id === s.ind.id && c.value === s.value,
    );
  rewrite(draft, keep, e.to);
}

/** "Rsi 21 instead of 14", "50 instead of 21": not a level but an indicator's or an average's length. */
function lengthInstead(draft: StrategySpec, kind: string | null, from: number, to: number): boolean {
  if (!(Number.isInteger(to) && to >= 1)) return false;
  const hits = draft.indicators.filter(
    (i) => "period" in i && i.period === from && (kind === null ? true : i.kind === kind && !isMa(i)),
  );
  for (const ind of hits) if ("period" in ind) replaceIndicator(draft, ind, { ...ind, period: to });
  return hits.length > 0;
}

/** Both sides compare one oscillator with its centre ("RSI above 50" for buys, "below 50" for sells). */
function centreLine(found: readonly Slot[]): boolean {
  const kinds = new Set(found.map((s) => s.ind.kind));
  const [kind] = [...kinds];
  const centre = CENTRE[kind];
  return (
    kinds.size === 1 &&
    centre !== undefined &&
    found.every((s) => s.value === centre) &&
    new Set(found.map((s) => s.side)).size === 2
  );
}

function same(a: Slot, b: Slot): boolean {
  return a.side === b.side && a.part === b.part && a.ind.id === b.ind.id && a.value === b.value;
}

/** The other side's price of a pending order: the high for the low, and the offset the other way. */
function mirrorPrice(op: Operand): Operand {
  const swap = (b: BasicOperand): BasicOperand => {
    if (b.type === "price" && (b.field === "HIGH" || b.field === "LOW"))
      return { ...b, field: b.field === "HIGH" ? "LOW" : "HIGH" };
    if (b.type === "extreme") return { ...b, side: b.side === "highest" ? "lowest" : "highest" };
    if (b.type === "previousPeriod" && (b.field === "HIGH" || b.field === "LOW"))
      return { ...b, field: b.field === "HIGH" ? "LOW" : "HIGH" };
    if (b.type === "timeWindow" || b.type === "swing")
      return { ...b, side: b.side === "high" ? "low" : "high" };
    return b;
  };
  if (op.type !== "expression") return swap(op);
  return {
    ...op,
    a: swap(op.a),
    ...(op.offset && op.offset.unit !== "percent"
      ? { offset: { ...op.offset, value: -op.offset.value } }
      : {}),
  };
}

/** "Enter with a buy stop 5 pips above the high": the entry rules place that order instead of buying at market. */
export function setPendingAt(draft: StrategySpec, edits: readonly PendingAt[], out: EditOutcome): void {
  const given: Partial<Record<Side, PendingAt>> = {};
  for (const e of edits) given[e.side] = e;
  const order = (given.long ?? given.short)?.order ?? "stop";
  if (given.long && given.short && given.long.order !== given.short.order) {
    out.questions.push(
      "Should both sides use stop orders, or both limit orders? A strategy sends one order type.",
    );
    return;
  }
  const price: Partial<Record<Side, Operand>> = {};
  for (const side of ["long", "short"] as const) {
    const other: Side = side === "long" ? "short" : "long";
    const own = given[side];
    const mirrored = given[other];
    const traded = draft.direction === "both" || draft.direction === side;
    if (!traded || !draft.entry[side]) continue;
    if (own) price[side] = own.price;
    else if (mirrored) price[side] = mirrorPrice(mirrored.price);
  }
  if (!price.long && !price.short) {
    out.questions.push(
      "The strategy has no entry rule on that side to place the order for. Which side should it be?",
    );
    return;
  }
  // A structural stop or an R target is measured at a market entry (spec-exits.ts), a pending order's from its
  // price: the trader chooses which stop the orders get rather than losing one in silence.
  if (
    draft.exits?.stop !== undefined ||
    draft.exits?.targetR !== undefined ||
    draft.exits?.targetDistance !== undefined
  ) {
    out.questions.push(
      "A pending order takes its stop and target in pips, points or ATR from the order's price; the stop at a candle's level (or a target in R or measured on the chart) only works with market entries. Which stop should the orders use, e.g. 'stop 20 pips'?",
    );
    return;
  }
  draft.pendingEntry = {
    order,
    ...(price.long ? { long: price.long } : {}),
    ...(price.short ? { short: price.short } : {}),
    oco: draft.pendingEntry?.oco ?? true,
    ...(draft.pendingEntry?.expiry ? { expiry: draft.pendingEntry.expiry } : {}),
  };
}

/** The ATR distances of the stop, target and trail, and the new multiple for the one named (or the only one). */
export function setAtrMultiple(draft: StrategySpec, e: SetAtrMultiple, out: EditOutcome): void {
  const found: Array<"stop" | "target" | "trail"> = [];
  if (draft.stopLoss?.unit === "atr") found.push("stop");
  if (draft.takeProfit?.unit === "atr") found.push("target");
  if (draft.trailingStop?.distance.unit === "atr") found.push("trail");
  const NAMES = { stop: "stop loss", target: "take profit", trail: "trailing stop" } as const;
  const which = e.which ?? (found.length === 1 ? found[0] : null);
  if (which === null) {
    out.questions.push(
      found.length === 0
        ? `No stop, target or trail is measured in ATR. Which should be ${e.value} x ATR?`
        : `Which ATR multiple should be ${e.value}: the ${found.map((f) => NAMES[f]).join(" or the ")}?`,
    );
    return;
  }
  if (!found.includes(which)) {
    out.questions.push(`The ${NAMES[which]} is not measured in ATR. Should it be ${e.value} x ATR(14)?`);
    return;
  }
  if (which === "stop" && draft.stopLoss?.unit === "atr")
    draft.stopLoss = { ...draft.stopLoss, multiple: e.value };
  if (which === "target" && draft.takeProfit?.unit === "atr")
    draft.takeProfit = { ...draft.takeProfit, multiple: e.value };
  const trail = draft.trailingStop;
  if (which === "trail" && trail?.distance.unit === "atr")
    draft.trailingStop = { ...trail, distance: { ...trail.distance, multiple: e.value } };
}
