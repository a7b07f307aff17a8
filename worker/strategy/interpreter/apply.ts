import { periodMs } from "../../market/periods";
import { PERIODS, type Period } from "../../market/types";
import { type Operand, type Rule, SESSION_HOURS, type StrategySpec, type TimeFilter } from "../spec";
import { Builder, same } from "./builder";
import { placeDailyOrders } from "./daily-orders";
import type { Condition, Facts, IndicatorMention, Problem, Side, SideStop } from "./facts";
import { alternatives } from "./groups";
import { mirrorCondition, mirrorLevel, mirrorRule } from "./mirror";
import { applyDayRange } from "./order-filters";
import { addTo } from "./rules";
import { SEQUENCE_NOTE, windowOfSetup } from "./sequence";
import { applyEdits, referenced } from "./spec-edits";
import { operandTimeframes } from "./timeframe-tags";

// Applies the facts of one message to a draft of the spec. Returns the draft (not yet
// validated) and the problems that need a question back to the trader.

export type { Problem } from "./facts";

export interface Applied {
  draft: StrategySpec;
  problems: Problem[];
  /** Defaults the interpreter chose that the reply should mention. */
  notes: string[];
  /** The entry of a side was (re)written by this message. */
  touched: { long: boolean; short: boolean };
  /** Edits that could not be applied, as the question to ask (never a silent "no change"). */
  questions: string[];
}

/** The spec a first message is applied to: H1, both sides, 0.1 lot, one position, close on opposite. */
export function blankDraft(): StrategySpec {
  return {
    specVersion: 2,
    timeframe: "H1",
    direction: "both",
    indicators: [],
    entry: {},
    exit: {},
    sizing: { type: "fixed", lots: 0.1 },
    maxOpenPositions: 1,
    closeOnOpposite: true,
  };
}

