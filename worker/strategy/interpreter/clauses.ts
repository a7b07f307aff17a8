import { parseConditions, zone } from "./conditions";
import type { Clause, Condition, Facts, IndicatorMention, Operand, PriceField, Side } from "./facts";
import { collapseGroups, ListAlternatives, splitGroups } from "./groups";
import { type MentionContext, scanMentions } from "./mentions";
import { isSequenceStep, returnsFromState, splitSteps } from "./sequence";

// Splits a sentence into clauses ("buy when ..., sell when ...") and decides for each one
// its role (entry, exit, filter) and side, plus the sentence-level intents: "do the opposite
// for short", "long only", "exit on the opposite signal".

const MARKER =
  "(?:then\\s+)?(?:buy|sell|go\\s+(?:long|short)|enter|open|exit|close\\s+(?:the|a|all|long|short|trades?|positions?|when|if|on|it|buy|sell|out)|get\\s+out|short|long|only|do\\s+the\\s+opposite|reverse|vice\\s+versa)\\b";
const SPLIT = new RegExp(
  // "... 50 pips from the entry point exit when ...": an exit opens a clause even without a comma before it.
  `(?<!\\b(?:only|also|then|and|or|to|not|never|don't|you|we|i)\\s*)\\s+(?=(?:exit|close)\\s+(?:the\\s+)?(?:(?:long|short|buy|sell)s?\\s+)?(?:trades?\\s+|positions?\\s+)?(?:when|if)\\b)|` +
    // "... > 0.0005 it closes the long position when ...": a subject and an action start a clause of their own.
    `\\s+(?=(?:it|we|you|i|the\\s+(?:ea|robot|strategy|system|expert))\\s+(?:opens?|closes?|buys?|sells?|enters?|exits?|goes|go)\\s+(?:the\\s+|a\\s+|an\\s+|all\\s+)?(?:long|short|buy|sell|positions?|trades?|orders?)\\b)|` +
    `\\s*(?:,|\\s-\\s|\\band\\b|\\bthen\\b|\\bbut\\b|\\bor\\b)\\s*(?:,\\s*)?(?=${MARKER})|\\s*,\\s*(?=(?:and\\s+)?when\\b)|\\s+(?=and\\s+(?:when|if)\\b)|\\s*,\\s*(?=[^,]*\\bfor\\s+(?:buy|sell|long|short)s?\\b)|(?<=\\b(?:buy|sell)\\b)\\s+(?=(?:rsi|macd|cci|adx|stochastic|bollinger|momentum|ema|sma|price|close)\\b)`,
);

const UNKNOWN: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bichimoku|\bkumo\b|\btenkan|\bkijun/, "Ichimoku"],
  [/\bparabolic|\bpsar\b|\bsar\b/, "Parabolic SAR"],
  [/\bfib(?:onacci|o)?\b/, "Fibonacci levels"],
  [/\bsuper\s*trend/, "SuperTrend"],
  [/\bvwap\b/, "VWAP"],
  [/\bwilliams/, "Williams %R"],
  [/\bpivot/, "pivot points"],
  [/\bheik[ie]n|\bheiken/, "Heikin-Ashi"],
  [/\bdonchian/, "Donchian channel"],
  [/\bkeltner/, "Keltner channel"],
  [/\bawesome\s+oscillator|\bao\b/, "Awesome Oscillator"],
  [/\bobv\b|on[\s-]balance\s+volume/, "On-Balance Volume"],
  [/\bvolume\b/, "volume"],
  [/\benvelopes?\b/, "Envelopes"],
  [/\balligator\b/, "Alligator"],
  [/\bfractals?\b/, "Fractals"],
  [/\bdemarker\b/, "DeMarker"],
  [/\baroon\b/, "Aroon"],
  [/\btrix\b/, "TRIX"],
  [/\btrend\s*lines?\b/, "a drawn trendline"],
  // "the last swing high" is v2's swing level (levels.ts); swings in general are not.
  [
    // "could the EA support a CCI strategy", "supports both sides": the verb is no support level.
    /\bsupport\b(?!\s+(?:a|an|the|both|multiple|several|all|any|it|this|that|for|of|me)\b)|\bresistance\b|(?<!\b(?:last|latest|previous|prior|recent|nearest|preceding)\s)swing\s+(?:high|low)s?\b/,
    "support/resistance levels",
  ],
  [/\bhma\b|\bhull\b/, "the Hull moving average"],
  [/\bnews\b/, "news events"],
];

