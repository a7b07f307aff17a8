import { conditionOperands, parseSpec, type StrategySpec } from "../spec";
import { applyFacts, type Problem } from "./apply";
import { applyAtrSmoothing } from "./atr-smoothing";
import { patternQuestion, undefinedPatterns } from "./candle-patterns";
import { describeChanges } from "./changes";
import { carryOver } from "./chat-memory";
import { readClauses, unknownIndicators } from "./clauses";
import { letterLookBack } from "./condition-words";
import { dailyOrderTime } from "./daily-orders";
import { KIND_NAME } from "./edit-apply";
import { extractEdits } from "./edits";
import { emptyFacts, type Facts, type IndicatorKind, type MaMethod } from "./facts";
import { normalize, sentences } from "./normalize";
import { extractPending } from "./pending";
import { extractRisk } from "./risk";
import { withoutSwingStops } from "./swing-stops";
import { markTimeframes } from "./timeframe-tags";
import { extractTiming } from "./timing";
import { fixedZoneWord, statedZone, zoneNote } from "./zones";

// The embedded, offline, deterministic assistant (DESIGN D4 "interpreter"): one chat message
// plus the current spec in, the next spec version and the reply out.

export interface InterpretResult {
  /** The new version (validated), the unchanged current one when nothing applied, or null. */
  spec: StrategySpec | null;
  /** Sentences of what changed, e.g. "Stop loss set to 30 pips." */
  changes: string[];
  /** The assistant's reply text. */
  clarifications: string;
  /** Asked when an essential is missing or ambiguous. */
  followUpQuestion: string | null;
  /** Whether anything in the message could be used. */
  understood: boolean;
}

const SUPPORTED =
  "moving averages (SMA, EMA, SMMA, LWMA), RSI, MACD, Bollinger Bands, Stochastic, ATR, CCI, ADX and Momentum";

const QUESTIONS: Record<Problem, string> = {
  conflictingDirection:
    "You described both buy and sell signals but also asked for one direction only. Should the strategy trade both directions?",
  maPeriod: "Which lengths should the moving averages use? For example: the 9 EMA crossing the 21 EMA.",
  vagueCross:
    "What should cross what? For example: 'Buy when the 50 EMA crosses above the 200 EMA' or 'Buy when RSI crosses above 30'.",
  noEntry:
    "What should trigger an entry? For example: 'Buy when the 50 EMA crosses above the 200 EMA' or 'Buy when RSI(14) crosses above 30'.",
  sideUnknown: "Should this signal open buys only, or should I also sell on the opposite signal?",
  needsStopForRisk:
    "Risk-based sizing needs a stop loss to measure the risk. How far should the stop be (e.g. 30 pips or 2 x ATR)?",
  needsStopForRatio:
    "A take profit as a multiple of the risk needs a stop loss first. How far should the stop be (e.g. 30 pips or 2 x ATR)?",
  noExit:
    "How should trades be closed? For example a stop loss and take profit in pips, an ATR-based stop, or an exit condition.",
};
// Most blocking first: the first problem found is the one asked.
const ORDER: Problem[] = [
  "conflictingDirection",
  "maPeriod",
  "vagueCross",
  "noEntry",
  "sideUnknown",
  "needsStopForRisk",
  "needsStopForRatio",
  "noExit",
];

function knownKinds(spec: StrategySpec | null): IndicatorKind[] {
  if (!spec) return [];
  // The interpreter's vocabulary predates issue 14's kinds: those are not mentioned by it.
  return spec.indicators.flatMap((i) =>
    i.kind === "SMA" || i.kind === "EMA" || i.kind === "SMMA" || i.kind === "LWMA"
      ? ["ma" as const]
      : INTERPRETED.has(i.kind)
        ? [lower(i.kind as InterpretedKind)]
        : [],
  );
}