export function applyFacts(
  facts: Facts,
  current: StrategySpec | null,
  mentions: readonly IndicatorMention[],
): Applied {
  const draft: StrategySpec = current ? structuredClone(current) : blankDraft();
  // The chart first: which values are read on another timeframe depends on it (builder.ts `higher`).
  const stated = PERIODS.find((p) => p === facts.timeframe);
  if (stated) draft.timeframe = stated;
  else if (!current) draft.timeframe = chartBelow(facts, draft.timeframe);
  const b = new Builder(draft, mentions);
  const touched = { long: false, short: false };
  const exitTouched = { long: false, short: false };
  const replaced: { long?: Rule; short?: Rule } = {};
  const hadEntries = draft.entry.long !== undefined || draft.entry.short !== undefined;

  // 1. Edits of what is already there.
  const edited = applyEdits(draft, facts.edits);
  b.notes.push(...edited.notes);
  for (const p of edited.problems) b.problems.add(p);
  const questions = [...edited.questions];

  // 2. Entry and exit clauses.
  const pendingFilters: Array<{ conds: readonly Condition[]; step: boolean; returns: boolean }> = [];
  const pendingExits: Array<{
    conds: readonly Condition[];
    alternative: boolean;
    groups?: readonly Condition[][];
  }> = [];
  for (const clause of facts.clauses) {
    if (clause.role === "exit") {
      if (clause.side === null) {
        pendingExits.push({
          conds: clause.conditions,
          alternative: clause.alternative === true || clause.groups !== undefined,
          ...(clause.groups ? { groups: clause.groups } : {}),
        });
        continue;
      }
      const exitCtx = clause.side === "long" ? "longExit" : "shortExit";
      if (clause.groups) {
        // "Close when either A and B, or C": each alternative closes (groups.ts).
        const alts = alternatives(b, clause.groups, exitCtx);
        if (!alts) continue;
        const keepExit = exitTouched[clause.side] || clause.additive;
        draft.exit[clause.side] = orInto(keepExit ? draft.exit[clause.side] : undefined, alts);
        exitTouched[clause.side] = true;
        continue;
      }
      const conds = b.conditions(clause.conditions, exitCtx);
      if (!conds) continue;
      draft.exit[clause.side] = clause.alternative
        ? orInto(exitTouched[clause.side] || clause.additive ? draft.exit[clause.side] : undefined, conds)
        : exitTouched[clause.side] || clause.additive
          ? addTo(draft.exit[clause.side], conds, draft.indicators, false)
          : { all: conds, any: [] };
      exitTouched[clause.side] = true;
      continue;
    }
    if (clause.side === null) {
      pendingFilters.push({
        conds: clause.conditions,
        step: clause.step === true && clause.conditions.length > 0,
        returns: clause.stepReturns === true,
      });
      continue;
    }
    const side = clause.side;
    if (clause.groups) {
      // "Buy if A and B, or if C": the alternatives join what the side's rule already requires.
      const alts = alternatives(b, clause.groups, side === "long" ? "longEntry" : "shortEntry");
      if (!alts) continue;
      const keepPrior = touched[side] || clause.additive;
      const prior = keepPrior ? draft.entry[side] : undefined;
      if (!keepPrior && draft.entry[side]) replaced[side] = draft.entry[side];
      draft.entry[side] = { all: prior?.all ?? [], any: [...(prior?.any ?? []), ...alts] };
      touched[side] = true;
      continue;
    }
    const conds = b.conditions(clause.conditions, side === "long" ? "longEntry" : "shortEntry");
    if (!conds) continue;
    // "First A has to happen, then buy when B": the sideless conditions before the step are its setup.
    if (clause.step && clause.conditions.length > 0 && !touched[side] && pendingFilters.length > 0) {
      const before = b.conditions(
        pendingFilters.splice(0).flatMap((f) => f.conds),
        side === "long" ? "longEntry" : "shortEntry",
      );
      if (before && before.length > 0) {
        draft.entry[side] = { all: before, any: [] };
        touched[side] = true;
      }
    }
    // "..., then enter when B": what this message said for the side so far is the earlier step (sequence.ts).
    const setup =
      clause.step && touched[side] && clause.conditions.length > 0
        ? windowOfSetup(draft.entry[side], clause.stepReturns === true)
        : null;
    if (setup) {
      draft.entry[side] = setup;
      if (!b.notes.includes(SEQUENCE_NOTE)) b.notes.push(SEQUENCE_NOTE);
    }
    const keep = touched[side] || clause.additive;
    if (!keep && draft.entry[side]) replaced[side] = draft.entry[side];
    draft.entry[side] = keep
      ? addTo(draft.entry[side], conds, draft.indicators, !touched[side])
      : addTo(undefined, conds, draft.indicators, false);
    touched[side] = true;
  }

  // 3. Sideless conditions: filters on existing sides, or the first entry rule.
  for (const { conds, step, returns } of pendingFilters) {
    // "Wait for A. Take an entry when the price comes back to B." with the side in a heading: the same step.
    if (step)
      for (const side of ["long", "short"] as const) {
        const setup = windowOfSetup(draft.entry[side], returns);
        if (!setup) continue;
        draft.entry[side] = setup;
        if (!b.notes.includes(SEQUENCE_NOTE)) b.notes.push(SEQUENCE_NOTE);
      }
    const sides: Side[] = [];
    if (draft.entry.long) sides.push("long");
    if (draft.entry.short) sides.push("short");
    if (sides.length === 0) {
      // A signal without a side: read it as a buy signal and ask.
      const side: Side = facts.direction === "short" ? "short" : "long";
      const c = b.conditions(conds, side === "long" ? "longEntry" : "shortEntry");
      if (!c) continue;
      draft.entry[side] = addTo(draft.entry[side], c, draft.indicators, false);
      touched[side] = true;
      // Not worth a blocking question: the buy reading is built and stated (question policy, issue 15).
      if (facts.direction === null && !facts.mirror) b.notes.push("sideAssumed");
      continue;
    }
    const longConds = b.conditions(conds, "longEntry");
    if (!longConds) continue;
    for (const side of sides) {
      const c = side === "long" ? longConds : longConds.map((x) => mirrorCondition(x, draft.indicators));
      draft.entry[side] = addTo(draft.entry[side], c, draft.indicators, true);
    }
  }

  // 4. Mirror and direction. Averages of highs and of lows the text declares are offered to the mirror (a line
  //    of highs for buys is its line of lows for sells); the ones no rule reads go again in step 8.
  for (const m of mentions)
    if (m.kind === "ma" && m.period !== null && (m.price === "high" || m.price === "low")) b.indicator(m);
  if (facts.mirror) {
    const from: Side | null =
      touched.long && !touched.short
        ? "long"
        : touched.short && !touched.long
          ? "short"
          : draft.entry.long
            ? "long"
            : draft.entry.short
              ? "short"
              : null;
    if (from) {
      const to: Side = from === "long" ? "short" : "long";
      const src = draft.entry[from];
      if (src) {
        draft.entry[to] = mirrorRule(src, draft.indicators);
        touched[to] = true;
      }
      const srcExit = draft.exit[from];
      if (srcExit && !exitTouched[to]) draft.exit[to] = mirrorRule(srcExit, draft.indicators);
    }
  }
  const prevDirection = current?.direction ?? null;
  let direction: StrategySpec["direction"];
  if (facts.direction !== null) {
    direction = facts.direction;
    const bothDescribed = touched.long && touched.short && facts.direction !== "both";
    if (bothDescribed && !current) b.problems.add("conflictingDirection");
  } else if (touched.long && touched.short) direction = "both";
  else if (!current || !hadEntries) direction = touched.short ? "short" : "long";
  else if (prevDirection === "long" && touched.short) direction = "both";
  else if (prevDirection === "short" && touched.long) direction = "both";
  else direction = prevDirection ?? "both";
  if (facts.mirror && facts.direction === null) direction = "both";
  // "Long only ... do the opposite for short" contradicts itself: keep the restriction, ask.
  if (facts.mirror && facts.direction !== null && facts.direction !== "both")
    b.problems.add("conflictingDirection");
  draft.direction = direction;
  // A one-sided chat turn that writes no rule keeps the other side's rules as they are (dormant).
  const narrowedByChat =
    current !== null &&
    direction !== "both" &&
    !touched.long &&
    !touched.short &&
    current.entry[direction] !== undefined;
  // "Short only" on a long-only strategy: the rules of the side we had, mirrored, unless this
  // message wrote that side itself.
  if (direction === "long" || direction === "short") {
    const other: Side = direction === "long" ? "short" : "long";
    const src = draft.entry[other];
    if (!draft.entry[direction] && !touched[direction] && src) {
      draft.entry[direction] = mirrorRule(src, draft.indicators);
      touched[direction] = true;
      const srcExit = draft.exit[other];
      if (srcExit && !exitTouched[direction]) {
        draft.exit[direction] = mirrorRule(srcExit, draft.indicators);
        exitTouched[direction] = true;
      }
    }
  }
  if (direction === "both") {
    // "Allow shorts too": the missing side is the mirror of the one we have.
    if (draft.entry.long && !draft.entry.short)
      draft.entry.short = mirrorRule(draft.entry.long, draft.indicators);
    if (draft.entry.short && !draft.entry.long)
      draft.entry.long = mirrorRule(draft.entry.short, draft.indicators);
    if (draft.exit.long && !draft.exit.short)
      draft.exit.short = mirrorRule(draft.exit.long, draft.indicators);
    if (draft.exit.short && !draft.exit.long)
      draft.exit.long = mirrorRule(draft.exit.short, draft.indicators);
  } else {
    const off: Side = direction === "long" ? "short" : "long";
    // "Only trade the short side" in a chat: the other side's rules stay, dormant ("direction only limits
    // what may be opened", spec SEMANTICS), so "trade both sides again" brings them back as they were.
    if (!narrowedByChat) {
      delete draft.entry[off];
      delete draft.exit[off];
    }
  }

  // 5. Sideless exits apply to every traded side: as written for a one-sided strategy, and
  //    for a two-sided one as written for buys and mirrored for sells.
  const join = (
    rule: Rule | undefined,
    touchedSide: boolean,
    conds: Rule["all"],
    alternative: boolean,
  ): Rule =>
    alternative
      ? orInto(touchedSide ? rule : undefined, conds)
      : touchedSide
        ? addTo(rule, conds, draft.indicators, false)
        : { all: conds, any: [] };
  for (const { conds, alternative, groups } of pendingExits) {
    const build = (ctx: "longExit" | "shortExit") =>
      groups ? alternatives(b, groups, ctx) : b.conditions(conds, ctx);
    if (direction === "short") {
      const shortC = build("shortExit");
      if (!shortC) continue;
      draft.exit.short = join(draft.exit.short, exitTouched.short, shortC, alternative);
      exitTouched.short = true;
      continue;
    }
    const longC = build("longExit");
    if (!longC) continue;
    draft.exit.long = join(draft.exit.long, exitTouched.long, longC, alternative);
    exitTouched.long = true;
    if (direction === "both") {
      const shortC = longC.map((c) => mirrorCondition(c, draft.indicators));
      draft.exit.short = join(draft.exit.short, exitTouched.short, shortC, alternative);
      exitTouched.short = true;
    }
  }

  // 5b. A target at a line ("tp on the middle band"): each traded side closes once a bar closes at or beyond it.
  if (facts.targetLine) addLineTarget(draft, b, facts.targetLine, direction);
  if (facts.trailLine) addLineTrail(draft, b, facts.trailLine, direction);

  // 6. Money management and time.
  if (facts.stopLoss) {
    const d = b.distance(facts.stopLoss);
    if (d) {
      draft.stopLoss = d;
      // A stop in pips or ATR replaces a structural one (exits.stop wins over stopLoss for its side).
      if (draft.exits?.stop) delete draft.exits.stop;
    }
  }
  if (facts.sideStops) applySideStops(draft, b, facts.sideStops, direction);
  if (facts.pending) {
    // A pending order per traded side that has an entry rule; a side the text gave no price for mirrors the
    // other's candle extreme (high for buys, low for sells).
    const p = facts.pending;
    // "3 pips above the candle's high" for buys is 3 pips below its low for sells.
    const flip = (o: Operand | undefined): Operand | undefined => {
      if (o?.type === "expression" && o.b === undefined && o.offset) {
        const a = flip(o.a);
        return a && a.type !== "expression"
          ? { ...o, a, offset: { ...o.offset, value: -o.offset.value } }
          : undefined;
      }
      return o?.type === "price" && (o.field === "HIGH" || o.field === "LOW")
        ? { ...o, field: o.field === "HIGH" ? "LOW" : "HIGH" }
        : undefined;
    };
    const long = draft.entry.long && direction !== "short" ? (p.long ?? flip(p.short)) : undefined;
    const short = draft.entry.short && direction !== "long" ? (p.short ?? flip(p.long)) : undefined;
    if (long || short)
      draft.pendingEntry = {
        order: p.order,
        ...(long ? { long } : {}),
        ...(short ? { short } : {}),
        oco: true,
        ...(p.expiry ? { expiry: p.expiry } : {}),
      };
  }
  if (facts.takeProfit?.unit === "rr" && draft.exits?.stop && !draft.stopLoss) {
    // "Target 2R" with a stop at a candle's low: the target is measured from that stop (exits.targetR).
    draft.exits = { ...draft.exits, targetR: facts.takeProfit.value };
    delete draft.takeProfit;
  } else if (facts.takeProfit) {
    const d = b.distance(facts.takeProfit);
    if (d) {
      draft.takeProfit = d;
      if (draft.exits?.targetR !== undefined) delete draft.exits.targetR;
    }
  }
  if (facts.targetMeasure && draft.pendingEntry)
    // A pending order's target is a distance from the order's price (spec-orders.ts), as its stop above.
    b.notes.push(
      "A target measured on the chart can't go with a pending order yet, so this one has none; tell me a take profit in pips (e.g. 'take profit 30 pips').",
    );
  else if (facts.targetMeasure) {
    // "A target as far as the signal candle is tall": measured when the order is sent (exits.targetDistance).
    delete draft.takeProfit;
    const { targetR: _r, ...rest } = draft.exits ?? {};
    draft.exits = { ...rest, targetDistance: facts.targetMeasure };
  } else if (facts.takeProfit && draft.exits?.targetDistance) delete draft.exits.targetDistance;
  if (facts.scaleOut) {
    // N targets and a runner: N + 1 equal parts, each target closing its part of what is left then; without a
    // runner the last target is the take profit of the last part.
    const { targets, runner } = facts.scaleOut;
    const closing = runner ? targets : targets.slice(0, -1);
    const parts = runner ? targets.length + 1 : targets.length;
    const last = targets[targets.length - 1];
    if (!runner) draft.takeProfit = { unit: last.unit, value: last.value };
    else delete draft.takeProfit;
    const { partial: _partial, ...rest } = draft.exits ?? {};
    draft.exits = {
      ...rest,
      scaleOut: closing.map((t, i) => ({
        unit: t.unit,
        distance: t.value,
        percent: Math.round((100 / (parts - i)) * 100) / 100,
      })),
    };
  }
  if (draft.exits && Object.values(draft.exits).every((v) => v === undefined)) delete draft.exits;
  if (facts.trailing) {
    const d = b.distance(facts.trailing.distance);
    const s = facts.trailing.start ? b.distance(facts.trailing.start) : null;
    const step = facts.trailing.step ? b.distance(facts.trailing.step) : null;
    if (d) draft.trailingStop = { distance: d, ...(s ? { start: s } : {}), ...(step ? { step } : {}) };
  }
  if (facts.breakEven) {
    const t = b.distance(facts.breakEven.trigger);
    const o = facts.breakEven.offset ? b.distance(facts.breakEven.offset) : null;
    if (t) draft.breakEven = o ? { trigger: t, offset: o } : { trigger: t };
    if (t && draft.exits?.breakEvenAtTarget !== undefined) delete draft.exits.breakEvenAtTarget;
  } else if (facts.breakEvenAtTarget !== null) {
    // "Breakeven half way to the target": a fraction of each position's own target (exits.breakEvenAtTarget),
    // which follows the target when it changes.
    delete draft.breakEven;
    draft.exits = { ...draft.exits, breakEvenAtTarget: facts.breakEvenAtTarget };
    const ex = draft.exits;
    if (!draft.takeProfit && ex.targetR === undefined && ex.targetDistance === undefined)
      b.notes.push(
        "The break-even is measured on the way to the take profit, and this strategy has none yet; tell me the target (e.g. 'take profit 40 pips').",
      );
  }
  if (facts.sizing) {
    const s = facts.sizing;
    // Risk sizing measures the stop: a distance, or a level on every traded side (exits.stop).
    const tradedSides: Side[] = direction === "both" ? ["long", "short"] : [direction];
    const stopped = tradedSides.every((side) => draft.stopLoss || draft.exits?.stop?.[side]);
    if (s.kind === "lots") draft.sizing = { type: "fixed", lots: s.lots };
    else if (s.kind === "perEquity") draft.sizing = { type: "lotsPerEquity", lots: s.lots, per: s.per };
    else if (s.kind === "tiers")
      draft.sizing = { type: "equityTiers", tiers: s.tiers, lots: s.lots, ...(s.of ? { of: s.of } : {}) };
    else if (!stopped) b.problems.add("needsStopForRisk");
    else if (s.kind === "money") draft.sizing = { type: "riskMoney", amount: s.amount };
    else draft.sizing = { type: "riskPercent", percent: s.percent, ...(s.of ? { of: s.of } : {}) };
  }
  const tf = PERIODS.find((p) => p === facts.timeframe);
  if (tf) draft.timeframe = tf;
  if (facts.sessions || facts.hours || facts.weekdays) {
    const filter = { ...(draft.timeFilter ?? {}) };
    if (facts.sessions) {
      filter.sessions =
        facts.sessionsAdded && filter.sessions
          ? [...new Set([...filter.sessions, ...facts.sessions])]
          : facts.sessions;
    }
    if (facts.hours) filter.hours = facts.hours;
    // Sessions and hours are ANDed: an older filter that shares no hour with the new one would
    // leave a strategy that can never enter, so the one just given replaces it.
    if (filter.sessions && filter.hours && !hoursOverlap(filter)) {
      if (facts.sessions && !facts.hours) {
        delete filter.hours;
        b.notes.push("The earlier trading hours never overlap that session, so I removed them.");
      } else if (facts.hours && !facts.sessions) {
        delete filter.sessions;
        b.notes.push("The earlier session filter never overlaps those hours, so I removed it.");
      }
    }
    if (facts.weekdays && facts.weekdays.length > 0)
      filter.weekdays = [...new Set(facts.weekdays)].sort((x, y) => x - y);
    draft.timeFilter = filter;
  }
  if (draft.timeFilter && Object.values(draft.timeFilter).every((v) => v === undefined))
    delete draft.timeFilter;
  if (facts.maxPositions !== null) draft.maxOpenPositions = facts.maxPositions;

  // Orders placed once a day at the day's levels (daily-orders.ts): the breakout rules become standing stop
  // orders whose rule holds every day, so the opposite side's closes nothing and no exit is read from it.
  const standing = facts.pendingDaily !== null && placeDailyOrders(draft, facts.pendingDaily.at);

  // 7. Exits: "exit on the opposite signal", or the opposite cross when nothing else closes a trade.
  if (standing) draft.closeOnOpposite = false;
  else if (facts.closeOnOpposite !== null && direction === "both")
    draft.closeOnOpposite = facts.closeOnOpposite;
  else if (direction === "both" && prevDirection !== null && prevDirection !== "both") {
    // From one side to both: reversing on the opposite signal replaces the opposite-cross exits.
    draft.closeOnOpposite = true;
    for (const side of ["long", "short"] as const) {
      const entry = draft.entry[side];
      const exit = draft.exit[side];
      if (!entry || !exit || exitTouched[side]) continue;
      const crosses = entry.all.filter((c) => c.type === "crossesAbove" || c.type === "crossesBelow");
      if (same(exit, mirrorRule({ all: crosses, any: [] }, draft.indicators))) delete draft.exit[side];
    }
  }
  // "Close when the EMAs cross the other way" beside entries that compare two averages as a state ("the 8 EMA is
  // above the 21 EMA and ..."): the opposite signal would need every other condition turned too, so each side
  // closes when its two averages cross back.
  if (facts.maCrossBackExit && !standing) {
    const isMa = (o: Operand) =>
      o.type === "indicator" &&
      draft.indicators.some((i) => i.id === o.ref && ["SMA", "EMA", "SMMA", "LWMA"].includes(i.kind));
    let made = false;
    for (const side of ["long", "short"] as const) {
      const entry = draft.entry[side];
      if (!entry || draft.exit[side]) continue;
      const crossed = entry.all.some(
        (c) => (c.type === "crossesAbove" || c.type === "crossesBelow") && isMa(c.left) && isMa(c.right),
      );
      const state = entry.all.find(
        (c) => (c.type === "greaterThan" || c.type === "lessThan") && isMa(c.left) && isMa(c.right),
      );
      if (crossed || !state || (state.type !== "greaterThan" && state.type !== "lessThan")) continue;
      const back = state.type === "greaterThan" ? "crossesBelow" : "crossesAbove";
      draft.exit[side] = { all: [{ type: back, left: state.left, right: state.right }], any: [] };
      made = true;
    }
    if (made) draft.closeOnOpposite = false;
  }
  // An exit that was only the mirror of a replaced entry goes with it.
  for (const side of ["long", "short"] as const) {
    const old = replaced[side];
    const exit = draft.exit[side];
    if (!old || !exit || exitTouched[side]) continue;
    const crosses = old.all.filter((c) => c.type === "crossesAbove" || c.type === "crossesBelow");
    const mirrored = mirrorRule(old, draft.indicators);
    const mirroredCrosses = mirrorRule({ all: crosses, any: [] }, draft.indicators);
    if (same(exit, mirrored) || same(exit, mirroredCrosses)) delete draft.exit[side];
  }
  if (direction !== "both") {
    const side: Side = direction;
    const entry = draft.entry[side];
    // Kept as it was on a chat narrowing: with one side traded it closes nothing, and it is back when both are.
    if (!narrowedByChat) draft.closeOnOpposite = false;
    // The mirrored exit only when asked for ("exit on the opposite signal"); an exit the trader
    // never gave is not invented, the reply asks for one instead.
    if (entry && !draft.exit[side] && facts.closeOnOpposite === true && entry.all.length > 0) {
      draft.exit[side] = { all: entry.all.map((c) => mirrorCondition(c, draft.indicators)), any: [] };
      b.notes.push("oppositeExit");
    }
    // Nothing closes a winning trade (a stop alone only ever closes at a loss). MetaTrader's usual reading
    // applies instead of a blocking question: the trade closes when the entry's cross goes back (or, without a
    // cross, when the entry's conditions turn round), and the reply states the assumption (issue 15).
    // A time exit (close at 16:00, after N bars) closes winners as well: no exit is assumed beside it.
    // So does a stop trailed at a line (exits.trail) or scaled-out targets.
    const timed =
      draft.exits?.closeAt !== undefined ||
      draft.exits?.afterBars !== undefined ||
      draft.exits?.trail?.[side] !== undefined;
    if (
      entry &&
      !draft.exit[side] &&
      !draft.takeProfit &&
      !draft.trailingStop &&
      !timed &&
      !standing &&
      (entry.all.length > 0 || entry.any.length > 0)
    ) {
      const crosses = entry.all.filter((c) => c.type === "crossesAbove" || c.type === "crossesBelow");
      const basis = crosses.length > 0 ? crosses : entry.all;
      // Only alternatives ("a hammer or an engulfing candle"): any of them turned round closes the trade.
      draft.exit[side] =
        basis.length > 0
          ? { all: basis.map((c) => mirrorCondition(c, draft.indicators)), any: [] }
          : mirrorRule(entry, draft.indicators);
      b.notes.push("assumedExit");
    } else if (entry && !draft.exit[side] && !draft.takeProfit && !draft.trailingStop && !timed)
      b.problems.add("noExit");
  } else if (
    !draft.closeOnOpposite &&
    !draft.exit.long &&
    !draft.exit.short &&
    !draft.stopLoss &&
    !draft.takeProfit &&
    draft.exits?.closeAt === undefined &&
    draft.exits?.afterBars === undefined
  ) {
    b.problems.add("noExit");
  }

  if (!draft.entry.long && !draft.entry.short) b.problems.add("noEntry");

  // Today's range (order-filters.ts): a filter on every entry, once the sides are known.
  if (facts.dayRange && !applyDayRange(draft, facts.dayRange))
    b.notes.push("Today's range so far needs a chart shorter than a day: that filter was left out.");
  // 8. Indicators nobody reads any more go away; the rest keep their order.
  const used = referenced(draft);
  draft.indicators = draft.indicators.filter((i) => used.has(i.id));
  return { draft, problems: [...b.problems], notes: b.notes, touched, questions };
}

