/**
 * Reading and writing the trade rules form (issue 14): a spec's v2 exits, pending entry, entry limits and
 * sizing as form strings, and back. The posted strings are turned into a candidate spec that goes through
 * the spec's one schema (StrategySpecSchema, worker/strategy/spec.ts), so the form accepts exactly what the
 * engine, the EA and the outline accept; each issue is shown under the field it concerns. Server-only
 * (zod stays out of the browser bundle).
 */
import {
  type BasicOperand,
  describeOperand,
  INDICATOR_LINES,
  type Operand,
  type StrategySpec,
  StrategySpecSchema,
} from "../../worker/strategy";
import {
  dayField,
  KEEP,
  LEVELS,
  type LevelKey,
  type LevelOption,
  type TradeRulesFormData,
  type TradeRulesValues,
} from "./trade-rules-form";

const FIELDS = ["OPEN", "HIGH", "LOW", "CLOSE"] as const;
const FIELD_WORD = { OPEN: "open", HIGH: "high", LOW: "low", CLOSE: "close" } as const;
const OFFSET_UNITS = ["pips", "points", "percent"] as const;

/** The price levels the form can draw: a bar's price, an N-bar extreme, the previous day or week, an indicator. */
export function levelOptions(spec: StrategySpec): LevelOption[] {
  const options: LevelOption[] = [{ value: "", label: "None" }];
  for (const f of FIELDS) options.push({ value: `price:${f}`, label: `The bar's ${FIELD_WORD[f]}` });
  options.push({ value: "extreme:highest", label: "The highest high of N bars" });
  options.push({ value: "extreme:lowest", label: "The lowest low of N bars" });
  for (const period of ["day", "week"] as const)
    for (const f of FIELDS)
      options.push({ value: `${period}:${f}`, label: `The previous ${period}'s ${FIELD_WORD[f]}` });
  for (const ind of spec.indicators)
    for (const line of INDICATOR_LINES[ind.kind])
      options.push({
        value: `indicator:${ind.id}:${line}`,
        label: describeOperand({ type: "indicator", ref: ind.id, line, shift: 0 }, spec.indicators),
      });
  return options;
}

/** A level's fields from its operand, or null when the form cannot draw it (it is then kept as it is). */
function levelValues(op: Operand | undefined): Record<string, string> | null {
  if (!op) return { base: "" };
  const base = op.type === "expression" ? op.a : op;
  if (op.type === "expression" && op.b) return null;
  const offset = op.type === "expression" && op.offset ? op.offset : null;
  const rest = {
    shift: "shift" in base ? String(base.shift) : "0",
    offset: offset ? String(offset.value) : "",
    offsetUnit: offset ? offset.unit : "pips",
    bars: "",
  };
  if (base.type === "price" && (FIELDS as readonly string[]).includes(base.field))
    return { ...rest, base: `price:${base.field}` };
  if (base.type === "extreme") return { ...rest, base: `extreme:${base.side}`, bars: String(base.bars) };
  if (base.type === "previousPeriod" && base.back === 1)
    return { ...rest, base: `${base.period}:${base.field}` };
  if (base.type === "indicator") return { ...rest, base: `indicator:${base.ref}:${base.line ?? ""}` };
  return null;
}

const LEVEL_OF: Record<LevelKey, (s: StrategySpec) => Operand | undefined> = {
  stopLong: (s) => s.exits?.stop?.long,
  stopShort: (s) => s.exits?.stop?.short,
  trailLong: (s) => s.exits?.trail?.long,
  trailShort: (s) => s.exits?.trail?.short,
  pendingLong: (s) => s.pendingEntry?.long,
  pendingShort: (s) => s.pendingEntry?.short,
};

const text = (n: number | undefined) => (n === undefined ? "" : String(n));
const check = (b: boolean | undefined) => (b ? "on" : "");