/**
 * Unsupported things the entry or exit rules name. A sentence about the stop or target only ("take profit: 50
 * points or at key resistance") offers an alternative the rest of the sentence already states: not asked.
 */
export function unknownIndicators(text: string): string[] {
  const out: string[] = [];
  const rulesText = text
    .split(/[.;\n]+/)
    .filter(
      (s) =>
        !/\b(?:take profit|stop loss|target|trailing stop)\b/.test(s) ||
        /\b(?:buy|sell|enter|entry)\b/.test(s),
    )
    .join(". ");
  // A Donchian channel named beside its N-bar highs and lows ("Donchian breakout: buy above the highest high of
  // the last 20 bars") is those levels, which v2 states.
  const extremes =
    /\b(?:highest|lowest)\b|\b\d+\s*-?\s*(?:day|bar|period|candle)s?\s+(?:highs?|lows?)\b/.test(rulesText);
  for (const [re, name] of UNKNOWN)
    if (re.test(rulesText) && !(name === "Donchian channel" && extremes)) out.push(name);
  return out;
}

interface RawClause {
  text: string;
  clause: Clause;
  hasRoleWord: boolean;
  opposite: boolean;
  vagueCross: boolean;
  operands: readonly Operand[];
}

function sideOf(text: string): Side | "both" | null {
  const t = text.replace(/\bas long as\b/g, " ");
  // An action word names the side; a trend word only when there is none ("buy when the trend is bearish and
  // price pulls back" is a buy).
  const buy = /\b(long|buy|buying|longs)\b/.test(t);
  const sell = /\b(short|sell|selling|shorting|cover)\b/.test(t);
  const acted = buy || sell;
  const long = buy || (!acted && /\b(bullish|bull)\b/.test(t));
  const short = sell || (!acted && /\b(bearish|bear)\b/.test(t));
  if (long && short) return "both";
  if (long) return "long";
  if (short) return "short";
  return null;
}

/** "crosses back" with no direction of its own ("crosses back below" is a condition). */
const CROSS_BACK =
  /\bcross(?:es|ed)?\s+back\b(?!\s+(?:above|below|over|under|through|up|down))|\bre-?cross(?:es|ed)?\b/;

const EXIT_WORD =
  /\b(exit|exits|get out|cover|liquidate|close(?!\s+(?:above|below|over|under|is|crosses|price))|close out|take (?:the )?profit when|stop out|closes\s+(?:the\s+|all\s+|any\s+|its\s+)?(?:(?:long|short|buy|sell)\s+)?(?:positions?|trades?|orders?|deals?))\b/;
const ADDITIVE_WORD =
  /\b(also|add|adding|additionally|plus|in addition|too|as well|filter|filters|only|as long as|provided|confirm|confirms|confirmation|confirmed|require|requires|must|need|needs|if|unless)\b/;

