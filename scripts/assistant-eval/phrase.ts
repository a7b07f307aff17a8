// Rule phrases of the annotated corpus ("SMA(8) crosses above SMA(10)", "RSI(14) < 30 AND close > EMA(200)")
// read into atoms, so that a produced spec is compared by structure, not wording. A phrase outside this small
// grammar is reported as unscorable (and the item fails): the scorer never guesses a match.

export type Op = "gt" | "lt" | "xa" | "xb" | "x";
export type Operand =
  | { t: "ind"; kind: string; period?: number; price?: string; line?: string; dev?: number }
  | { t: "price"; field: string }
  | { t: "const"; value: number };
export interface Atom {
  op: Op;
  l: Operand;
  r: Operand;
}
/** all: every atom holds; any: at least one (empty = none); opposite: "the opposite signal closes". */
export interface RuleShape {
  all: Atom[];
  any: Atom[];
  opposite?: boolean;
}
export type Parsed<T> = { ok: true; value: T } | { ok: false; why: string };

const KINDS: Record<string, string> = {
  sma: "SMA",
  ema: "EMA",
  smma: "SMMA",
  lwma: "LWMA",
  rsi: "RSI",
  macd: "MACD",
  bands: "BANDS",
  atr: "ATR",
  stoch: "STOCH",
  cci: "CCI",
  adx: "ADX",
  momentum: "MOMENTUM",
};
const PRICES = new Set(["close", "open", "high", "low", "price", "bid"]);

export function flip(op: Op): Op {
  return op === "gt" ? "lt" : op === "lt" ? "gt" : op === "xa" ? "xb" : op === "xb" ? "xa" : "x";
}

/** An operand such as `SMA(8)`, `EMA(2,median)`, `upper BANDS(20,2)`, `MACD main`, `%D`, `+DI`, `close`, `-0.5`. */
export function parseOperand(raw: string, ctx: Operand | null): Operand | null {
  let s = raw.trim().replace(/^the\s+/i, "");
  if (/^[-+]?\d*\.?\d+$/.test(s)) return { t: "const", value: Number(s) };
  const lower = s.toLowerCase();
  if (PRICES.has(lower)) return { t: "price", field: lower === "price" || lower === "bid" ? "close" : lower };
  if (/^(candle|a candle)$/.test(lower)) return { t: "price", field: "close" };
  if (lower === "+di") return { t: "ind", kind: "ADX", line: "plusDi" };
  if (lower === "-di") return { t: "ind", kind: "ADX", line: "minusDi" };
  if (lower === "signal" || lower === "its signal")
    return ctx?.t === "ind" ? { ...ctx, line: ctx.kind === "STOCH" ? "signal" : "signal" } : null;
  if (lower === "%d") return { t: "ind", kind: "STOCH", line: "signal" };
  if (lower === "%k") return { t: "ind", kind: "STOCH", line: "main" };
  const band = /^(upper|lower|middle)\s+(?:bollinger\s+)?band$/.exec(lower);
  if (band) {
    const base = ctx?.t === "ind" && ctx.kind === "BANDS" ? ctx : { t: "ind" as const, kind: "BANDS" };
    return { ...base, line: band[1] };
  }
  let line: string | undefined;
  const pre = /^(upper|lower|middle)\s+/i.exec(s);
  if (pre) {
    line = pre[1].toLowerCase();
    s = s.slice(pre[0].length);
  }
  const post = /\s+(main|signal|histogram|%k|%d)$/i.exec(s);
  if (post) {
    const w = post[1].toLowerCase();
    line = w === "%k" ? "main" : w === "%d" ? "signal" : w;
    s = s.slice(0, post.index);
  }
  const m = /^([a-z]+)\s*(?:\(([^)]*)\))?$/i.exec(s.trim());
  if (!m) return null;
  const kind = KINDS[m[1].toLowerCase()];
  if (!kind) return null;
  const out: Operand = { t: "ind", kind };
  if (line) out.line = line;
  const args = (m[2] ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  for (const [i, a] of args.entries()) {
    if (/^\d*\.?\d+$/.test(a)) {
      if (i === 0) out.period = Number(a);
      else if (kind === "BANDS") out.dev = Number(a);
    } else if (/^(median|typical|weighted|open|high|low|close)$/i.test(a)) {
      out.price = a.toLowerCase();
    } else if (!/^(M\d+|H\d+|D1|W1)$/.test(a)) return null;
    else return null; // an indicator on another timeframe: v1 cannot say it, so no match is possible
  }
  return out;
}