function maPeriods(spec: StrategySpec | null): Map<number, MaMethod> {
  const out = new Map<number, MaMethod>();
  for (const i of spec?.indicators ?? []) {
    if (i.kind === "SMA" || i.kind === "EMA" || i.kind === "SMMA" || i.kind === "LWMA") {
      out.set(
        i.period,
        i.kind === "SMA" ? "sma" : i.kind === "EMA" ? "ema" : i.kind === "SMMA" ? "smma" : "lwma",
      );
    }
  }
  return out;
}

type InterpretedKind = "RSI" | "MACD" | "BOLLINGER" | "ATR" | "STOCHASTIC" | "CCI" | "ADX" | "MOMENTUM";
const INTERPRETED: ReadonlySet<string> = new Set<InterpretedKind>([
  "RSI",
  "MACD",
  "BOLLINGER",
  "ATR",
  "STOCHASTIC",
  "CCI",
  "ADX",
  "MOMENTUM",
]);

function lower(kind: InterpretedKind): IndicatorKind {
  switch (kind) {
    case "RSI":
      return "rsi";
    case "MACD":
      return "macd";
    case "BOLLINGER":
      return "bollinger";
    case "ATR":
      return "atr";
    case "STOCHASTIC":
      return "stochastic";
    case "CCI":
      return "cci";
    case "ADX":
      return "adx";
    case "MOMENTUM":
      return "momentum";
  }
}

/** What the chat knows beyond the current spec: the version before it, and the trader's earlier messages. */
export interface TurnContext {
  previous?: StrategySpec | null;
  earlier?: readonly string[];
}

/** A level counted in days: "20 day high", "55-day low", "the 10 day channel" (normalised text). */
const DAY_LEVEL = /\b\d+\s*-?\s*days?\s+(?:highs?|lows?|high\s*\/\s*low|channel|range|breakout|donchian)\b/;

function readMessage(message: string, current: StrategySpec | null) {
  const facts = emptyFacts();
  const normalized = normalize(message);
  const unknown = unknownIndicators(withoutSwingStops(normalized));
  // Pattern names v2 has no definition for ("doji", "morning star"): asked how to recognise them.
  const patterns = undefinedPatterns(normalized);
  // Pending orders before the edits: "a buy stop at the high of the last candle" is an entry, not a stop.
  let text = extractEdits(extractPending(normalized, facts), facts, current !== null);
  text = extractRisk(text, facts);
  applyAtrSmoothing(normalized, facts);
  text = markTimeframes(text);
  text = extractTiming(text, facts);
  // Orders placed at the day's open are one decision a day: the D1 chart, unless another was stated.
  const dailyAt = current === null ? dailyOrderTime(message.toLowerCase()) : null;
  // "the 20-day high", "a 55 day channel": levels counted in days are read on daily bars when no chart is
  // stated (on an H1 chart "20 bars" would be less than a day); the reply says so.
  if (current === null && facts.timeframe === null && DAY_LEVEL.test(normalized)) {
    facts.timeframe = "D1";
    facts.dayChart = true;
  }
  if (dailyAt !== null) {
    const chart = facts.timeframe === null && dailyAt === "00:00";
    if (chart) facts.timeframe = "D1";
    facts.pendingDaily = { at: dailyAt, chart };
  }
  const read = readClauses(
    sentences(text),
    { knownKinds: knownKinds(current), maPeriods: maPeriods(current) },
    facts,
  );
  return { facts, unknown, patterns, read, normalized };
}