/** Turns the sentences of one message into clauses, filling the sentence-level facts as well. */
export function readClauses(
  sentences: readonly string[],
  ctx: MentionContext,
  facts: Facts,
): { vagueCross: boolean; mentions: IndicatorMention[] } {
  let vagueCross = false;
  const mentions: IndicatorMention[] = [];
  let lastSide: Side | null = null;
  let prev: Condition | null = null;
  // First pass: the averages the message names, so a bare "the 21" later can refer to them.
  const maPeriods = new Map(ctx.maPeriods);
  // ... and the MACD or stochastic it names, so that a later "main line" / "signal line" alone is that one's.
  const kinds = [...ctx.knownKinds];
  // ... and the price each average's length was declared with, unless two prices share a length.
  const maPrices = new Map<number, PriceField>();
  const twoPrices = new Set<number>();
  for (const sentence of sentences) {
    for (const op of scanMentions(sentence, ctx).operands) {
      if (op.type === "indicator" && op.ind.kind === "ma" && op.ind.period !== null && !op.ind.of) {
        const price = op.ind.price ?? "close";
        const seen = maPrices.get(op.ind.period);
        if (op.ind.price !== null && seen === undefined) maPrices.set(op.ind.period, price);
        else if (op.ind.price !== null && seen !== price) twoPrices.add(op.ind.period);
      }
      if (op.type === "indicator" && (op.ind.kind === "macd" || op.ind.kind === "stochastic"))
        kinds.push(op.ind.kind);
      if (
        op.type === "indicator" &&
        op.ind.kind === "ma" &&
        op.ind.period !== null &&
        op.ind.method !== null
      ) {
        maPeriods.set(op.ind.period, op.ind.method);
      }
    }
  }
  for (const p of twoPrices) maPrices.delete(p);
  for (const [p, price] of maPrices) if (price === "close") maPrices.delete(p);
  const fullCtx: MentionContext = { ...ctx, maPeriods, maPrices, knownKinds: kinds };
  let subject: Operand | null = null;
  // Sides whose exit the message states in so many words ("close sells when ..."), and the side the previous
  // sentence entered: a later sideless exit goes with that entry when the other side's exit is already given.
  const exitSides = new Set<Side>();
  let prevEntrySide: Side | null = null;
  // The sentence before opened both sides ("buy only when A and sell only when B"): a bare condition after it
  // is for both, not for the side named last.
  let prevMixed = false;
  let groupIds = 0;
  const nextGroup = () => ++groupIds;
  const lists = new ListAlternatives(nextGroup);
  for (const whole of sentences) {
    const sentence = directionIntent(whole, facts);
    const raws: RawClause[] = [];
    let end = 0;
    let before = "";
    for (const part of sentence.split(SPLIT).flatMap(splitSteps)) {
      const text = part.trim();
      if (text.length === 0) continue;
      // The words that joined this clause to the one before ("..., then buy when"): a sequence's step.
      const at = sentence.indexOf(text, end);
      const gap = at >= 0 ? sentence.slice(end, at) : "";
      if (at >= 0) end = at + text.length;
      const raw = readClause(text, fullCtx, prev, subject);
      if (isSequenceStep(text, gap, before)) {
        raw.clause.step = true;
        if (returnsFromState(text)) raw.clause.stepReturns = true;
      }
      before = text;
      // "short the reverse above 80": a mirror, whatever level words come with it.
      if (
        raw.opposite &&
        raw.operands.length === 0 &&
        raw.clause.side !== null &&
        raw.clause.role !== "exit"
      ) {
        raw.clause.conditions = [];
      }
      raws.push(raw);
      if (raw.clause.conditions.length > 0) prev = raw.clause.conditions[0];
      for (const op of raw.operands) if (op.type === "indicator" && zone(op.ind) !== null) subject = op;
    }
    for (const r of raws) for (const op of r.operands) if (op.type === "indicator") mentions.push(op.ind);
    merge(raws);
    // "exit when A or when B and C": alternatives of several conditions (groups.ts).
    const prevCondition = prev;
    const split = splitGroups(raws, (t) => readClause(t, fullCtx, prevCondition, subject), nextGroup);
    raws.splice(0, raws.length, ...split);
    // "exit when A or if B": two ways out, so either one closes (joined by AND they would rarely both fire).
    const exits = raws.filter((r) => r.clause.role === "exit" && r.clause.conditions.length > 0);
    const exitConds = exits.reduce((n, r) => n + r.clause.conditions.length, 0);
    if (exitConds > 1 && /\bor\b/.test(sentence) && !/\band\b/.test(sentence))
      for (const r of exits) if (r.clause.orGroup === undefined) r.clause.alternative = true;
    let sentenceSide: Side | null = null;
    let entrySide: Side | null | "mixed" = null;
    for (const raw of raws) {
      const c = raw.clause;
      // "sell on the reverse cross" names its cross: the mirror, not a vague one.
      vagueCross ||= raw.vagueCross && c.conditions.length === 0 && !raw.opposite;
      const side = sideOf(raw.text);
      // Sentence-level intents that carry no condition.
      if (c.conditions.length === 0 && (c.dangling ?? []).length === 0) {
        if (raw.opposite) {
          if (c.role === "exit") {
            facts.closeOnOpposite = true;
            if (MA_CROSS_BACK.test(raw.text)) facts.maCrossBackExit = true;
          } else facts.mirror = true;
        } else if (c.role === "exit" && /\bcross(?:es|ed)?\s+back\b|\bre-?cross/.test(raw.text)) {
          facts.closeOnOpposite = true;
          if (MA_CROSS_BACK.test(raw.text)) facts.maCrossBackExit = true;
        }
        continue;
      }
      // "Buy when A and close when B": B closes the buy. "... enter a sell when A. The exit is when B" after the
      // buys' own exit: B closes the sells.
      if (c.role === "exit" && c.side === null && side === null) {
        const other = (s: Side): Side => (s === "long" ? "short" : "long");
        if (sentenceSide !== null) c.side = sentenceSide;
        else if (
          prevEntrySide !== null &&
          exitSides.has(other(prevEntrySide)) &&
          !exitSides.has(prevEntrySide)
        )
          c.side = prevEntrySide;
      }
      if (c.role === "exit" && c.side !== null) exitSides.add(c.side);
      if (c.role === "entry" && c.side !== null) {
        sentenceSide ??= c.side;
        entrySide = entrySide === null || entrySide === c.side ? c.side : "mixed";
      }
      if (c.role === "entry" && c.side === null && side !== "both") {
        // A bare condition after a sided clause belongs to that side ("RSI must be above 50").
        if (lastSide !== null && !(prevMixed && sentenceSide === null)) {
          c.side = lastSide;
          c.additive = true;
        }
      }
      if (side === "both" && c.role !== "exit") {
        c.role = "filter";
        c.side = null;
      }
      if (c.side !== null) lastSide = c.side;
      if (raw.opposite && c.role === "exit") facts.closeOnOpposite = true;
      facts.clauses.push(c);
    }
    prevEntrySide = entrySide === "mixed" ? null : entrySide;
    if (entrySide !== null) prevMixed = entrySide === "mixed";
    // Items of an "any of the following" list, or joined by a trailing "or", are alternatives (groups.ts).
    lists.sentence(
      sentence.trim(),
      raws.map((r) => r.clause),
    );
  }
  completeDangling(facts);
  levelCloses(facts);
  setupThenCross(facts);
  bothOpened(sentences, facts);
  collapseGroups(facts);
  return { vagueCross, mentions };
}