/** The form as it opens on a stored spec. */
export function tradeRulesForm(spec: StrategySpec): TradeRulesFormData {
  const v: TradeRulesValues = {};
  const s = spec.sizing;
  v["sizing.type"] = s.type;
  v["sizing.lots"] = s.type === "fixed" || s.type === "lotsPerEquity" ? String(s.lots) : "";
  v["sizing.percent"] = s.type === "riskPercent" ? String(s.percent) : "";
  v["sizing.of"] = s.type === "riskPercent" ? (s.of ?? "balance") : "balance";
  v["sizing.amount"] = s.type === "riskMoney" ? String(s.amount) : "";
  v["sizing.per"] = s.type === "lotsPerEquity" ? String(s.per) : "";
  const l = spec.limits;
  v["limits.maxTradesPerDay"] = text(l?.maxTradesPerDay);
  v["limits.maxSpread"] = text(l?.maxSpread?.value);
  v["limits.maxSpreadUnit"] = l?.maxSpread?.unit ?? "pips";
  const ex = spec.exits;
  v["exits.targetR"] = text(ex?.targetR);
  v["exits.partialPercent"] = text(ex?.partial?.percent);
  v["exits.partialAtR"] = text(ex?.partial?.atR);
  v["exits.partialBreakEven"] = check(ex?.partial ? ex.partial.breakEven : true);
  v["exits.afterBars"] = text(ex?.afterBars);
  v["exits.closeAtTime"] = ex?.closeAt?.time ?? "";
  for (let d = 1; d <= 7; d++) v[dayField(d)] = check(ex?.closeAt?.weekdays?.includes(d));
  const pe = spec.pendingEntry;
  v["pending.order"] = pe?.order ?? "";
  v["pending.oco"] = check(pe ? pe.oco : true);
  v["pending.expiryType"] = pe?.expiry?.type ?? "";
  v["pending.expiryBars"] = pe?.expiry?.type === "bars" ? String(pe.expiry.bars) : "";
  v["pending.expiryAt"] = pe?.expiry?.type === "timeOfDay" ? pe.expiry.at : "";
  const kept: TradeRulesFormData["kept"] = {};
  for (const { key } of LEVELS) {
    const op = LEVEL_OF[key](spec);
    const fields = levelValues(op);
    if (fields === null && op) {
      kept[key] = describeOperand(op, spec.indicators);
      v[`${key}.base`] = KEEP;
      v[`${key}.shift`] = "0";
      v[`${key}.offsetUnit`] = "pips";
    } else for (const [name, value] of Object.entries(fields ?? {})) v[`${key}.${name}`] = value;
  }
  return { values: v, levelOptions: levelOptions(spec), kept, errors: {} };
}

/** The stored spec's kept levels (a price the form cannot draw), for redrawing a refused form. */
export function keptLevels(spec: StrategySpec): TradeRulesFormData["kept"] {
  return tradeRulesForm(spec).kept;
}

const NOT_A_NUMBER = "Enter a number.";

/** Reads the posted strings over `spec`; errors collects each field's message. */
class Reader {
  readonly errors: Record<string, string> = {};
  constructor(private readonly v: TradeRulesValues) {}

  str(name: string): string {
    return (this.v[name] ?? "").trim();
  }

  on(name: string): boolean {
    return this.v[name] === "on";
  }

  /** A number, or undefined when left empty; anything else is the field's error. */
  num(name: string): number | undefined {
    const raw = this.str(name);
    if (raw === "") return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n)) {
      this.errors[name] ??= NOT_A_NUMBER;
      return undefined;
    }
    return n;
  }

  /** A number the form needs for what was chosen. */
  need(name: string, what: string): number | undefined {
    const n = this.num(name);
    if (n === undefined && this.str(name) === "") this.errors[name] ??= `Enter ${what}.`;
    return n;
  }

  fail(name: string, message: string): void {
    this.errors[name] ??= message;
  }
}