/** Whether the session and hour filters leave at least one whole UTC hour to enter in. */
/**
 * With no chart stated, values named on the default chart's timeframe or a shorter one ("the close of the last
 * hourly candle" as a filter) say the chart is shorter still: the standard timeframe just below the shortest.
 */
function chartBelow(facts: Facts, fallback: Period): Period {
  const ops = facts.clauses.flatMap((c) =>
    c.conditions.flatMap((k) => [k.left, k.right, ...(k.right2 ? [k.right2] : [])]),
  );
  const tagged = operandTimeframes(ops).flatMap((t) => PERIODS.filter((p) => p === t));
  if (tagged.length === 0) return fallback;
  const shortest = tagged.reduce((a, t) => (periodMs(t) < periodMs(a) ? t : a));
  if (periodMs(shortest) > periodMs(fallback)) return fallback;
  const below = STANDARD.filter(
    (p) => periodMs(p) < periodMs(shortest) && periodMs(shortest) % periodMs(p) === 0,
  );
  return below.at(-1) ?? fallback;
}
const STANDARD: readonly Period[] = ["M1", "M5", "M15", "M30", "H1", "H4", "D1", "W1"];

function hoursOverlap(filter: TimeFilter): boolean {
  const inHours = (h: number, from: number, to: number) =>
    from < to ? h >= from && h < to : h >= from || h < to;
  for (let h = 0; h < 24; h++) {
    const hoursOk = filter.hours ? inHours(h, filter.hours.from, filter.hours.to) : true;
    const sessionOk = (filter.sessions ?? []).some((s) =>
      inHours(h, SESSION_HOURS[s][0], SESSION_HOURS[s][1]),
    );
    if (hoursOk && sessionOk) return true;
  }
  return false;
}