/** "the EMAs cross the other way", "the averages cross back", "the MAs cross in the opposite direction". */
const MA_CROSS_BACK =
  /\b(?:(?:sma|ema|smma|lwma|ma)s?|averages?|moving averages?|lines)\s+(?:cross|crosses|crossing)\s+(?:back|the\s+other\s+way|in\s+the\s+(?:opposite|other)\s+direction|the\s+opposite\s+way|again)\b/;

/** "we open a buy deal", "the EA opens a short position", "go short": a side named as an entry. */
const OPENS_SIDE =
  /\b(?:open|opens|opening|enter|enters|entering|take|takes|place|places)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(buy|sell|long|short)\s+(?:deal|position|trade|order)s?\b|\bgo(?:es)?\s+(long|short)\b/g;

/**
 * "With the trend up we buy ..., and with the trend down we sell": both sides are opened, but the
 * conditions were written for one of them (with "above ... or below" for the other): the other side is its
 * mirror, as when the text says "vice versa".
 */
function bothOpened(sentences: readonly string[], facts: Facts): void {
  if (facts.direction !== null || facts.mirror) return;
  const opened = new Set<Side>();
  for (const s of sentences)
    for (const m of s.matchAll(OPENS_SIDE)) {
      const w = m[1] ?? m[2];
      opened.add(w === "buy" || w === "long" ? "long" : "short");
    }
  if (opened.size < 2) return;
  const written = (side: Side) =>
    facts.clauses.some((c) => c.role === "entry" && c.side === side && c.conditions.length > 0);
  const sideless = facts.clauses.some((c) => c.role !== "exit" && c.side === null && c.conditions.length > 0);
  if (written("long") !== written("short") || (!written("long") && sideless)) facts.mirror = true;
}

