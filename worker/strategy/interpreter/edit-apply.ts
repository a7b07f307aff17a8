import { periodMs } from "../../market/periods";
import type { Period } from "../../market/types";
import {
  type Condition,
  type Indicator,
  mapSingleBar,
  type SingleBarCondition,
  type Operand as SpecOperand,
  type StrategySpec,
} from "../spec";
import { type Edit, type IndicatorKind, type ParamName, type ParamValues, SPEC_KIND } from "./facts";
import { isMa } from "./indicators";
import { replaceIndicator } from "./spec-edits";

// Applies the chat edits of edit-phrases.ts to a draft. An edit that cannot be applied is never dropped in
// silence: it adds a question (issue 15), and the draft keeps what it had.

type ChatEdit = Extract<
  Edit,
  {
    type:
      | "setParams"
      | "setLevelBars"
      | "stopAt"
      | "closeAt"
      | "afterBars"
      | "removeTimeExits"
      | "maxTradesPerDay"
      | "maxSpread"
      | "minMinutesBetween"
      | "pendingOrder"
      | "pendingExpiry"
      | "serverTime";
  }
>;

export interface EditOutcome {
  notes: string[];
  questions: string[];
}

/** An indicator kind as a reply or a question names it. */
export const KIND_NAME: Record<IndicatorKind, string> = {
  ma: "moving average",
  rsi: "RSI",
  macd: "MACD",
  bollinger: "Bollinger Bands",
  stochastic: "Stochastic",
  atr: "ATR",
  cci: "CCI",
  adx: "ADX",
  momentum: "Momentum",
};

/** A kind's settings in MetaTrader's input order, and the field each is stored in. */
const SLOTS: Record<string, ReadonlyArray<readonly [ParamName, string]>> = {
  RSI: [["period", "period"]],
  CCI: [["period", "period"]],
  ADX: [["period", "period"]],
  ATR: [["period", "period"]],
  MOMENTUM: [["period", "period"]],
  BOLLINGER: [
    ["period", "period"],
    ["deviation", "deviation"],
  ],
  MACD: [
    ["fast", "fast"],
    ["slow", "slow"],
    ["signal", "signal"],
  ],
  STOCHASTIC: [
    ["k", "kPeriod"],
    ["d", "dPeriod"],
    ["slowing", "slowing"],
  ],
};
const EXAMPLE: Record<string, string> = {
  RSI: "'RSI period 9'",
  CCI: "'CCI period 20'",
  ADX: "'ADX period 14'",
  ATR: "'ATR period 14'",
  MOMENTUM: "'Momentum period 10'",
  BOLLINGER: "'bands 20, 2.5' (period, deviation)",
  MACD: "'MACD 12/26/9' (fast, slow, signal)",
  STOCHASTIC: "'Stochastic 5,3,3' (%K, %D, slowing)",
};

const LABEL: Record<string, string> = {
  BOLLINGER: "Bollinger Bands",
  STOCHASTIC: "Stochastic",
  MOMENTUM: "Momentum",
};

function label(ind: Indicator): string {
  return LABEL[ind.kind] ?? ind.kind;
}

function settingsOf(ind: Indicator): string {
  const slots = SLOTS[ind.kind] ?? [];
  const rec: Record<string, unknown> = { ...ind };
  return slots.map(([, field]) => String(rec[field])).join(", ");
}