/** Adds conditions as alternatives (the rule's `any` list); a lone condition of `all` joins them. */
function orInto(rule: Rule | undefined, conds: readonly Rule["any"][number][]): Rule {
  const any = [
    ...(rule?.any ?? []),
    ...(rule && rule.all.length === 1 && rule.any.length === 0 ? rule.all : []),
  ];
  for (const c of conds) if (!any.some((x) => same(x, c))) any.push(c);
  const all = rule && rule.all.length === 1 && rule.any.length === 0 ? [] : (rule?.all ?? []);
  return { all, any };
}

/**
 * Stops per side or at a level (v2 exits.stop): a distance from the entry is the last close (the price the
 * order goes out at) moved by it; a candle's extreme mirrors to the other side when only one is given.
 */
function applySideStops(
  draft: StrategySpec,
  b: Builder,
  stops: Partial<Record<Side, SideStop>>,
  direction: StrategySpec["direction"],
): void {
  const level = (side: Side, stop: SideStop, twin: boolean): Operand | null => {
    const away = side === "long" ? -1 : 1;
    if (stop.type === "operand") {
      const line = b.operand(stop.operand);
      if (!line) return null;
      // The other side's twin: the upper band for the lower, the same average, the N-bar high for the low.
      const base = twin ? mirrorLevel(line, draft.indicators) : line;
      const off = stop.offset;
      return off && base.type !== "expression"
        ? { type: "expression", a: base, k: 1, offset: { unit: off.unit, value: away * off.value } }
        : off
          ? null
          : base;
    }
    const base: Operand =
      stop.type === "distance"
        ? { type: "price", field: "CLOSE", shift: 0 }
        : { type: "price", field: side === "long" ? "LOW" : "HIGH", shift: 0 };
    const off = stop.type === "distance" ? stop.distance : stop.offset;
    return off
      ? { type: "expression", a: base, k: 1, offset: { unit: off.unit, value: away * off.value } }
      : base;
  };
  const out: { long?: Operand; short?: Operand } = {};
  for (const side of ["long", "short"] as const) {
    const other: Side = side === "long" ? "short" : "long";
    const own = stops[side];
    const theirs = stops[other];
    const mirrored =
      !own && (theirs?.type === "candle" || (theirs?.type === "operand" && theirs.mirrors))
        ? theirs
        : undefined;
    const stop = own ?? mirrored;
    if (!stop || (direction !== "both" && direction !== side)) continue;
    const op = level(side, stop, !own);
    if (op) out[side] = op;
  }
  if (!out.long && !out.short) return;
  draft.exits = { ...(draft.exits ?? {}), stop: out };
  // Every traded side has its own level: a distance stop would only be shadowed by it.
  const traded: Side[] = direction === "both" ? ["long", "short"] : [direction];
  if (traded.every((s) => out[s] !== undefined)) delete draft.stopLoss;
}