const OPS: [RegExp, Op][] = [
  [/\s+(?:crosses|crossed|crossing)\s+(?:back\s+)?above\s+/i, "xa"],
  [/\s+(?:crosses|crossed|crossing)\s+(?:back\s+)?below\s+/i, "xb"],
  [/\s+rises\s+above\s+/i, "xa"],
  [/\s+falls\s+below\s+/i, "xb"],
  [/\s+(?:returns|crosses back|gets back)\s+to\s+/i, "x"],
  [/\s+reaches\s+/i, "x"],
  [/\s+(?:crosses|crossed)\s+/i, "x"],
  [/\s*>=\s*/, "gt"],
  [/\s*<=\s*/, "lt"],
  [/\s*>\s*/, "gt"],
  [/\s*<\s*/, "lt"],
  [/\s+(?:closes\s+|is\s+)?above\s+/i, "gt"],
  [/\s+(?:closes\s+|is\s+)?below\s+/i, "lt"],
];

/** One comparison. `ctx` is the last indicator operand seen, for "signal" and "the middle band". */
export function parseAtom(raw: string, ctx: { last: Operand | null }): Parsed<Atom> {
  let s = raw.trim().replace(/\s+/g, " ");
  if (/^last bar bullish\b/i.test(s))
    return { ok: true, value: { op: "gt", l: price("close"), r: price("open") } };
  if (/^last bar bearish\b/i.test(s))
    return { ok: true, value: { op: "lt", l: price("close"), r: price("open") } };
  // "(coming from below)" / "after being below" make a close above a level a cross of it.
  const fromBelow = /\((?:coming )?from below\)|after being below/i.test(s);
  const fromAbove = /\((?:coming )?from above\)|after being above/i.test(s);
  s = s
    .replace(/\((?:coming )?from (?:below|above)\)|after being (?:below|above)/i, "")
    .replace(/^price\s+(closes|is)\s+/i, "close ")
    .replace(/^(?:a\s+)?candle\s+closes\s+/i, "close ")
    .replace(/^close\s+(?=above|below)/i, "close ")
    .trim();
  const turns = /^(.*?)\s+turns\s+(positive|negative)$/i.exec(s);
  if (turns) s = `${turns[1]} crosses ${turns[2] === "positive" ? "above" : "below"} 0`;
  for (const [re, op] of OPS) {
    const m = re.exec(s);
    if (!m) continue;
    const left = parseOperand(s.slice(0, m.index), ctx.last);
    if (!left) return { ok: false, why: `operand "${s.slice(0, m.index)}"` };
    if (left.t === "ind") ctx.last = left;
    const right = parseOperand(s.slice(m.index + m[0].length), ctx.last);
    if (!right) return { ok: false, why: `operand "${s.slice(m.index + m[0].length)}"` };
    if (right.t === "ind") ctx.last = right;
    let o = op;
    if (fromBelow && o === "gt") o = "xa";
    if (fromAbove && o === "lt") o = "xb";
    return { ok: true, value: normalizeHistogram({ op: o, l: left, r: right }) };
  }
  return { ok: false, why: `no comparison in "${s}"` };
}

function price(field: string): Operand {
  return { t: "price", field };
}

/** MACD histogram against 0 is the main line against the signal line (MT5's iMACD has no histogram buffer). */
export function normalizeHistogram(a: Atom): Atom {
  const isHist = (o: Operand) => o.t === "ind" && o.kind === "MACD" && o.line === "histogram";
  const zero = (o: Operand) => o.t === "const" && o.value === 0;
  if (isHist(a.l) && zero(a.r) && a.l.t === "ind") {
    return { op: a.op, l: { ...a.l, line: "main" }, r: { ...a.l, line: "signal" } };
  }
  if (isHist(a.r) && zero(a.l) && a.r.t === "ind") {
    return { op: flip(a.op), l: { ...a.r, line: "main" }, r: { ...a.r, line: "signal" } };
  }
  return a;
}