/** The operand of a level's fields, the stored one when kept, undefined for none. */
function readLevel(r: Reader, key: LevelKey, stored: Operand | undefined): Operand | undefined {
  const base = r.str(`${key}.base`);
  if (base === "") return undefined;
  if (base === KEEP) {
    if (!stored) r.fail(`${key}.base`, "Choose a price.");
    return stored;
  }
  const shift = r.num(`${key}.shift`) ?? 0;
  const [kind, a, b] = base.split(":");
  let op: BasicOperand | undefined;
  if (kind === "price" && FIELDS.some((f) => f === a)) op = { type: "price", field: fieldOf(a), shift };
  else if (kind === "extreme" && (a === "highest" || a === "lowest")) {
    const bars = r.need(`${key}.bars`, "how many bars");
    if (bars !== undefined) op = { type: "extreme", side: a, bars, shift };
  } else if ((kind === "day" || kind === "week") && FIELDS.some((f) => f === a))
    op = { type: "previousPeriod", period: kind, field: fieldOf(a), back: 1, shift };
  else if (kind === "indicator" && a) op = { type: "indicator", ref: a, ...(b ? { line: b } : {}), shift };
  else r.fail(`${key}.base`, "Choose a price from the list.");
  if (!op) return undefined;
  const offset = r.num(`${key}.offset`);
  if (offset === undefined || offset === 0) return op;
  const unit = OFFSET_UNITS.find((u) => u === r.str(`${key}.offsetUnit`));
  if (!unit) {
    r.fail(`${key}.offset`, "Choose pips, points or percent.");
    return op;
  }
  return { type: "expression", a: op, k: 1, offset: { value: offset, unit } };
}

function fieldOf(a: string | undefined): (typeof FIELDS)[number] {
  return FIELDS.find((f) => f === a) ?? "CLOSE";
}

/** The sizing the form describes (unchecked: the schema checks the numbers). */
function readSizing(r: Reader): unknown {
  const type = r.str("sizing.type");
  if (type === "fixed") return { type, lots: r.need("sizing.lots", "the lots") };
  if (type === "riskPercent")
    return {
      type,
      percent: r.need("sizing.percent", "the percent risked"),
      of: r.str("sizing.of") === "equity" ? "equity" : "balance",
    };
  if (type === "riskMoney") return { type, amount: r.need("sizing.amount", "the amount risked") };
  if (type === "lotsPerEquity")
    return {
      type,
      lots: r.need("sizing.lots", "the lots"),
      per: r.need("sizing.per", "the equity per step"),
    };
  r.fail("sizing.type", "Choose how the volume is sized.");
  return undefined;
}

function readLimits(r: Reader): unknown {
  const maxTradesPerDay = r.num("limits.maxTradesPerDay");
  const spread = r.num("limits.maxSpread");
  const unit = r.str("limits.maxSpreadUnit") === "points" ? "points" : "pips";
  if (maxTradesPerDay === undefined && spread === undefined) return undefined;
  return {
    ...(maxTradesPerDay === undefined ? {} : { maxTradesPerDay }),
    ...(spread === undefined ? {} : { maxSpread: { value: spread, unit } }),
  };
}

function readExits(r: Reader, spec: StrategySpec): unknown {
  const out: Record<string, unknown> = {};
  for (const [block, long, short] of [
    ["stop", "stopLong", "stopShort"],
    ["trail", "trailLong", "trailShort"],
  ] as const) {
    const l = readLevel(r, long, LEVEL_OF[long](spec));
    const s = readLevel(r, short, LEVEL_OF[short](spec));
    if (l || s) out[block] = { ...(l ? { long: l } : {}), ...(s ? { short: s } : {}) };
  }
  const targetR = r.num("exits.targetR");
  if (targetR !== undefined) out.targetR = targetR;
  const percent = r.num("exits.partialPercent");
  const atR = r.num("exits.partialAtR");
  if (percent !== undefined || atR !== undefined) {
    if (percent === undefined) r.fail("exits.partialPercent", "Enter the share to close.");
    if (atR === undefined) r.fail("exits.partialAtR", "Enter the profit in R.");
    out.partial = { percent, atR, breakEven: r.on("exits.partialBreakEven") };
  }
  const afterBars = r.num("exits.afterBars");
  if (afterBars !== undefined) out.afterBars = afterBars;
  const time = r.str("exits.closeAtTime");
  const days = [1, 2, 3, 4, 5, 6, 7].filter((d) => r.on(dayField(d)));
  if (time !== "") out.closeAt = { time, ...(days.length > 0 ? { weekdays: days } : {}) };
  else if (days.length > 0) r.fail("exits.closeAtTime", "Enter the time to close at on those days.");
  return Object.keys(out).length > 0 ? out : undefined;
}