/** A trailing stop at a line (line-trails.ts): the side it was written for trails at it, the other at its twin. */
function addLineTrail(
  draft: StrategySpec,
  b: Builder,
  trail: NonNullable<Facts["trailLine"]>,
  direction: StrategySpec["direction"],
): void {
  const line = b.operand(trail.operand);
  if (!line) return;
  const out: { long?: Operand; short?: Operand } = {};
  for (const side of ["long", "short"] as const) {
    if (direction !== "both" && direction !== side) continue;
    out[side] = side === trail.side ? line : mirrorLevel(line, draft.indicators);
  }
  draft.exits = { ...(draft.exits ?? {}), trail: out };
}

/**
 * A take profit at a line (line-targets.ts) as exit rules: the side it was written for closes once a bar
 * closes beyond the line (above it for buys), the other side at its mirror. It is one more way out, so it is
 * ORed with an exit rule already there; an exit of several joined conditions cannot take an alternative in v2
 * (all AND any), and the reply says so instead.
 */
function addLineTarget(
  draft: StrategySpec,
  b: Builder,
  target: NonNullable<Facts["targetLine"]>,
  direction: StrategySpec["direction"],
): void {
  const line = b.operand(target.operand);
  if (!line) return;
  const close: Operand = { type: "price", field: "CLOSE", shift: 0 };
  const own: Rule["all"][number] =
    target.side === "long"
      ? { type: "greaterThan", left: close, right: line }
      : { type: "lessThan", left: close, right: line };
  for (const side of ["long", "short"] as const) {
    if (direction !== "both" && direction !== side) continue;
    const cond = side === target.side ? own : mirrorCondition(own, draft.indicators);
    const rule = draft.exit[side];
    if (rule && rule.all.length > 1) {
      b.notes.push(
        "The target at a line could not be joined to the exit conditions you gave (either closes the trade); tell me which to keep.",
      );
      return;
    }
    draft.exit[side] = orInto(rule, [cond]);
  }
}