/**
 * "The price is below the lower band ... open long when the price returns above the lower band": a state and a
 * cross of the same pair the other way describe one event (the cross starts from that state), so the state,
 * which can never hold on the bar of the cross, goes.
 */
function setupThenCross(facts: Facts): void {
  const key = (o: Operand) => JSON.stringify(o);
  for (const side of ["long", "short"] as const) {
    const entries = facts.clauses.filter((c) => c.role !== "exit" && c.side === side);
    // Said as a sequence ("..., then returns above the band"): the state is the window's (sequence.ts).
    if (entries.some((c) => c.step)) continue;
    const crosses = entries.flatMap((c) =>
      c.conditions.filter((x) => x.op === "crossesAbove" || x.op === "crossesBelow"),
    );
    for (const c of entries)
      c.conditions = c.conditions.filter(
        (x) =>
          !crosses.some(
            (k) =>
              key(k.left) === key(x.left) &&
              key(k.right) === key(x.right) &&
              (k.op === "crossesAbove" ? x.op === "below" : x.op === "above"),
          ),
      );
  }
}

/**
 * "Long: ... MACD histogram goes above the 0 line. Short: ... and MACD goes below.": a line going one way with
 * nothing after it takes its other side from the other trading side's rule on the same indicator, mirrored (an
 * oscillator's level reflected around its centre, a band for the opposite band).
 */
function completeDangling(facts: Facts): void {
  for (const c of facts.clauses) {
    if (!c.dangling || c.side === null) continue;
    const other: Side = c.side === "long" ? "short" : "long";
    for (const d of c.dangling) {
      const model = facts.clauses
        .filter((o) => o.role === c.role && o.side === other)
        .flatMap((o) => o.conditions)
        .find(
          (x) =>
            x.left.type === "indicator" &&
            d.left.type === "indicator" &&
            x.left.ind.kind === d.left.ind.kind &&
            x.op !== "between",
        );
      if (model?.left.type !== "indicator") continue;
      const z = zone(model.left.ind);
      const r = model.right;
      const right: Operand =
        r.type === "constant" && z
          ? { type: "constant", value: 2 * z.mid - r.value }
          : r.type === "indicator" && r.ind.kind === "bollinger" && r.ind.line !== "middle"
            ? { ...r, ind: { ...r.ind, line: r.ind.line === "upper" ? "lower" : "upper" } }
            : r;
      const cross = model.op === "crossesAbove" || model.op === "crossesBelow" || model.op === "crosses";
      const op = cross
        ? d.dir === "up"
          ? "crossesAbove"
          : "crossesBelow"
        : d.dir === "up"
          ? "above"
          : "below";
      c.conditions.push({ op, left: model.left, right });
    }
    delete c.dangling;
  }
}

/**
 * A close beyond a line is the trigger itself (a cross) only when it is the side's one entry condition; among
 * other conditions ("closes above the 20 EMA, RSI above 55") it is a state like them, and an exit's close
 * beyond a line is one too.
 */
function levelCloses(facts: Facts): void {
  const level = (x: Condition): Condition =>
    x.closing && (x.op === "crossesAbove" || x.op === "crossesBelow")
      ? { ...x, op: x.op === "crossesAbove" ? "above" : "below" }
      : x;
  for (const side of ["long", "short", null] as const) {
    const entries = facts.clauses.filter((c) => c.role !== "exit" && c.side === side);
    const count = entries.reduce((n, c) => n + c.conditions.length, 0);
    for (const c of facts.clauses)
      if (c.role === "exit" || (count > 1 && entries.includes(c))) c.conditions = c.conditions.map(level);
  }
}