/** The changed copy of `ind`, or the reason the values do not fit it. */
function withParams(ind: Indicator, named: ParamValues, list: readonly number[]): Indicator | string {
  const slots = SLOTS[ind.kind];
  if (!slots) return `I can't change the settings of ${label(ind)} in the chat yet.`;
  if (list.length > slots.length)
    return `${label(ind)} takes ${slots.length === 1 ? "one setting" : `${slots.length} settings`}; which should change? For example ${EXAMPLE[ind.kind]}.`;
  const values: Partial<Record<ParamName, number>> = { ...named };
  list.forEach((v, i) => {
    values[slots[i][0]] = v;
  });
  // "period" names a kind's first setting (the Stochastic's %K).
  if (values.period !== undefined && !slots.some(([p]) => p === "period")) {
    if (ind.kind !== "STOCHASTIC")
      return `Which ${label(ind)} setting should be ${values.period}? For example ${EXAMPLE[ind.kind]}.`;
    values.k = values.period;
    delete values.period;
  }
  const unknown = (Object.keys(values) as ParamName[]).filter((p) => !slots.some(([s]) => s === p));
  if (unknown.length > 0)
    return `${label(ind)} has no ${unknown.join(" or ")} setting; its settings are ${slots.map(([p]) => p).join(", ")}.`;
  const rec: Record<string, unknown> = { ...ind };
  for (const [p, field] of slots) {
    const v = values[p];
    if (v === undefined) continue;
    if (p === "deviation" ? !(v > 0 && v <= 10) : !(Number.isInteger(v) && v >= 1 && v <= 5000))
      return p === "deviation"
        ? `A Bollinger deviation must be above 0 and at most 10; ${v} is not. Which deviation should I use?`
        : `A ${label(ind)} ${p} must be a whole number of bars; ${v} is not. Which value should I use?`;
    rec[field] = v;
  }
  const changed = { ...ind, ...rec } as Indicator;
  if (changed.kind === "MACD" && changed.fast >= changed.slow)
    return `The MACD's fast period must be shorter than its slow one (${changed.fast} vs ${changed.slow}). Which values should I use?`;
  return changed;
}

/** Indicators that "the period" can mean: those with a setting of that name, moving averages aside. */
function candidates(spec: StrategySpec, named: ParamValues, list: readonly number[]): Indicator[] {
  const keys = Object.keys(named) as ParamName[];
  return spec.indicators.filter((i) => {
    if (isMa(i)) return false;
    const slots = SLOTS[i.kind];
    if (!slots) return false;
    if (list.length > 0) return list.length <= slots.length;
    return keys.every((k) => slots.some(([s]) => s === k) || (k === "period" && i.kind === "STOCHASTIC"));
  });
}

function setParams(draft: StrategySpec, e: Extract<Edit, { type: "setParams" }>, out: EditOutcome): void {
  let targets: Indicator[];
  if (e.kind === "ma") {
    out.questions.push(
      "Which moving average should change, and to what length? For example 'change the 50 EMA to 100'.",
    );
    return;
  }
  if (e.kind !== null) {
    targets = draft.indicators.filter((i) => i.kind === SPEC_KIND[e.kind ?? "ma"]);
    if (targets.length === 0) {
      out.questions.push(
        `There is no ${KIND_NAME[e.kind]} in the strategy to change. Should I add one? Tell me the rule that uses it.`,
      );
      return;
    }
  } else {
    targets = candidates(draft, e.named, e.list);
    // An ATR that only sizes a stop is a candidate only when it is the one indicator with that setting.
    const kinds = new Set(targets.map((t) => t.kind));
    if (kinds.size > 1) {
      const names = [...kinds].map((k) => (k === "BOLLINGER" ? "Bollinger Bands" : k));
      out.questions.push(
        `Which indicator should "${e.phrase}" change: the ${names.slice(0, -1).join(", the ")} or the ${names.at(-1)}?`,
      );
      return;
    }
    if (targets.length === 0) {
      const what = Object.keys(e.named).join(" and ") || "settings";
      out.questions.push(
        `No indicator in the strategy has a ${what} to change${draft.indicators.some(isMa) ? " (for a moving average, say e.g. 'change the 50 EMA to 100')" : ""}. What should change?`,
      );
      return;
    }
  }
  for (const ind of targets) {
    const changed = withParams(ind, e.named, e.list);
    if (typeof changed === "string") {
      out.questions.push(changed);
      return;
    }
    if (settingsOf(changed) === settingsOf(ind))
      out.notes.push(`The ${label(ind)} already uses ${settingsOf(ind)}: nothing to change there.`);
    else replaceIndicator(draft, ind, changed);
  }
}