export function interpret(
  message: string,
  current: StrategySpec | null,
  context: TurnContext = {},
): InterpretResult {
  const { facts, unknown, patterns, read, normalized } = readMessage(message, current);
  if (facts.edits.some((e) => e.type === "undo")) return undo(current, context.previous ?? null);
  // A message that answers a question (no spec yet) keeps what the earlier ones settled (chat-memory.ts).
  const mentions =
    current === null && (context.earlier ?? []).length > 0
      ? carryOver(
          facts,
          read.mentions,
          (context.earlier ?? []).slice(-3).map((m) => {
            const r = readMessage(m, null);
            return { facts: r.facts, mentions: r.read.mentions, unknown: r.unknown };
          }),
        )
      : read.mentions;
  const applied = applyFacts(facts, current, mentions);
  const problems = new Set(applied.problems);
  // A cross with no named lines ("only trade when they cross") is asked about only when nothing else in the
  // message said what crosses what; beside a clear rule it is a remark about that rule.
  if (read.vagueCross && facts.clauses.every((c) => c.conditions.length === 0)) problems.add("vagueCross");

  const parsed = parseSpec(applied.draft);
  const spec = parsed.ok ? parsed.spec : current;
  const changes = parsed.ok ? describeChanges(current, parsed.spec) : [];
  if (!parsed.ok && !problems.has("noEntry") && !problems.has("maPeriod") && !problems.has("vagueCross")) {
    problems.add(current ? "vagueCross" : "noEntry");
  }

  let followUpQuestion: string | null = null;
  const unset = current === null ? unsetParameter(normalized) : null;
  const twin = current === null && parsed.ok ? sameBothSides(facts, parsed.spec) : null;
  if (unset !== null) {
    // A parameter left as "?" changes every trade and has no default: it is asked, whatever else was read.
    followUpQuestion = `The description leaves ${unset} as "?". Which value should it have?`;
  } else if (twin !== null) {
    followUpQuestion = `The sell rules are the same as the buy rules (${twin}), so both would open at once. What should open a sell: the opposite conditions?`;
  } else if (patterns.length > 0 && unknown.length === 0) {
    followUpQuestion = patternQuestion(patterns);
  } else if (unknown.length > 0) {
    followUpQuestion = `I can't build ${unknown.join(" or ")} yet. I can use ${SUPPORTED}. Which of these should I use instead?`;
  } else {
    const first = ORDER.find((p) => problems.has(p));
    if (first === "maPeriod" && /\bits\s+(?:ma|sma|ema|smma|lwma)\b/.test(normalized)) {
      // "the indicator line crosses its moving average": an average of that indicator, whose length is asked.
      const of = [...new Set(read.mentions.filter((m) => m.kind !== "ma").map((m) => m.kind))];
      followUpQuestion =
        of.length === 1
          ? `Which length should the moving average of the ${KIND_NAME[of[0]]} line use, and how should trades close?`
          : QUESTIONS.maPeriod;
    } else if (first === "noEntry" && current === null && !hasExitFacts(facts)) {
      // Nothing opens a trade and nothing closes one: both essentials in one question.
      followUpQuestion =
        "What should trigger an entry, and what should close the trade? For example: 'Buy when the 50 EMA crosses above the 200 EMA; stop loss 30 pips, take profit 60 pips'.";
    } else if (first) followUpQuestion = QUESTIONS[first];
    // An edit that could not be applied asks (issue 15: never a silent "no change").
    else if (applied.questions.length > 0) followUpQuestion = applied.questions[0];
  }
  if (
    followUpQuestion === null &&
    current !== null &&
    changes.length === 0 &&
    facts.edits.length + facts.clauses.length === 0 &&
    !hasSettings(facts) &&
    applied.notes.length === 0
  )
    followUpQuestion = NOT_UNDERSTOOD;

  const notes: string[] = [];
  if (spec && parsed.ok) {
    const wasOpposite = applied.notes.includes("oppositeExit");
    if (wasOpposite) notes.push("Trades close on the opposite crossover.");
    if (current === null && spec.direction === "both" && spec.closeOnOpposite) {
      notes.push("An opposite signal closes the open trade before reversing.");
    }
    if (current === null && !facts.sizing && spec.sizing.type === "fixed") {
      notes.push(`Position size: ${spec.sizing.lots} lots (the default).`);
    }
    if (facts.dayChart)
      notes.push(
        "The levels are counted in days, so I used the D1 chart; tell me if you trade another timeframe.",
      );
    if (current === null && letterLookBack(message) && /"MOMENTUM"/.test(JSON.stringify(spec.indicators)))
      notes.push(
        "The look-back 'x bars' has no number, so I used 14 bars, MetaTrader's Momentum default (Momentum(14) above 100 is the close above the close 14 bars earlier); tell me the number if it is another.",
      );
    if (current === null && !facts.timeframe)
      notes.push(`I used the ${spec.timeframe} chart; tell me if you trade another timeframe.`);
    if (facts.pendingDaily && spec.pendingEntry)
      notes.push(
        `The orders are placed once a day at ${facts.pendingDaily.at} and replaced by the next day's when unfilled${facts.pendingDaily.chart ? ", so I used the D1 chart" : ""}; tell me if they should stay until filled.`,
      );
    const stopped = (x: StrategySpec) => x.stopLoss !== undefined || x.exits?.stop !== undefined;
    const newStopless = !stopped(spec) && (current === null || (stopped(current) && !facts.noStopWanted));
    // A missing stop is stated, never asked (question policy, issue 15): the strategy trades without one.
    if (newStopless && !facts.noStopWanted && !applied.notes.includes("assumedExit")) {
      notes.push("No stop loss is set; tell me one if you want it (e.g. 30 pips or 2 x ATR).");
    }
    // Hours stated in a zone carry it (timing.ts) and need the broker's clock only in the EA's input; a
    // closing time in GMT or New York time is kept as given, and the reply says what it means on the
    // broker's server clock, which the spec's other times are read on (zones.ts).
    const hoursZone = facts.hours?.zone;
    if (hoursZone)
      notes.push(
        `The hours follow ${hoursZone}${hoursZone === "UTC" ? "" : " with its daylight saving"}, whatever the broker's clock: in MetaTrader set the EA's InpServerZone input to your broker's server time (GMT+2/+3 by default).`,
      );
    const zone = statedZone(normalized);
    const zoned =
      zone &&
      zoneNote(zone, spec, {
        hours: facts.hours !== null && !hoursZone,
        closeAt: facts.edits.some((e) => e.type === "closeAt"),
      });
    if (zoned) notes.push(zoned);
    const fixed = fixedZoneWord(message.toLowerCase());
    if (fixed && (facts.edits.some((e) => e.type === "closeAt") || /"timeWindow"/.test(JSON.stringify(spec))))
      notes.push(
        `${fixed.toUpperCase()} is UTC-${fixed === "est" ? 5 : 4} all year, so its times are written in UTC (say 'New York time' for its clock with daylight saving).`,
      );
  }
  const NOTE_TEXT: Record<string, string> = {
    assumedExit:
      "No exit was given, so trades close when the entry signal turns round (the exit above); tell me if you want a stop or a target instead.",
    sideAssumed: "I read the signal as a buy; say 'sell on the opposite' if it should also trade short.",
  };
  for (const n of applied.notes) if (n !== "oppositeExit") notes.push(NOTE_TEXT[n] ?? n);

  // Understood: something in the message was recognised, even if it could not be applied yet
  // (a take profit in R before any stop); the follow-up question then says what is missing.
  const recognised = facts.clauses.length > 0 || facts.edits.length > 0 || hasSettings(facts) || facts.mirror;
  const understood =
    changes.length > 0 || (spec !== null && current !== null && !same(spec, current)) || recognised;
  const parts: string[] = [];
  if (changes.length > 0) {
    parts.push(current === null ? "Here is the strategy as I understood it:" : "Updated:");
    for (const c of changes) parts.push(`- ${c}`);
  } else if (current !== null && followUpQuestion === NOT_UNDERSTOOD) {
    parts.push("I didn't find a change to make in that message.");
  } else if (current !== null && parsed.ok && followUpQuestion === null) {
    parts.push("No change: the strategy already works that way.");
  } else if (!parsed.ok) {
    parts.push(
      current === null ? "I couldn't build a strategy from that yet." : "I couldn't apply that change.",
    );
  } else {
    parts.push("Nothing changed.");
  }
  if (notes.length > 0) parts.push(notes.join(" "));
  if (followUpQuestion) parts.push(followUpQuestion);
  return {
    spec,
    changes,
    clarifications: parts.join("\n"),
    followUpQuestion,
    understood,
  };
}