function readClause(
  text: string,
  ctx: MentionContext,
  prev: Condition | null,
  subject: Operand | null,
): RawClause {
  const scanned = scanMentions(text, ctx);
  const parsed = parseConditions(scanned.text, scanned.operands, prev, subject);
  const words = scanned.text;
  const exit = EXIT_WORD.test(words);
  const side = sideOf(words);
  const filterOnly =
    /\b(only (?:trade|enter|take trades)|only (?:when|if)|as long as|provided|filter)\b/.test(words);
  const role: Clause["role"] = exit ? "exit" : side === null && filterOnly ? "filter" : "entry";
  return {
    text,
    clause: {
      role,
      side: side === "long" || side === "short" ? side : null,
      conditions: parsed.conditions,
      additive: ADDITIVE_WORD.test(words),
      ...(parsed.dangling.length > 0 ? { dangling: parsed.dangling } : {}),
      ...(parsed.groups ? { groups: parsed.groups } : {}),
    },
    hasRoleWord: exit || side !== null,
    // "sell when it crosses back" is the opposite cross for an entry; for an exit the same words
    // mean closing on the opposite cross (handled by the caller).
    opposite:
      /\b(opposite|vice versa|reverse|reversed|mirror|mirrored|inverse|other way)\b/.test(words) ||
      (!exit && CROSS_BACK.test(words)),
    vagueCross: parsed.vagueCross,
    operands: scanned.operands,
  };
}

/** "When X, go long": a clause with conditions but no side borrows the marker of its neighbour. */
function merge(raws: RawClause[]): void {
  for (let i = 0; i < raws.length; i++) {
    const a = raws[i];
    if (a.clause.conditions.length === 0 || a.hasRoleWord) continue;
    const next = raws[i + 1];
    const prev = raws[i - 1];
    const donor =
      next && next.clause.conditions.length === 0 && next.hasRoleWord && !next.opposite
        ? next
        : prev && prev.clause.conditions.length === 0 && prev.hasRoleWord && !prev.opposite
          ? prev
          : null;
    if (!donor) continue;
    a.clause.role = donor.clause.role;
    a.clause.side = donor.clause.side;
    a.clause.additive ||= donor.clause.additive;
    a.hasRoleWord = true;
    a.text = `${a.text} ${donor.text}`;
    raws.splice(raws.indexOf(donor), 1);
    if (donor === prev) i--;
  }
}

// "buy only when X" is a condition on the buys, not a direction.
const LONG_ONLY =
  /\b(?:long|buy)s?\s+only\b(?!\s+(?:when|if|while|after|once|as|on|in|during|above|below|with|provided))|\bonly\s+(?:go\s+|take\s+|trade\s+|open\s+)?(?:the\s+)?(?:long|buy)s?(?:\s+trades|\s+side)?(?=\s*(?:,|$|\.|please|for now))|\bno\s+(?:short|sell)s?(?:\s+trades)?\b|\b(?:don't|do not|dont|never)\s+(?:go\s+)?(?:short|sell)\b|\bdisable\s+(?:short|sell)s?\b/;
const SHORT_ONLY =
  /\b(?:short|sell)s?\s+only\b(?!\s+(?:when|if|while|after|once|as|on|in|during|above|below|with|provided))|\bonly\s+(?:go\s+|take\s+|trade\s+|open\s+)?(?:the\s+)?(?:short|sell)s?(?:\s+trades|\s+side)?(?=\s*(?:,|$|\.|please|for now))|\bno\s+(?:long|buy)s?(?:\s+trades)?\b|\b(?:don't|do not|dont|never)\s+(?:go\s+)?(?:long|buy)\b|\bdisable\s+(?:long|buy)s?\b/;
const BOTH =
  /\bboth\s+(?:directions|ways|sides)\b|\blong\s+and\s+short\b|\bbuy\s+and\s+sell\b(?!\s+when)|\b(?:allow|add|enable|also)\s+(?:take\s+)?(?:short|sell|long|buy)s?\b|\b(?:short|sell|long|buy)s?\s+(?:too|as well)\b/;

/** Records "long only" / "no shorts" / "both directions" and returns the sentence without it. */
function directionIntent(text: string, facts: Facts): string {
  const t = text.replace(/\bas long as\b/g, "provided");
  for (const [re, dir] of [
    [LONG_ONLY, "long"],
    [SHORT_ONLY, "short"],
    [BOTH, "both"],
  ] as const) {
    const m = re.exec(t);
    if (m) {
      facts.direction = dir;
      return `${t.slice(0, m.index)} ${t.slice(m.index + m[0].length)}`;
    }
  }
  return t;
}
