import { zoneRule } from "../market/zone-rules";
import { describeExits } from "./outline-exits";
import { describeNewIndicator, describeNewLine, timeframeSuffix } from "./outline-indicators";
import { describeLimits, describePendingEntry, describeSizingForm } from "./outline-orders";
import { describeWithin } from "./outline-sequence";
import {
  type CandlePattern,
  type Condition,
  type Distance,
  type Indicator,
  type Offset,
  type Operand,
  type Rule,
  SESSION_HOURS,
  type Sizing,
  type StrategySpec,
  sourceOf,
  type TimeFilter,
} from "./spec";

// The Summary panel: a plain-language outline of a StrategySpec. The phrase helpers are
// exported because the interpreter's change sentences use the same wording.

const TIMEFRAME_NAMES: Record<string, string> = {
  M1: "1-minute",
  M2: "2-minute",
  M3: "3-minute",
  M4: "4-minute",
  M5: "5-minute",
  M6: "6-minute",
  M10: "10-minute",
  M12: "12-minute",
  M15: "15-minute",
  M20: "20-minute",
  M30: "30-minute",
  H1: "1-hour",
  H2: "2-hour",
  H3: "3-hour",
  H4: "4-hour",
  H6: "6-hour",
  H8: "8-hour",
  H12: "12-hour",
  D1: "daily",
  W1: "weekly",
  MN1: "monthly",
};

export function describeTimeframe(tf: string): string {
  return `${tf} (${TIMEFRAME_NAMES[tf] ?? tf} bars)`;
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const SESSION_NAMES: Record<string, string> = { asia: "Asian", london: "London", newyork: "New York" };

function num(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(6)));
}

function price(p: string): string {
  return p.toLowerCase();
}

/** "SMA(6) of close", "RSI(14)", "MACD(12, 26, 9)", "Bollinger Bands(20, 2)". */
/** `all`: the spec's declarations, where an average of another indicator finds it ("EMA(5) of RSI(2)"). */
export function describeIndicator(ind: Indicator, all: readonly Indicator[] = []): string {
  return `${describeKind(ind, all)}${timeframeSuffix(ind)}`;
}

function describeKind(ind: Indicator, all: readonly Indicator[]): string {
  switch (ind.kind) {
    case "SMA":
    case "EMA":
    case "SMMA":
    case "LWMA": {
      const src = sourceOf(ind, all);
      // The source's own words, without its timeframe (the average's says it once).
      if (src)
        return `${ind.kind}(${ind.period}) of ${describeKind(
          src,
          all.filter((i) => i !== ind),
        )}`;
      return `${ind.kind}(${ind.period}) of ${price(ind.appliedPrice)}`;
    }
    case "RSI":
      return ind.appliedPrice === "CLOSE"
        ? `RSI(${ind.period})`
        : `RSI(${ind.period}) of ${price(ind.appliedPrice)}`;
    case "MACD":
      return `MACD(${ind.fast}, ${ind.slow}, ${ind.signal})`;
    case "BOLLINGER":
      return `Bollinger Bands(${ind.period}, ${num(ind.deviation)})`;
    case "ATR":
      return `ATR(${ind.period})`;
    case "STOCHASTIC":
      return `Stochastic(${ind.kPeriod}, ${ind.dPeriod}, ${ind.slowing})`;
    case "CCI":
      return ind.appliedPrice === "TYPICAL"
        ? `CCI(${ind.period})`
        : `CCI(${ind.period}) of ${price(ind.appliedPrice)}`;
    case "ADX":
      return `ADX(${ind.period})`;
    case "MOMENTUM":
      return `Momentum(${ind.period})`;
    default:
      return describeNewIndicator(ind) ?? ind.kind;
  }
}

/** Short name used inside rules: "SMA(6) of close" reads well in a sentence, lines are named. */
function describeLine(ind: Indicator, line: string | undefined, all: readonly Indicator[]): string {
  const base = describeIndicator(ind, all);
  switch (ind.kind) {
    case "MACD":
      if (line === "signal") return `the ${base} signal line`;
      if (line === "histogram") return `the ${base} histogram`;
      return `the ${base} main line`;
    case "BOLLINGER":
      return `the ${line ?? "middle"} ${base} band`;
    case "STOCHASTIC":
      return line === "signal" ? `${base} %D` : `${base} %K`;
    case "ADX":
      if (line === "plusDi") return `${base} +DI`;
      if (line === "minusDi") return `${base} -DI`;
      return base;
    default:
      return describeNewLine(ind, base, line) ?? base;
  }
}