/** Every place an operand lives: rules, pending prices, structural stops and trails. */
function mapOperands(
  spec: StrategySpec,
  scope: "entry" | "exit" | null,
  f: (o: SpecOperand) => SpecOperand,
): void {
  const mapRule = (r: StrategySpec["entry"]["long"]) =>
    r && {
      all: r.all.map((c) => mapCondition(c, f)),
      any: r.any.map((c) => mapCondition(c, f)),
    };
  if (scope !== "exit") {
    spec.entry = { ...spec.entry, long: mapRule(spec.entry.long), short: mapRule(spec.entry.short) };
    if (!spec.entry.long) delete spec.entry.long;
    if (!spec.entry.short) delete spec.entry.short;
    const pe = spec.pendingEntry;
    if (pe) spec.pendingEntry = { ...pe, long: pe.long && f(pe.long), short: pe.short && f(pe.short) };
  }
  if (scope !== "entry") {
    spec.exit = { ...spec.exit, long: mapRule(spec.exit.long), short: mapRule(spec.exit.short) };
    if (!spec.exit.long) delete spec.exit.long;
    if (!spec.exit.short) delete spec.exit.short;
  }
}

function mapCondition(c: Condition, f: (o: SpecOperand) => SpecOperand): Condition {
  return mapSingleBar(c, (x) => mapSingle(x, f));
}

function mapSingle(c: SingleBarCondition, f: (o: SpecOperand) => SpecOperand): SingleBarCondition {
  if (c.type === "candlePattern") return c;
  if (c.type === "between") return { ...c, operand: f(c.operand), lower: f(c.lower), upper: f(c.upper) };
  return { ...c, left: f(c.left), right: f(c.right) };
}

function deepExtreme(o: SpecOperand, f: (bars: number) => number): SpecOperand {
  if (o.type === "extreme") return { ...o, bars: f(o.bars) };
  if (o.type === "expression") {
    const a = o.a.type === "extreme" ? { ...o.a, bars: f(o.a.bars) } : o.a;
    const b = o.b?.type === "extreme" ? { ...o.b, bars: f(o.b.bars) } : o.b;
    return { ...o, a, b };
  }
  return o;
}

function extremesIn(spec: StrategySpec, scope: "entry" | "exit"): Set<number> {
  const seen = new Set<number>();
  const copy = structuredClone(spec);
  mapOperands(copy, scope, (o) =>
    deepExtreme(o, (b) => {
      seen.add(b);
      return b;
    }),
  );
  return seen;
}

function setLevelBars(
  draft: StrategySpec,
  e: Extract<Edit, { type: "setLevelBars" }>,
  out: EditOutcome,
): void {
  let bars = e.bars;
  if (e.unit === "days" && draft.timeframe !== "D1") {
    const perDay = 86_400_000 / periodMs(draft.timeframe);
    if (!Number.isInteger(perDay)) {
      out.questions.push(`How many ${draft.timeframe} bars should the channel span?`);
      return;
    }
    bars = e.bars * perDay;
  }
  const entry = extremesIn(draft, "entry");
  const exit = extremesIn(draft, "exit");
  let scope = e.scope;
  if (scope === null) {
    if (
      entry.size > 0 &&
      exit.size > 0 &&
      !(entry.size === 1 && exit.size === 1 && [...entry][0] === [...exit][0])
    ) {
      out.questions.push(
        `Which channel should be ${e.bars} ${e.unit}: the entry's (${[...entry].join("/")} bars) or the exit's (${[...exit].join("/")} bars)?`,
      );
      return;
    }
  }
  const has =
    scope === "entry" ? entry.size > 0 : scope === "exit" ? exit.size > 0 : entry.size + exit.size > 0;
  if (!has) {
    out.questions.push(
      `The strategy has no ${scope ?? "price"} channel (an N-bar high or low) to change. Which rule should use ${e.bars} ${e.unit}?`,
    );
    return;
  }
  scope ??= null;
  mapOperands(draft, scope, (o) => deepExtreme(o, () => bars));
}