const NOT_UNDERSTOOD =
  "What should change? For example: 'stop 30 pips', 'RSI period 9', 'MACD 8/21/5', 'bands 30, 2.5', 'only trade 08:00-17:00', 'close at 21:00', 'risk 1% per trade' or 'use the H4 chart'.";

/** "Undo that": the version before the current one, with what that changes back. */
function undo(current: StrategySpec | null, previous: StrategySpec | null): InterpretResult {
  if (current === null || previous === null) {
    const q = "There is no earlier version of this strategy to go back to. What should I change instead?";
    return { spec: current, changes: [], clarifications: q, followUpQuestion: q, understood: true };
  }
  const changes = describeChanges(current, previous);
  const lines = changes.length > 0 ? changes.map((c) => `- ${c}`) : ["- The previous version was the same."];
  return {
    spec: previous,
    changes,
    clarifications: ["Undone: back to the previous version.", ...lines].join("\n"),
    followUpQuestion: null,
    understood: true,
  };
}

/** "X (or any name) = ?", "threshold: ?": the name of a parameter the trader left open, or null. */
export function unsetParameter(text: string): string | null {
  const m = /\b([a-z][a-z0-9 _]{0,24}?)\s*(?:\([^)]{0,30}\))?\s*(?:=|:)\s*\?(?![a-z0-9])/.exec(text);
  if (!m) return null;
  const name = m[1].trim().split(/\s+/).slice(-3).join(" ");
  return name.length > 0 ? `"${name}"` : null;
}