function shiftSuffix(shift: number): string {
  if (shift === 0) return "";
  return shift === 1 ? " one bar earlier" : ` ${shift} bars earlier`;
}

const CANDLE_MEASURE: Record<string, string> = {
  body: "the candle's body (|close - open|)",
  range: "the candle's range (high - low)",
  upperWick: "the upper wick (high - the higher of open and close)",
  lowerWick: "the lower wick (the lower of open and close - low)",
};

function describeOffset(o: Offset): string {
  const size = Math.abs(o.value);
  const unit = o.unit === "percent" ? "%" : ` ${size === 1 ? o.unit.slice(0, -1) : o.unit}`;
  return `${o.value < 0 ? "minus" : "plus"} ${num(size)}${unit}`;
}

/** "the previous day's high", "the high of 2 weeks before". */
function describePeriod(period: "day" | "week", field: string, back: number): string {
  const f = price(field);
  // back 0: the current period's closed bars so far (spec-price.ts).
  if (back === 0) return `${period === "day" ? "today" : "this week"}'s ${f} so far`;
  if (back === 1) return `the previous ${period}'s ${f}`;
  return `the ${f} of ${back} ${period}s before`;
}

/** "the latest swing low (fractal)"; another strength says how many bars each side it beats. */
function describeSwing(side: "low" | "high", strength: number): string {
  if (strength === 2) return `the latest swing ${side} (fractal)`;
  return `the latest swing ${side} (${side === "low" ? "lower" : "higher"} than the ${strength === 1 ? "bar" : `${strength} bars`} on each side)`;
}

export function describeOperand(op: Operand, indicators: readonly Indicator[]): string {
  if (op.type === "constant")
    return op.unit === undefined
      ? num(op.value)
      : `${num(op.value)} ${op.unit === "pips" ? (op.value === 1 ? "pip" : "pips") : op.value === 1 ? "point" : "points"}`;
  if (op.type === "expression") {
    let text = describeOperand(op.a, indicators);
    if (op.b)
      text += ` ${op.k < 0 ? "minus" : "plus"} ${num(Math.abs(op.k))} x ${describeOperand(op.b, indicators)}`;
    if (op.offset) text += ` ${describeOffset(op.offset)}`;
    return text;
  }
  if (op.type === "extreme") {
    const what = op.side === "highest" ? "the highest high" : "the lowest low";
    const end = op.shift === 0 ? "" : `, ending ${op.shift === 1 ? "one bar" : `${op.shift} bars`} earlier`;
    return `${what} of the last ${op.bars} ${op.bars === 1 ? "bar" : "bars"}${end}`;
  }
  if (op.type === "previousPeriod")
    return `${describePeriod(op.period, op.field, op.back)} (UTC${op.period === "week" ? ", weeks from Sunday" : ""})${shiftSuffix(op.shift)}`;
  if (op.type === "timeWindow")
    return `the ${op.side} of the ${op.from} to ${op.to} UTC range (the latest one finished)${shiftSuffix(op.shift)}`;
  if (op.type === "candle") return `${CANDLE_MEASURE[op.measure]}${shiftSuffix(op.shift)}`;
  if (op.type === "swing") return `${describeSwing(op.side, op.strength)}${shiftSuffix(op.shift)}`;
  if (op.type === "price") {
    const p = op.field === "CLOSE" ? "the close" : `the ${price(op.field)} price`;
    // "the H4 high of the last closed H4 bar, one H4 bar earlier": a shift counts that timeframe's bars.
    if (op.timeframe) {
      const back =
        op.shift === 0
          ? ""
          : op.shift === 1
            ? ` one ${op.timeframe} bar earlier`
            : ` ${op.shift} ${op.timeframe} bars earlier`;
      return `${p} of the last closed ${op.timeframe} bar${back}`;
    }
    return `${p}${shiftSuffix(op.shift)}`;
  }
  const ind = indicators.find((i) => i.id === op.ref);
  if (!ind) return op.ref;
  return `${describeLine(ind, op.line, indicators)}${shiftSuffix(op.shift)}`;
}