export function applyChatEdit(draft: StrategySpec, e: ChatEdit, out: EditOutcome): void {
  switch (e.type) {
    case "setParams":
      setParams(draft, e, out);
      return;
    case "setLevelBars":
      setLevelBars(draft, e, out);
      return;
    case "stopAt": {
      if (draft.pendingEntry) {
        out.questions.push(
          "A pending order takes a stop in pips, points or ATR from its price; a stop at a candle's low applies to market entries. Should I switch to market entries?",
        );
        return;
      }
      const long: SpecOperand =
        e.level.type === "candle"
          ? { type: "price", field: "LOW", shift: 0 }
          : { type: "extreme", side: "lowest", bars: e.level.bars, shift: 0 };
      const short: SpecOperand =
        e.level.type === "candle"
          ? { type: "price", field: "HIGH", shift: 0 }
          : { type: "extreme", side: "highest", bars: e.level.bars, shift: 0 };
      draft.exits = { ...(draft.exits ?? {}), stop: { long, short } };
      delete draft.stopLoss;
      return;
    }
    case "closeAt": {
      const time = e.dayEnd ? dayEndClock(draft.timeframe) : e.time;
      if (time === null) {
        out.questions.push(
          `On the ${draft.timeframe} chart a bar is a day or longer, so there is no bar at the end of the day to close on. Should trades close after a number of bars instead?`,
        );
        return;
      }
      draft.exits = {
        ...(draft.exits ?? {}),
        closeAt: e.weekdays ? { time, weekdays: e.weekdays } : { time },
      };
      return;
    }
    case "afterBars": {
      let bars = e.count;
      if (e.unit === "minutes") {
        const n = (e.count * 60_000) / periodMs(draft.timeframe);
        if (!Number.isInteger(n) || n < 1) {
          out.questions.push(
            `On the ${draft.timeframe} chart that is not a whole number of bars. After how many bars should a trade close?`,
          );
          return;
        }
        bars = n;
      }
      draft.exits = { ...(draft.exits ?? {}), afterBars: bars };
      return;
    }
    case "removeTimeExits":
      if (draft.exits?.closeAt === undefined && draft.exits?.afterBars === undefined) {
        out.notes.push("The strategy has no time exit to remove.");
        return;
      }
      if (draft.exits) {
        delete draft.exits.closeAt;
        delete draft.exits.afterBars;
      }
      return;
    case "maxTradesPerDay":
      draft.limits = { ...(draft.limits ?? {}), maxTradesPerDay: e.value };
      return;
    case "maxSpread":
      draft.limits = { ...(draft.limits ?? {}), maxSpread: { value: e.value, unit: e.unit } };
      return;
    case "minMinutesBetween":
      draft.limits = { ...(draft.limits ?? {}), minMinutesBetween: e.minutes };
      return;
    case "pendingOrder":
      if (e.order === "market") {
        if (!draft.pendingEntry) out.notes.push("The strategy already enters with market orders.");
        delete draft.pendingEntry;
      }
      return;
    case "pendingExpiry": {
      const pe = draft.pendingEntry;
      if (!pe) {
        out.questions.push(
          "The strategy enters with market orders, so there is no pending order to expire. Should entries be buy/sell stop orders at a level instead (e.g. 'buy stop 2 pips above the previous high')?",
        );
        return;
      }
      draft.pendingEntry = {
        ...pe,
        expiry: e.bars !== null ? { type: "bars", bars: e.bars } : { type: "timeOfDay", at: e.at ?? "00:00" },
      };
      return;
    }
    case "serverTime": {
      const h = draft.timeFilter?.hours;
      const at = draft.exits?.closeAt?.time;
      const parts: string[] = [];
      if (h) parts.push(`entries ${pad(h.from)}:00-${pad(h.to)}:00`);
      if (at) parts.push(`closing at ${at}`);
      out.notes.push(
        parts.length > 0
          ? `Every time in the strategy is the broker's server time (MetaTrader's clock, GMT+2/+3 on most servers): ${parts.join(", ")} server time.`
          : "Times in the strategy are read on the broker's server clock (GMT+2/+3 on most MetaTrader servers); it has no trading hours yet. Which hours should it trade?",
      );
      if (parts.length === 0)
        out.questions.push(
          "Which hours (server time) should the strategy trade, e.g. 'only trade 08:00-17:00'?",
        );
      return;
    }
  }
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * "At the end of the day": the opening time of the chart's last bar of the day (23:00 on H1, 20:00 on H4,
 * 23:45 on M15), where exits.closeAt closes; null on a chart whose bars are a day or longer.
 */
export function dayEndClock(timeframe: Period): string | null {
  const minutes = periodMs(timeframe) / 60_000;
  if (minutes >= 24 * 60) return null;
  const at = 24 * 60 - minutes;
  return `${String(Math.floor(at / 60)).padStart(2, "0")}:${String(at % 60).padStart(2, "0")}`;
}
