import { barBack, crossesFromBars, PREV_BAR } from "./bar-cross";
import { patternConditions } from "./candle-patterns";
import type { CompareOp, Condition, Dangling, IndicatorMention, Operand } from "./facts";

// The condition grammar over a scanned clause ("§A crosses above §B", "§A below 30",
// "§A between 40 and 60", "§A is oversold"). Works on tokens so that filler words
// ("the", "line", "is", "back") can be skipped without a regex per wording.

const TOKEN = /§[A-Z]|[-+]?\d+(?:\.\d+)?|[a-z%'-]+|[<>]=?|\S/g;

const CROSS_VERBS = new Set([
  "crosses",
  "cross",
  "crossed",
  "crossing",
  "crossover",
  "crossovers",
  "breaks",
  "break",
  "broke",
  "broken",
  "breached",
  "pierced",
  "penetrated",
  "exceeded",
  "breaking",
  "rises",
  "rise",
  // "returns above the lower band": back across the line it was beyond.
  "returns",
  "returned",
  "rising",
  "climbs",
  "falls",
  "fall",
  "falling",
  "drops",
  "drop",
  "dips",
  "moves",
  "move",
  "goes",
  "go",
  "turns",
  "pierces",
  "penetrates",
  "gets",
]);
const UP = new Set([
  "above",
  "over",
  "up",
  "upward",
  "upwards",
  ">",
  ">=",
  "exceeds",
  "exceed",
  "higher",
  "greater",
  "more",
  "bigger",
]);
const DOWN = new Set([
  "below",
  "under",
  "beneath",
  "down",
  "downward",
  "downwards",
  "<",
  "<=",
  "lower",
  "less",
  "smaller",
]);
const SLOPE_UP = new Set(["rising", "rises", "increasing", "upsloping", "up-sloping"]);
const SLOPE_DOWN = new Set(["falling", "falls", "decreasing", "declining", "downsloping", "down-sloping"]);
const NEGATION = new Set(["not", "never", "nor"]);
const SKIP_BEFORE_VERB = new Set([
  "not",
  "never",
  // "the 4 EMA first crosses", "the 4 EMA reverses and crosses": order words between a line and its verb.
  "first",
  "finally",
  "again",
  "just",
  "reverse",
  "reverses",
  "is",
  "are",
  "was",
  "be",
  "stays",
  "remains",
  "closes",
  "closed",
  "close",
  "trades",
  "trading",
  "has",
  "have",
  "still",
  "then",
  "also",
  "line",
  "main",
  "value",
  "reading",
  "level",
  "itself",
  "currently",
  "back",
  "sits",
  "holds",
  "must",
  "should",
  "needs",
  "to",
  "being",
  "positioned",
  "located",
  "placed",
  "sitting",
  "staying",
]);
/** Words before a verb that leave its subject to the previous clause ("and when it ...", "then crosses"). */
const BORROWING = new Set([
  "both",
  "they",
  "lines",
  "all",
  "them",
  "level",
  "when",
  "and",
  "or",
  "if",
  "it",
  "then",
  "while",
  "but",
  "with",
  "once",
  "until",
  "after",
  "buy",
  "sell",
  "long",
  "short",
  "exit",
  "enter",
]);
/** Words before a comparison whose silent subject is the price ("buy above the previous high", "closes above"). */
const SUBJECTLESS = new Set([
  "buy",
  "sell",
  "long",
  "short",
  "enter",
  "is",
  "are",
  "was",
  "closes",
  "closed",
  "close",
  "trades",
  "stays",
  "remains",
  "and",
  "also",
]);
/** Words that join a second predicate to the same subject ("is below 80 and also rising"). */
const JOINING = new Set(["and", "also", "but", "still", "is", "are", "yet"]);
const SKIP_AFTER_PREP = new Set([
  "the",
  "its",
  "a",
  "an",
  "level",
  "of",
  "than",
  "through",
  "line",
  "value",
  "to",
  "at",
]);

/** Oversold / overbought levels by indicator kind, and the midpoint used for mirroring. */
export function zone(ind: IndicatorMention): { low: number; high: number; mid: number } | null {
  switch (ind.kind) {
    case "rsi":
      return { low: 30, high: 70, mid: 50 };
    case "stochastic":
      return { low: 20, high: 80, mid: 50 };
    case "cci":
      return { low: -100, high: 100, mid: 0 };
    case "momentum":
      return { low: 100, high: 100, mid: 100 };
    case "macd":
      return { low: 0, high: 0, mid: 0 };
    default:
      return null;
  }
}

const TOUCH = new Set([
  "touches",
  "touch",
  "touched",
  "touching",
  "hits",
  "hit",
  "reaches",
  "reach",
  "tags",
  "tag",
  "tests",
]);

/** A touch: an oscillator reaching a level crosses it; the price touching a band pokes through it. */
function touch(left: Operand, right: Operand): Condition {
  if (right.type === "constant" && left.type === "indicator") {
    const z = zone(left.ind);
    const up = z ? right.value >= z.mid : true;
    return { op: up ? "crossesAbove" : "crossesBelow", left, right };
  }
  if (
    right.type === "indicator" &&
    right.ind.kind === "bollinger" &&
    left.type === "price" &&
    left.field === "close"
  ) {
    if (right.ind.line === "upper") return { op: "above", left: { ...left, field: "high" }, right };
    if (right.ind.line === "lower") return { op: "below", left: { ...left, field: "low" }, right };
  }
  return { op: "crosses", left, right };
}

export interface ParsedConditions {
  conditions: Condition[];
  /** The clause mentions a cross but we could not tell what crosses what. */
  vagueCross: boolean;
  /** Comparisons of a named line whose other side is left out ("and MACD goes below"). */
  dangling: Dangling[];
  /** "a hammer or an engulfing candle above the EMA": one alternative per pattern, each with the rest. */
  groups?: Condition[][];
}

const defaultPrice: Operand = { type: "price", field: "close", shift: 0 };

/**
 * `prev` is the first condition of the previous clause: "sell when it crosses below" and
 * "when it crosses below zero" borrow its operands.
 */
export function parseConditions(
  text: string,
  operands: readonly Operand[],
  prev: Condition | null = null,
  subject: Operand | null = null,
): ParsedConditions {
  const parsed = parseComparisons(text, operands, prev, subject);
  // Candle patterns by name ("cp-bullish-engulfing"): each holds on its own, beside the comparisons.
  const { conditions: patterns, alternatives } = patternConditions(text.match(TOKEN) ?? []);
  if (patterns.length === 0) return parsed;
  const conditions = [...parsed.conditions, ...patterns];
  if (!alternatives) return { ...parsed, conditions };
  const shared = conditions.filter((c) => !alternatives.includes(c));
  return { ...parsed, conditions, groups: alternatives.map((a) => [a, ...shared]) };
}

function parseComparisons(
  text: string,
  operands: readonly Operand[],
  prev: Condition | null,
  subject: Operand | null,
): ParsedConditions {
  const tokens: string[] = text.match(TOKEN) ?? [];
  // "opens below the 20 ema and closes above it": "it" after a comparison is the line named last before it.
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i] !== "it" || !(UP.has(tokens[i - 1]) || DOWN.has(tokens[i - 1]))) continue;
    for (let j = i - 2; j >= 0; j--) {
      const t = tokens[j];
      if (!t.startsWith("§")) continue;
      const o = operands[t.charCodeAt(1) - 65];
      if (o?.type === "indicator" || o?.type === "level") {
        tokens[i] = t;
        break;
      }
    }
  }
  const opAt = (i: number): Operand | null => {
    const t = tokens[i];
    if (t === undefined) return null;
    if (t.startsWith("§")) return operands[t.charCodeAt(1) - 65] ?? null;
    if (/^[-+]?\d/.test(t)) return { type: "constant", value: Number(t) };
    return null;
  };
  const conditions: Condition[] = [];
  const dangling: Dangling[] = [];
  const used = new Set<number>();
  let vagueCross = false;
  let lastCross: { left: Operand; rightIndex: number } | null = null;

  /** Nearest operand left of i, skipping filler words; -1 when none. */
  const leftOf = (i: number): number => {
    for (let j = i - 1; j >= 0 && j >= i - 5; j--) {
      const t = tokens[j];
      if (t.startsWith("§")) return j;
      if (!SKIP_BEFORE_VERB.has(t) && !CROSS_VERBS.has(t)) return -1;
    }
    return -1;
  };
  /** Nearest operand or number right of i, skipping filler; -1 when none. */
  const rightOf = (i: number): number => {
    for (let j = i + 1; j < tokens.length && j <= i + 4; j++) {
      const t = tokens[j];
      if (t.startsWith("§") || /^[-+]?\d/.test(t)) return j;
      if (t === "zero") return j;
      if (!SKIP_AFTER_PREP.has(t) && !UP.has(t) && !DOWN.has(t) && t !== "back") return -1;
    }
    return -1;
  };
  /** "equity falls below 100000": the verb has a subject of its own that is no operand; nothing to borrow. */
  const foreignSubject = (verbIndex: number): boolean => {
    let j = verbIndex - 1;
    while (j >= 0 && (SKIP_BEFORE_VERB.has(tokens[j]) || CROSS_VERBS.has(tokens[j]))) j--;
    const w = tokens[j];
    return w !== undefined && /^[a-z]{3,}$/.test(w) && !BORROWING.has(w);
  };
  /** The subject of the condition just read when only joining words lie between it and i ("... and also"). */
  const joinedSubject = (i: number): { op: Operand; index: number } | null => {
    const last = conditions.at(-1);
    if (!last || last.left.type === "constant") return null;
    let j = i - 1;
    while (j >= 0 && JOINING.has(tokens[j])) j--;
    const ends = (t: string) => t.startsWith("§") || /^[-+]?\d/.test(t) || /^(?:positive|negative)$/.test(t);
    if (j === i - 1 || j < 0 || !(used.has(j) || ends(tokens[j]))) return null;
    const k = tokens.findIndex((t, n) => t.startsWith("§") && opAt(n) === last.left);
    return { op: last.left, index: k >= 0 ? k : j };
  };
  const leftOperand = (verbIndex: number): { op: Operand; index: number } | null => {
    const j = leftOf(verbIndex);
    if (j >= 0) {
      const op = opAt(j);
      if (op) return { op, index: j };
    }
    return null;
  };

  // "golden-cross" / "death-cross": the faster of the named averages crossing the slower one,
  // or the classic 50/200 simple averages when none are named.
  const named = /\b(golden|death)-cross\b/.exec(text);
  if (named) {
    const mas = operands.filter(
      (o) => o.type === "indicator" && o.ind.kind === "ma" && o.ind.period !== null,
    );
    const sma = (period: number): Operand => ({
      type: "indicator",
      ind: { kind: "ma", method: "sma", period, price: null, role: null },
      shift: 0,
    });
    const prevPair =
      prev &&
      prev.left.type === "indicator" &&
      prev.left.ind.kind === "ma" &&
      prev.right.type === "indicator" &&
      prev.right.ind.kind === "ma"
        ? [prev.left, prev.right]
        : null;
    const [fast, slow] = mas.length >= 2 ? [mas[0], mas[1]] : (prevPair ?? [sma(50), sma(200)]);
    conditions.push({ op: named[1] === "golden" ? "crossesAbove" : "crossesBelow", left: fast, right: slow });
    return { conditions, vagueCross: false, dangling };
  }
  // "use the 100 sma as a trend filter": buys above it (sells below it, by mirroring).
  if (/\b(?:trend\s+filter|as\s+(?:a\s+)?(?:trend\s+)?filter)\b/.test(text)) {
    const ma = operands.find((o) => o.type === "indicator" && o.ind.kind === "ma");
    if (ma) {
      conditions.push({ op: "above", left: defaultPrice, right: ma });
      return { conditions, vagueCross: false, dangling };
    }
  }
  // Passive voice: "the middle band is crossed from below" — the price is what crosses.
  const passive = /(§[A-Z]) (?:is |gets |being )?crossed (?:from |by (?:the )?price from )(below|above)/.exec(
    text,
  );
  if (passive) {
    const target = opAt(tokens.indexOf(passive[1]));
    if (target) {
      conditions.push({
        op: passive[2] === "below" ? "crossesAbove" : "crossesBelow",
        left: defaultPrice,
        right: target,
      });
      return { conditions, vagueCross: false, dangling };
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // "between 40 and 60"
    if (t === "between") {
      const l = leftOperand(i);
      const a = rightOf(i);
      if (a >= 0 && tokens[a + 1] === "and") {
        // "between the 10 ema and the 21 ema"
        const b = tokens[a + 2] === "the" ? a + 3 : a + 2;
        const lo = opAt(a);
        const hi = opAt(b);
        if (l && lo && hi) {
          conditions.push({ op: "between", left: l.op, right: lo, right2: hi });
          used.add(a).add(b);
          i = b;
          continue;
        }
      }
    }
    // "oversold" / "overbought", optionally "leaves / comes out of / exits" → a cross back.
    if (t === "oversold" || t === "overbought") {
      const window = tokens.slice(Math.max(0, i - 5), i).join(" ");
      const j = tokens.slice(0, i).findLastIndex((x) => x.startsWith("§"));
      const op = j >= 0 ? opAt(j) : null;
      // "RSI and the stochastic turn up from the oversold zone", "%k and %d are not overbought": each of the pair.
      const a = tokens[j - 1] === "the" ? j - 2 : j - 1;
      const pair = a >= 1 && tokens[a] === "and" ? opAt(a - 1) : null;
      for (const o of pair?.type === "indicator" && zone(pair.ind) ? [pair, op] : [op]) {
        if (o?.type !== "indicator") continue;
        const z = zone(o.ind);
        if (z) {
          const leaving = /\b(leaves|leaving|exits|exiting|out of|back above|back below|from)\b/.test(window);
          const oversold = t === "oversold";
          const level: Operand = { type: "constant", value: oversold ? z.low : z.high };
          const cond: Condition = leaving
            ? { op: oversold ? "crossesAbove" : "crossesBelow", left: o, right: level }
            : // "not in the overbought zone": on the other side of that level.
              /\b(?:not|never|no longer|nor)\b/.test(window)
              ? { op: oversold ? "above" : "below", left: o, right: level }
              : { op: oversold ? "below" : "above", left: o, right: level };
          conditions.push(cond);
        }
      }
      continue;
    }
    // "positive" / "negative" (MACD, histogram, momentum around zero).
    if ((t === "positive" || t === "negative") && i > 0) {
      const l = leftOperand(i);
      if (l) {
        const turns = /^(turns|goes|crosses|becomes|flips)$/.test(tokens[i - 1]);
        const up = t === "positive";
        const zero: Operand = { type: "constant", value: 0 };
        conditions.push({
          op: turns ? (up ? "crossesAbove" : "crossesBelow") : up ? "above" : "below",
          left: l.op,
          right: zero,
        });
      }
      continue;
    }
    // "touches the lower band", "rsi hits 70": a touch of a level or band.
    if (TOUCH.has(t)) {
      const r = rightOf(i);
      // "the candle does not touch the EMA": the whole bar on one side of the line, its low above it for a buy
      // (a sell's mirror reads the high below it); never a cross, which would invert it.
      if (tokens.slice(Math.max(0, i - 3), i).some((w) => NEGATION.has(w))) {
        const line = r >= 0 ? opAt(r) : null;
        if (line?.type === "indicator" && leftOperand(i)?.op.type !== "indicator") {
          conditions.push({ op: "above", left: { type: "price", field: "low", shift: 0 }, right: line });
          used.add(r);
          i = r;
        }
        continue;
      }
      const right = r >= 0 ? opAt(r) : null;
      const l = leftOperand(i);
      const left = l
        ? l.op
        : right?.type === "constant"
          ? (conditions.at(-1)?.left ?? prev?.left ?? subject)
          : defaultPrice;
      if (right && left && left.type !== "constant") {
        // "comes back down to touch the 9", "pulls back to tag it": the bar reaching the line from the trade's
        // side (builder.ts: a buy's low below it, a sell's high above it).
        const back = tokens
          .slice(Math.max(0, i - 4), i)
          .some((w) => /^(?:back|pullback|pulls|pull|pulled|retrace|retraces|retraced|dips|dip)$/.test(w));
        const t = touch(left, right);
        conditions.push(back && left.type === "price" && t.op === "crosses" ? { ...t, pullback: true } : t);
        used.add(r);
        i = r;
      }
      continue;
    }
    // "the 50 sma is rising" / "sloping down": a slope, the line against its own previous bar.
    // "the 50 ema is downward": a direction word said of a line, with no verb to cross anything.
    const copula = /^(?:is|are|was|remains|stays|still)$/.test(tokens[i - 1] ?? "");
    const slope =
      SLOPE_UP.has(t) || (copula && /^upwards?$/.test(t))
        ? "up"
        : SLOPE_DOWN.has(t) || (copula && /^downwards?$/.test(t))
          ? "down"
          : null;
    const slopeWord =
      /^(sloping|slopes|pointing|points|trending|heading|headed|directed|angled|turning|looking)$/.test(t);
    const slopeDir =
      slope ?? (slopeWord ? (UP.has(tokens[i + 1]) ? "up" : DOWN.has(tokens[i + 1]) ? "down" : null) : null);
    if (slopeDir !== null && rightOf(slopeWord ? i + 1 : i) < 0) {
      // "is below 80 and rising": a slope joined to the comparison before it is said of the same line.
      const own = leftOperand(i);
      const l = own ?? joinedSubject(i);
      if (l && l.op.type !== "constant") {
        const op = slopeDir === "up" ? "above" : "below";
        // "%k and %d are heading up": each line of the pair against its own previous bar; "%k and %d are below 20
        // and rising": the pair the comparison before was said of.
        const pair = tokens[l.index - 1] === "and" ? opAt(l.index - 2) : null;
        const pairJoined = own === null && conditions.some((c) => pair !== null && sameOperand(c.left, pair));
        if (pair && pair.type !== "constant" && (!used.has(l.index - 2) || pairJoined)) {
          conditions.push({ op, left: pair, right: { ...pair, shift: pair.shift + 1 } });
          used.add(l.index - 2);
        }
        conditions.push({ op, left: l.op, right: { ...l.op, shift: l.op.shift + 1 } });
        used.add(l.index);
        if (slopeWord) i++;
        continue;
      }
    }
    const isCross = CROSS_VERBS.has(t);
    const isPrep = UP.has(t) || DOWN.has(t) || t === "exceeds";
    if (!isCross && !isPrep) continue;
    // Zone qualifier right after a cross: "%K crosses %D below 20" reads the crossing line.
    if (isPrep && lastCross && i === lastCross.rightIndex + 1) {
      const r = rightOf(i);
      const right = r >= 0 ? opAt(r) : null;
      if (right && right.type === "constant") {
        conditions.push({ op: UP.has(t) ? "above" : "below", left: lastCross.left, right });
        used.add(r);
        i = r;
        lastCross = null;
        continue;
      }
    }
    // Collect the verb phrase: cross verb, direction words, up to the right operand.
    let j = i;
    let cross = isCross;
    // "a candle closes above the EMA" as a trigger is the bar it happens: a cross of the line (an exit reads it
    // back as a level, clauses.ts). A close against a number or a level is not.
    const closing = isPrep && /^(?:closes|closed|closing)$/.test(tokens[i - 1] ?? "");
    let dir: "up" | "down" | null = null;
    while (j < tokens.length && j <= i + 4) {
      const w = tokens[j];
      if (w.startsWith("§") || /^[-+]?\d/.test(w)) break;
      if (CROSS_VERBS.has(w)) cross = true;
      else if (UP.has(w)) dir ??= "up";
      else if (DOWN.has(w)) dir ??= "down";
      else if (!SKIP_AFTER_PREP.has(w) && w !== "back" && w !== "and" && w !== "through" && w !== "or") break;
      j++;
    }
    const r = rightOf(j - 1);
    if (
      (r < 0 || used.has(r)) &&
      tokens[j] === "it" &&
      dir !== null &&
      prev !== null &&
      prev.right.type === "indicator"
    ) {
      // "only sell below it": "it" is the line the previous clause compared with.
      const left = prev.left.type === "constant" ? defaultPrice : prev.left;
      conditions.push({
        op: cross ? (dir === "up" ? "crossesAbove" : "crossesBelow") : dir === "up" ? "above" : "below",
        left,
        right: prev.right,
      });
      continue;
    }
    if (r < 0 || used.has(r)) {
      if (
        (cross || (closing && prev?.right.type !== "constant")) &&
        dir !== null &&
        prev !== null &&
        conditions.length === 0 &&
        prev.op !== "between"
      ) {
        // "sell when it crosses below": the previous clause's pair, crossing the other way.
        conditions.push({
          op: dir === "up" ? "crossesAbove" : "crossesBelow",
          left: prev.left,
          right: prev.right,
        });
        continue;
      }
      // "... and MACD goes below": a named line going one way with nothing after it (the other side says to what).
      const named = dir !== null && tokens[j] === undefined ? leftOperand(i) : null;
      if (named && dir !== null && named.op.type === "indicator" && !used.has(named.index)) {
        dangling.push({ left: named.op, dir });
        used.add(named.index);
        continue;
      }
      if (cross && /^cross/.test(t)) vagueCross = true;
      continue;
    }
    const right = opAt(r);
    if (!right) continue;
    // "turns", "gets", "goes", "moves" only mean something with a direction word.
    if (cross && dir === null && !/^(cross|break|broke|pierce|penetrate)/.test(t)) {
      continue;
    }
    const l = leftOperand(i);
    let left: Operand | null = l ? l.op : null;
    if (left === null && right.type === "constant" && foreignSubject(i)) continue;
    if (left === null && right.type === "constant") {
      // "ADX, used to determine trend strength, is above 25": the oscillator named earlier in the clause and
      // not compared yet is the subject of a level, before the previous comparison's.
      for (let k: number = i - 1; k >= 0; k--) {
        const o: Operand | null = tokens[k].startsWith("§") && !used.has(k) ? opAt(k) : null;
        if (o?.type === "indicator" && o.ind.kind !== "ma" && o.ind.kind !== "bollinger") {
          left = o;
          used.add(k);
          break;
        }
      }
    }
    // "(stop 2 pips) under the previous bar's low" left over from a stop the risk reader took: an earlier bar's
    // price with neither a subject nor an action before it places something; it is no condition.
    if (
      left === null &&
      right.type === "price" &&
      right.shift > 0 &&
      !(CROSS_VERBS.has(tokens[i - 1] ?? "") || SUBJECTLESS.has(tokens[i - 1] ?? ""))
    )
      continue;
    if (left === null) {
      // "closes above the upper band" has the price as its silent subject; "it crosses below 0"
      // the previous clause's subject.
      left = right.type === "constant" ? (conditions.at(-1)?.left ?? prev?.left ?? subject) : defaultPrice;
    }
    if (left === null || left.type === "constant") continue;
    // A price against a bare number is almost always a misread ("closes above the 20 period high").
    if (left.type === "price" && right.type === "constant") continue;
    let op: CompareOp;
    const closeCross =
      closing &&
      right.type === "indicator" &&
      right.ind.kind === "ma" &&
      left.type === "price" &&
      dir !== null;
    // "RSI goes under 30", "momentum gets above 100": being beyond a level, as oscillator rules mean it; "price
    // goes above the SMA" is still the event of crossing the line.
    const soft = /^(?:goes|go|going|moves|move|gets|get)$/.test(t) && right.type === "constant";
    // "the close breaks above the previous 55 bar high": the channel ends a bar before the one that closed, so
    // every close beyond it is a break of the channel as it stood (a run of new highs is a run of breakouts);
    // the cross would skip all but the first. The annotations read such a break as the close beyond the level.
    const channelBreak =
      /^(?:breaks|break|broke|broken|breaking|breached|pierces|pierced|penetrates|penetrated|exceeded)$/.test(
        t,
      ) &&
      left.type === "price" &&
      right.type === "level" &&
      right.spec.type === "extreme" &&
      right.spec.shift >= 1;
    // "pierces the 10 bar low": a break with no direction word goes the way of the side it breaks.
    if (channelBreak && dir === null && right.type === "level" && right.spec.type === "extreme")
      dir = right.spec.side === "highest" ? "up" : "down";
    if ((cross && !soft && !channelBreak) || closeCross)
      op = dir === "up" ? "crossesAbove" : dir === "down" ? "crossesBelow" : "crosses";
    else {
      // "RSI is not above 70", "price never below the EMA": the other side of the same line.
      const from = l ? l.index + 1 : Math.max(0, i - 3);
      const negated = tokens.slice(from, i).some((w) => NEGATION.has(w));
      op = (dir === "down") !== negated ? "below" : "above";
    }
    // "the close and the high are above the band": one comparison said of two subjects (states only); "%k and
    // %d cross above 20": two lines each crossing one level.
    const levelCross = right.type === "constant" && left.type === "indicator";
    if (l && ((op !== "crossesAbove" && op !== "crossesBelow" && op !== "crosses") || levelCross)) {
      let k = l.index - 1;
      if (tokens[k] === "the") k--;
      if (tokens[k] === "and") {
        k--;
        if (tokens[k] === "the") k--;
        const first = k >= 0 && tokens[k].startsWith("§") && !used.has(k) ? opAt(k) : null;
        const ok =
          first !== null && (!levelCross || (first.type === "indicator" && zone(first.ind) !== null));
        if (first && ok && first.type !== "constant" && !sameOperand(first, left)) {
          conditions.push({ op, left: first, right });
          used.add(k);
        }
      }
    }
    // "... above %d on the bar before", "on the previous bar %k was above %d": both lines one bar back. A mark
    // that ends the comparison before ("k below d prevbar and k above d") is that one's, not this one's.
    const back =
      tokens[r + 1] === PREV_BAR ||
      (l !== null &&
        (tokens[l.index - 1] === PREV_BAR ||
          (tokens[l.index - 2] === PREV_BAR && !/^(?:and|or|,|&)$/.test(tokens[l.index - 1] ?? ""))));
    if (back && !cross) {
      conditions.push({ op, left: barBack(left), right: barBack(right) });
    } else conditions.push(closeCross ? { op, left, right, closing: true } : { op, left, right });
    used.add(r);
    if (l) used.add(l.index);
    lastCross = cross ? { left, rightIndex: r } : null;
    i = tokens[r + 1] === PREV_BAR ? r + 1 : r;
  }

  // "§A and §B cross" / "cross of §A and §B": a pair cross, direction from context.
  if (conditions.length === 0 || vagueCross) {
    const pair =
      /(§[A-Z]) (?:and|\/|&|,|vs) (§[A-Z])(?: ma)? (?:cross|crosses|crossover|crossing|cross over)|(?:cross|crossover|crossing) (?:of|between) (?:the )?(§[A-Z]) (?:and|with|&) (?:the )?(§[A-Z])|(§[A-Z]) and (§[A-Z])\b/.exec(
        text,
      );
    if (pair) {
      const a = pair[1] ?? pair[3] ?? pair[5];
      const b = pair[2] ?? pair[4] ?? pair[6];
      const hasCrossWord = /\b(cross|crosses|crossover|crossing|golden|death)\b/.test(text);
      const left = opAt(tokens.indexOf(a));
      const right = opAt(tokens.indexOf(b));
      if (left && right && hasCrossWord && (pair[5] === undefined || conditions.length === 0)) {
        const up = /\b(golden|bullish|upward|up)\b/.test(text);
        const down = /\b(death|bearish|downward|down)\b/.test(text);
        conditions.push({ op: up ? "crossesAbove" : down ? "crossesBelow" : "crosses", left, right });
        vagueCross = false;
      }
    }
  }
  return { conditions: crossesFromBars(conditions).map(momentumZeroLine), vagueCross, dangling };
}

/**
 * "momentum crosses above zero", "momentum turns positive": other platforms centre momentum on 0 (close minus the
 * close n bars back), but MT5's Momentum is the ratio times 100, centred on 100; a zero level there never crosses.
 */
function momentumZeroLine(c: Condition): Condition {
  const isMomentum = (o: Operand) => o.type === "indicator" && o.ind.kind === "momentum";
  const isZero = (o: Operand) => o.type === "constant" && o.value === 0;
  const hundred: Operand = { type: "constant", value: 100 };
  if (isMomentum(c.left) && isZero(c.right)) return { ...c, right: hundred };
  if (isZero(c.left) && isMomentum(c.right)) return { ...c, left: hundred };
  return c;
}

function sameOperand(a: Operand, b: Operand): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