/**
 * The right operand, shortened when it reads the left one's indicator ("crosses above its
 * signal line") or an average on the same price ("SMA(6) of close crosses above SMA(12)").
 */
function describeRight(left: Operand, right: Operand, indicators: readonly Indicator[]): string {
  if (left.type !== "indicator" || right.type !== "indicator" || right.shift !== 0) {
    return describeOperand(right, indicators);
  }
  const l = indicators.find((i) => i.id === left.ref);
  const r = indicators.find((i) => i.id === right.ref);
  if (!l || !r) return describeOperand(right, indicators);
  if (l.id === r.id) {
    if (r.kind === "MACD")
      return right.line === "histogram" ? "its histogram" : `its ${right.line ?? "main"} line`;
    if (r.kind === "STOCHASTIC") return right.line === "signal" ? "%D" : "%K";
    if (r.kind === "ADX")
      return right.line === "plusDi" ? "+DI" : right.line === "minusDi" ? "-DI" : "the ADX line";
    if (r.kind === "BOLLINGER") return `the ${right.line ?? "middle"} band`;
  }
  const isMa = (i: Indicator) =>
    i.kind === "SMA" || i.kind === "EMA" || i.kind === "SMMA" || i.kind === "LWMA";
  const plain = (i: Indicator) => sourceOf(i, indicators) === undefined;
  if (
    isMa(l) &&
    isMa(r) &&
    plain(l) &&
    plain(r) &&
    "appliedPrice" in l &&
    "appliedPrice" in r &&
    l.appliedPrice === r.appliedPrice
  ) {
    return "period" in r ? `${r.kind}(${r.period})` : describeOperand(right, indicators);
  }
  return describeOperand(right, indicators);
}

/** Each pattern with its exact definition (worker/strategy/spec-price.ts), so a trader sees what is tested. */
const PATTERN_TEXT: Record<CandlePattern, string> = {
  bullish: "is bullish (close above open)",
  bearish: "is bearish (close below open)",
  insideBar: "is an inside bar (its high below and its low above the previous bar's)",
  bullishEngulfing:
    "is a bullish engulfing bar (a bearish bar followed by a bullish one opening at or below its close and closing at or above its open)",
  bearishEngulfing:
    "is a bearish engulfing bar (a bullish bar followed by a bearish one opening at or above its close and closing at or below its open)",
  bullishPinBar:
    "is a bullish pin bar (a lower wick of at least two thirds of the range: body and upper wick in the top third)",
  bearishPinBar:
    "is a bearish pin bar (an upper wick of at least two thirds of the range: body and lower wick in the bottom third)",
  outsideBar: "is an outside bar (its high above and its low below the previous bar's)",
  doji: "is a doji (a body of at most a tenth of its range)",
};

export function describeCondition(c: Condition, indicators: readonly Indicator[]): string {
  const d = (o: Operand) => describeOperand(o, indicators);
  if (c.type === "allOf") return joinAnd(c.conditions.map((k) => describeCondition(k, indicators)));
  switch (c.type) {
    case "within":
      return describeWithin(c, (x) => describeCondition(x, indicators));
    case "candlePattern": {
      const which =
        c.shift === 0 ? "the bar" : c.shift === 1 ? "the bar before it" : `the bar ${c.shift} bars earlier`;
      return `${which} ${PATTERN_TEXT[c.pattern]}`;
    }
    case "crossesAbove":
      return `${d(c.left)} crosses above ${describeRight(c.left, c.right, indicators)}`;
    case "crossesBelow":
      return `${d(c.left)} crosses below ${describeRight(c.left, c.right, indicators)}`;
    case "greaterThan":
      return `${d(c.left)} is above ${describeRight(c.left, c.right, indicators)}`;
    case "lessThan":
      return `${d(c.left)} is below ${describeRight(c.left, c.right, indicators)}`;
    case "between":
      return `${d(c.operand)} is between ${d(c.lower)} and ${d(c.upper)}`;
  }
}