const OPPOSITE =
  /^(?:the\s+)?(?:opposite (?:signal|zero cross|cross)|reverse on (?:the )?opposite signal|stop and reverse\b.*|MAs cross in the opposite direction|opposite signal \(or trailing stop\))$/i;

/** A whole rule phrase: atoms joined by AND, or by OR, or AND with one parenthesised OR group. */
export function parseRule(raw: string): Parsed<RuleShape> {
  const s = raw.trim();
  if (OPPOSITE.test(s)) return { ok: true, value: { all: [], any: [], opposite: true } };
  if (/^trailing stop only$/i.test(s)) return { ok: true, value: { all: [], any: [] } };
  if (/;|\.\.\.|\bthen\b|\bwhile\b|\bstop\b|\blimit\b/i.test(s))
    return { ok: false, why: `beyond grammar: "${s}"` };
  const ctx = { last: null as Operand | null };
  const group = /\(([^()]*\bOR\b[^()]*)\)/.exec(s);
  const anyPart = group ? group[1] : null;
  const rest = group ? s.replace(group[0], "").replace(/\s+AND\s*$|^\s*AND\s+/i, "") : s;
  const topOr = !group && /\s+OR\s+/.test(rest) && !/\s+AND\s+/.test(rest);
  const all: Atom[] = [];
  const any: Atom[] = [];
  const pieces = topOr ? rest.split(/\s+OR\s+/) : rest.split(/\s+AND\s+/);
  for (const p of pieces.map((x) => x.trim()).filter(Boolean)) {
    const a = parseAtom(p, ctx);
    if (!a.ok) return a;
    (topOr ? any : all).push(a.value);
  }
  if (anyPart) {
    for (const p of anyPart.split(/\s+OR\s+/)) {
      const a = parseAtom(p, ctx);
      if (!a.ok) return a;
      any.push(a.value);
    }
  }
  return { ok: true, value: { all, any } };
}

/** The other side's rule: every comparison turned round ("the opposite for shorts"). */
export function mirrorRule(r: RuleShape): RuleShape {
  const m = (a: Atom): Atom => ({ ...a, op: flip(a.op), ...mirrorOperands(a) });
  return { all: r.all.map(m), any: r.any.map(m), opposite: r.opposite };
}

function mirrorOperands(a: Atom): { l: Operand; r: Operand } {
  const sw = (o: Operand): Operand => {
    if (o.t === "const") return o;
    if (o.t === "ind" && o.kind === "BANDS" && (o.line === "upper" || o.line === "lower"))
      return { ...o, line: o.line === "upper" ? "lower" : "upper" };
    return o;
  };
  return { l: sw(a.l), r: sw(a.r) };
}

export function showOperand(o: Operand): string {
  if (o.t === "const") return String(o.value);
  if (o.t === "price") return o.field;
  const args = [o.period, o.price, o.dev].filter((x) => x !== undefined).join(",");
  return `${o.line ? `${o.line} ` : ""}${o.kind}${args ? `(${args})` : ""}`;
}
const OP_TEXT: Record<Op, string> = {
  gt: ">",
  lt: "<",
  xa: "crosses above",
  xb: "crosses below",
  x: "crosses",
};
export function showRule(r: RuleShape | null): string {
  if (!r) return "none";
  const a = r.all.map((x) => `${showOperand(x.l)} ${OP_TEXT[x.op]} ${showOperand(x.r)}`);
  const o = r.any.map((x) => `${showOperand(x.l)} ${OP_TEXT[x.op]} ${showOperand(x.r)}`);
  const parts = [...a, ...(o.length ? [`(${o.join(" OR ")})`] : [])];
  return (r.opposite ? "opposite signal" : "") + (parts.join(" AND ") || (r.opposite ? "" : "none"));
}