function readPending(r: Reader, spec: StrategySpec): unknown {
  const order = r.str("pending.order");
  if (order === "") return undefined;
  if (order !== "stop" && order !== "limit") {
    r.fail("pending.order", "Choose stop or limit orders.");
    return undefined;
  }
  const long = readLevel(r, "pendingLong", LEVEL_OF.pendingLong(spec));
  const short = readLevel(r, "pendingShort", LEVEL_OF.pendingShort(spec));
  const expiryType = r.str("pending.expiryType");
  let expiry: unknown;
  if (expiryType === "bars") expiry = { type: "bars", bars: r.need("pending.expiryBars", "how many bars") };
  else if (expiryType === "timeOfDay") {
    const at = r.str("pending.expiryAt");
    if (at === "") r.fail("pending.expiryAt", "Enter the time the order is deleted.");
    expiry = { type: "timeOfDay", at };
  }
  return {
    order,
    ...(long ? { long } : {}),
    ...(short ? { short } : {}),
    oco: r.on("pending.oco"),
    ...(expiry ? { expiry } : {}),
  };
}

/** A level's field for a schema issue inside its operand. */
function levelField(key: string, rest: readonly PropertyKey[]): string {
  for (const part of ["bars", "shift", "offset"]) if (rest.includes(part)) return `${key}.${part}`;
  return `${key}.base`;
}

const side = (s: PropertyKey | undefined) => (s === "long" ? "Long" : "Short");

/** The form field a schema issue concerns; a section's own name, or "form" for the rest of the spec. */
export function fieldOfIssue(path: readonly PropertyKey[]): string {
  const [head, a, b, ...more] = path;
  if (head === "sizing") {
    if (a === "lots" || a === "percent" || a === "amount" || a === "per" || a === "of")
      return `sizing.${String(a)}`;
    return "sizing.type";
  }
  if (head === "limits") {
    if (a === "maxTradesPerDay") return "limits.maxTradesPerDay";
    if (a === "maxSpread") return "limits.maxSpread";
    return "limits";
  }
  if (head === "exits") {
    if (a === "targetR" || a === "afterBars") return `exits.${a}`;
    if (a === "partial") return b === "atR" ? "exits.partialAtR" : "exits.partialPercent";
    if (a === "closeAt") return b === "weekdays" ? "exits.closeAtDays" : "exits.closeAtTime";
    if ((a === "stop" || a === "trail") && (b === "long" || b === "short"))
      return levelField(`${a}${side(b)}`, more);
    return "exits";
  }
  if (head === "pendingEntry") {
    if (a === "long" || a === "short") return levelField(`pending${side(a)}`, [b, ...more]);
    if (a === "expiry") return b === "at" ? "pending.expiryAt" : "pending.expiryBars";
    if (a === "order") return "pending.order";
    return "pending";
  }
  return "form";
}

export type TradeRulesResult =
  | { ok: true; spec: StrategySpec }
  | { ok: false; errors: Record<string, string> };

/**
 * The posted form over the stored spec: its exits, pending entry, limits and sizing replaced by the
 * form's, the rest kept; validated by the spec's schema. Nothing is valid unless every field is.
 */
export function parseTradeRules(spec: StrategySpec, values: TradeRulesValues): TradeRulesResult {
  const r = new Reader(values);
  const candidate = {
    ...spec,
    sizing: readSizing(r),
    limits: readLimits(r),
    exits: readExits(r, spec),
    pendingEntry: readPending(r, spec),
  };
  const parsed = StrategySpecSchema.safeParse(candidate);
  const errors = { ...r.errors };
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOfIssue(issue.path);
      errors[field] ??= issue.message;
    }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, spec: parsed.data };
}
