import {
  describeDistance,
  describeOperand,
  describeRule,
  describeSizing,
  describeTimeframe,
  describeWeekdays,
  describeZonedHours,
} from "../outline";
import { describeExits } from "../outline-exits";
import { describeLimits, describePendingEntry } from "../outline-orders";
import { SESSION_HOURS, type StrategySpec } from "../spec";

// Human sentences for what differs between two versions of the spec. Diffing the documents
// (rather than narrating the parse) guarantees the sentences say what was really stored.

const SESSION_NAMES: Record<string, string> = { asia: "Asian", london: "London", newyork: "New York" };

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function hour(h: number): string {
  return `${String(h).padStart(2, "0")}:00`;
}

export function describeChanges(before: StrategySpec | null, after: StrategySpec): string[] {
  const out: string[] = [];
  const ind = after.indicators;
  const fresh = before === null;
  if (fresh || before.timeframe !== after.timeframe) {
    out.push(`Timeframe set to ${describeTimeframe(after.timeframe)}.`);
  }
  if (fresh || before.direction !== after.direction) {
    out.push(
      after.direction === "both"
        ? "Trades both directions (buys and sells)."
        : after.direction === "long"
          ? "Long only: buys, no sells."
          : "Short only: sells, no buys.",
    );
  }
  for (const side of ["long", "short"] as const) {
    const verb = side === "long" ? "Buy" : "Sell";
    const a = after.entry[side];
    const b = before?.entry[side];
    const enabled = after.direction === "both" || after.direction === side;
    if (a && enabled && (!same(a, b) || !same(before?.indicators, after.indicators))) {
      const text = `${verb} when ${describeRule(a, ind)}.`;
      const old = b && before ? `${verb} when ${describeRule(b, before.indicators)}.` : null;
      if (text !== old) out.push(`${side === "long" ? "Long" : "Short"} entry: ${text}`);
    }
    const ea = after.exit[side];
    const eb = before?.exit[side];
    if (ea && enabled) {
      const text = `close ${side === "long" ? "buys" : "sells"} when ${describeRule(ea, ind)}.`;
      const old =
        eb && before
          ? `close ${side === "long" ? "buys" : "sells"} when ${describeRule(eb, before.indicators)}.`
          : null;
      if (text !== old) out.push(`${side === "long" ? "Long" : "Short"} exit: ${text}`);
    } else if (!ea && eb && enabled) out.push(`${side === "long" ? "Long" : "Short"} exit rule removed.`);
  }
  if (!fresh && before.closeOnOpposite !== after.closeOnOpposite && after.direction === "both") {
    out.push(
      after.closeOnOpposite
        ? "An opposite signal now closes the open trade."
        : "Opposite signals no longer close trades.",
    );
  }
  const dist = (label: string, a: StrategySpec["stopLoss"], b: StrategySpec["stopLoss"]) => {
    if (a && !same(a, b)) out.push(`${label} set to ${describeDistance(a, ind)}.`);
    else if (!a && b) out.push(`${label} removed.`);
  };
  dist("Stop loss", after.stopLoss, before?.stopLoss);
  dist("Take profit", after.takeProfit, before?.takeProfit);
  if (after.trailingStop && !same(after.trailingStop, before?.trailingStop)) {
    const t = after.trailingStop;
    out.push(
      `Trailing stop set to ${describeDistance(t.distance, ind)}${t.start ? `, starting after ${describeDistance(t.start, ind)} of profit` : ""}${t.step ? `, moving in steps of ${describeDistance(t.step, ind)}` : ""}.`,
    );
  } else if (!after.trailingStop && before?.trailingStop) out.push("Trailing stop removed.");
  if (after.breakEven && !same(after.breakEven, before?.breakEven)) {
    const b = after.breakEven;
    out.push(
      `Stop moves to break-even${b.offset ? ` plus ${describeDistance(b.offset, ind)}` : ""} after ${describeDistance(b.trigger, ind)} of profit.`,
    );
  } else if (!after.breakEven && before?.breakEven) out.push("Break-even removed.");
  if (
    fresh ? after.sizing.type !== "fixed" || after.sizing.lots !== 0.1 : !same(after.sizing, before.sizing)
  ) {
    out.push(`Position size: ${describeSizing(after.sizing).toLowerCase()}.`);
  }
  const ta = after.timeFilter;
  const tb = before?.timeFilter;
  if (!same(ta?.sessions, tb?.sessions)) {
    out.push(
      ta?.sessions && ta.sessions.length > 0
        ? `Entries only during the ${ta.sessions.map((s) => `${SESSION_NAMES[s] ?? s} (${hour(SESSION_HOURS[s][0])} to ${hour(SESSION_HOURS[s][1])} server time)`).join(" or ")} session${ta.sessions.length > 1 ? "s" : ""}.`
        : "Session filter removed.",
    );
  }
  if (!same(ta?.hours, tb?.hours)) {
    out.push(
      ta?.hours
        ? ta.hours.zone !== undefined
          ? `${describeZonedHours(ta.hours.from, ta.hours.to, ta.hours.zone)}.`
          : `Entries only from ${hour(ta.hours.from)} to ${hour(ta.hours.to)} server time (the broker's clock in MetaTrader).`
        : "Trading-hours filter removed.",
    );
  }
  if (!same(ta?.weekdays, tb?.weekdays)) {
    out.push(ta?.weekdays ? `Trading days: ${describeWeekdays(ta.weekdays)}.` : "Weekday filter removed.");
  }
  out.push(...lineDiff(before, after));
  if (fresh ? after.maxOpenPositions !== 1 : after.maxOpenPositions !== before.maxOpenPositions) {
    out.push(
      `At most ${after.maxOpenPositions} open position${after.maxOpenPositions === 1 ? "" : "s"} at a time.`,
    );
  }
  return out;
}

/** The outline's lines of the v2 exits, pending entry and limits: the spec's own words for them. */
function v2Lines(spec: StrategySpec): string[] {
  const operand = (op: Parameters<typeof describeOperand>[0]) => describeOperand(op, spec.indicators);
  const sides = { long: spec.direction !== "short", short: spec.direction !== "long" };
  return [
    ...(spec.exits ? describeExits(spec.exits, operand) : []),
    ...(spec.pendingEntry
      ? describePendingEntry(spec.pendingEntry, sides, (side) => {
          const op = spec.pendingEntry?.[side];
          return op ? operand(op) : "";
        })
      : []),
    ...(spec.limits ? describeLimits(spec.limits).map((l) => `${l}.`) : []),
  ];
}

/** Lines added, and lines that went away ("No longer: ..."), between two versions. */
function lineDiff(before: StrategySpec | null, after: StrategySpec): string[] {
  const a = v2Lines(after);
  const b = before ? v2Lines(before) : [];
  return [
    ...a.filter((l) => !b.includes(l)),
    ...b.filter((l) => !a.includes(l)).map((l) => `No longer: ${l}`),
  ];
}