/** The indicators of a buy rule that the message also wrote, unchanged, as its sell rule; null otherwise. */
function sameBothSides(facts: Facts, spec: StrategySpec): string | null {
  const wrote = (side: "long" | "short") =>
    facts.clauses.some((c) => c.role === "entry" && c.side === side && c.conditions.length > 0);
  const { long, short } = spec.entry;
  if (!wrote("long") || !wrote("short") || !long || !short || !same(long, short)) return null;
  const refs = new Set(
    [...long.all, ...long.any].flatMap((c) =>
      conditionOperands(c)
        .filter((o) => c.type !== "between" || o === c.operand)
        .flatMap((o) => (o.type === "indicator" ? [o.ref] : [])),
    ),
  );
  const names = spec.indicators
    .filter((i) => refs.has(i.id))
    .map((i) => `${i.kind} ${"period" in i ? i.period : ""}`.trim());
  return names.length > 0 ? names.join(", ") : "the same conditions";
}

function hasExitFacts(f: Facts): boolean {
  return (
    f.stopLoss !== null ||
    f.takeProfit !== null ||
    f.targetMeasure !== null ||
    f.targetLine !== null ||
    f.scaleOut !== null ||
    f.trailing !== null ||
    f.closeOnOpposite === true ||
    f.clauses.some((c) => c.role === "exit")
  );
}

function hasSettings(f: Facts): boolean {
  return (
    f.stopLoss !== null ||
    f.takeProfit !== null ||
    f.targetMeasure !== null ||
    f.targetLine !== null ||
    f.scaleOut !== null ||
    f.trailing !== null ||
    f.breakEven !== null ||
    f.breakEvenAtTarget !== null ||
    f.sizing !== null ||
    f.timeframe !== null ||
    f.sessions !== null ||
    f.hours !== null ||
    f.weekdays !== null ||
    f.maxPositions !== null ||
    f.direction !== null ||
    f.closeOnOpposite !== null
  );
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