function joinAnd(parts: readonly string[], word = "and"): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} ${word} ${parts[parts.length - 1]}`;
}

export function describeRule(rule: Rule, indicators: readonly Indicator[]): string {
  const all = rule.all.map((c) => describeCondition(c, indicators));
  const any = rule.any.map((c) => describeCondition(c, indicators));
  const parts = [...all];
  if (any.length === 1) parts.push(any[0]);
  // Alternatives of several conditions (spec-groups.ts) read "either A and B, or C": the comma and the
  // repeated "or" keep each group together.
  else if (rule.any.some((c) => c.type === "allOf")) parts.push(`either ${any.join(", or ")}`);
  else if (any.length > 1) parts.push(`at least one of: ${joinAnd(any, "or")}`);
  return joinAnd(parts);
}

export function describeDistance(d: Distance, indicators: readonly Indicator[]): string {
  switch (d.unit) {
    case "pips":
      return `${num(d.value)} ${d.value === 1 ? "pip" : "pips"}`;
    case "points":
      return `${num(d.value)} ${d.value === 1 ? "point" : "points"}`;
    case "percent":
      return `${num(d.value)}% of the entry price`;
    case "atr": {
      const ind = indicators.find((i) => i.id === d.ref);
      return `${num(d.multiple)} x ${ind ? describeIndicator(ind, indicators) : d.ref}`;
    }
  }
}

export function describeSizing(s: Sizing): string {
  return describeSizingForm(s);
}

function pad(h: number): string {
  return `${String(h).padStart(2, "0")}:00`;
}

export function describeWeekdays(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  const contiguous = sorted.every((d, i) => i === 0 || d === sorted[i - 1] + 1);
  if (sorted.length > 2 && contiguous)
    return `${WEEKDAYS[sorted[0] - 1]} to ${WEEKDAYS[sorted[sorted.length - 1] - 1]}`;
  return joinAnd(sorted.map((d) => WEEKDAYS[d - 1]));
}

/** Hours in a named zone (market/zone-rules.ts): "Entries only 08:00-12:00 London time (Europe/London, with daylight saving)". */
export function describeZonedHours(from: number, to: number, name: string): string {
  const zone = zoneRule(name);
  const hours = `${pad(from)}-${pad(to)}`;
  const wraps = to <= from ? ", past midnight" : "";
  if (zone === undefined || zone.name === "UTC") return `Entries only ${hours} ${zone?.name ?? name}${wraps}`;
  const dst = zone.dst === "none" ? "no daylight saving" : "with daylight saving";
  return `Entries only ${hours} ${zone.city} time (${zone.name}, ${dst}${wraps})`;
}

export function describeTimeFilter(tf: TimeFilter): string[] {
  const lines: string[] = [];
  if (tf.sessions && tf.sessions.length > 0) {
    const names = tf.sessions.map((s) => {
      const [from, to] = SESSION_HOURS[s];
      return `${SESSION_NAMES[s] ?? s} (${pad(from)} to ${pad(to)} server time)`;
    });
    lines.push(`Sessions: ${joinAnd(names, "or")}`);
  }
  if (tf.hours?.zone !== undefined) lines.push(describeZonedHours(tf.hours.from, tf.hours.to, tf.hours.zone));
  else if (tf.hours) lines.push(`Hours: ${pad(tf.hours.from)} to ${pad(tf.hours.to)} server time`);
  if (tf.weekdays) lines.push(`Days: ${describeWeekdays(tf.weekdays)}`);
  return lines;
}

function directionText(d: StrategySpec["direction"]): string {
  if (d === "long") return "Long only (buys)";
  if (d === "short") return "Short only (sells)";
  return "Long and short";
}

/** The Summary panel text. */
export function renderOutline(spec: StrategySpec): string {
  const ind = spec.indicators;
  const bar = `on the last closed ${spec.timeframe} bar`;
  const out: string[] = [];
  const section = (title: string, lines: readonly string[]) => {
    out.push(`## ${title}`);
    for (const l of lines) out.push(`- ${l}`);
    out.push("");
  };

  if (spec.name) out.push(`# ${spec.name}`, "");
  if (spec.description) out.push(spec.description, "");

  section("Overview", [
    `Timeframe: ${describeTimeframe(spec.timeframe)}`,
    `Direction: ${directionText(spec.direction)}`,
  ]);

  section("Indicators", ind.length === 0 ? ["None (price only)"] : ind.map((i) => describeIndicator(i, ind)));

  const entries: string[] = [];
  const wantsLong = spec.direction !== "short";
  const wantsShort = spec.direction !== "long";
  if (wantsLong && spec.entry.long) entries.push(`Buy when ${describeRule(spec.entry.long, ind)} ${bar}.`);
  if (wantsShort && spec.entry.short)
    entries.push(`Sell when ${describeRule(spec.entry.short, ind)} ${bar}.`);
  if (spec.pendingEntry) {
    const pe = spec.pendingEntry;
    const at = (side: "long" | "short") => {
      const op = pe[side];
      return op ? describeOperand(op, ind) : "";
    };
    const levelStop = spec.exits?.stop !== undefined;
    entries.push(...describePendingEntry(pe, { long: wantsLong, short: wantsShort }, at, levelStop));
  }
  section("Entry rules", entries.length > 0 ? entries : ["No entry rule yet."]);

  const exits: string[] = [];
  if (wantsLong && spec.exit.long)
    exits.push(`Close a buy when ${describeRule(spec.exit.long, ind)} ${bar}.`);
  if (wantsShort && spec.exit.short)
    exits.push(`Close a sell when ${describeRule(spec.exit.short, ind)} ${bar}.`);
  if (spec.closeOnOpposite && spec.direction === "both") {
    exits.push("An opposite entry signal closes the open position before reversing.");
  }
  if (spec.stopLoss) exits.push(`Stop loss hit (${describeDistance(spec.stopLoss, ind)} from entry).`);
  if (spec.takeProfit) exits.push(`Take profit hit (${describeDistance(spec.takeProfit, ind)} from entry).`);
  if (spec.exits) exits.push(...describeExits(spec.exits, (op) => describeOperand(op, ind)));
  section(
    "Exit rules",
    exits.length > 0 ? exits : ["No exit rule: positions stay open until closed by hand."],
  );

  const risk: string[] = [describeSizing(spec.sizing)];
  const priced = spec.exits?.stop?.long || spec.exits?.stop?.short;
  risk.push(
    spec.stopLoss
      ? `Stop loss: ${describeDistance(spec.stopLoss, ind)}${priced ? " (a price for the side given in the exit rules)" : ""}`
      : priced
        ? "Stop loss: at a price (exit rules)"
        : "Stop loss: none",
  );
  const target = spec.exits?.targetR;
  risk.push(
    spec.takeProfit
      ? `Take profit: ${describeDistance(spec.takeProfit, ind)}`
      : target !== undefined
        ? `Take profit: ${num(target)}R`
        : spec.exits?.targetDistance
          ? "Take profit: a measured distance (exit rules)"
          : "Take profit: none",
  );
  if (spec.trailingStop) {
    const t = spec.trailingStop;
    let line = `Trailing stop: ${describeDistance(t.distance, ind)} behind price`;
    if (t.start) line += `, starting once ${describeDistance(t.start, ind)} in profit`;
    if (t.step) line += `, in steps of at least ${describeDistance(t.step, ind)}`;
    risk.push(line);
  }
  const beAt = spec.exits?.breakEvenAtTarget;
  if (beAt !== undefined)
    risk.push(`Break-even: move the stop to entry once ${num(beAt * 100)}% of the way to the take profit`);
  if (spec.breakEven) {
    const b = spec.breakEven;
    const offset = b.offset ? ` plus ${describeDistance(b.offset, ind)}` : "";
    risk.push(
      `Break-even: move the stop to entry${offset} once ${describeDistance(b.trigger, ind)} in profit`,
    );
  }
  section("Risk management", risk);

  const filters = spec.timeFilter ? describeTimeFilter(spec.timeFilter) : [];
  if (spec.limits) filters.push(...describeLimits(spec.limits));
  section(
    "Filters",
    filters.length > 0 ? [...filters, "Time filters gate new entries only."] : ["None: trades any time"],
  );

  section("Position limits", [
    `At most ${spec.maxOpenPositions} open ${spec.maxOpenPositions === 1 ? "position" : "positions"} at a time`,
  ]);
  return out.join("\n").trimEnd();
}
