// Rule phrases of the annotated corpus ("SMA(8) crosses above SMA(10)", "RSI(14) < 30 AND close > EMA(200)")
// read into atoms, so that a produced spec is compared by structure, not wording. The grammar covers what the
// corpus README's notation and StrategySpec v2 can both say: indicators (also on another timeframe, with a
// shift), prices, N-bar extremes, the previous day's or week's high/low, a time window's range, expressions
// (a - b, a x factor, level +/- pips), chained comparisons, "rising"/"falling", and a pending stop order at a
// level. A phrase outside it is reported as unscorable (and the item fails): the scorer never guesses a match;
// a phrase that names something v2 cannot state ("then", a nested OR of ANDs, a time exit) is reported as such.

export type Op = "gt" | "lt" | "xa" | "xb" | "x" | "up" | "down";
export interface Offset {
  value: number;
  unit: "pips" | "points" | "percent";
}
export type Operand =
  | {
      t: "ind";
      kind: string;
      period?: number;
      price?: string;
      line?: string;
      dev?: number;
      tf?: string;
      shift?: number;
    }
  | { t: "price"; field: string; tf?: string; shift?: number }
  | { t: "const"; value: number }
  | { t: "extreme"; side: "highest" | "lowest"; bars: number; shift: number; tf?: string }
  | { t: "prev"; period: "day" | "week"; field: string; back: number }
  | { t: "window"; from: string; to: string; side: "high" | "low" }
  | { t: "expr"; a: Operand; k: number; b?: Operand; off?: Offset };
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

/** What the corpus notation calls each kind; v2's further kinds keep their spec names. */
const KINDS: Record<string, string> = {
  sma: "SMA",
  ema: "EMA",
  smma: "SMMA",
  lwma: "LWMA",
  ma: "MA",
  rsi: "RSI",
  macd: "MACD",
  bands: "BANDS",
  atr: "ATR",
  stoch: "STOCH",
  stochastic: "STOCH",
  cci: "CCI",
  adx: "ADX",
  momentum: "MOMENTUM",
  hma: "HULL",
  hull: "HULL",
  trix: "TRIX",
  dema: "DEMA",
  tema: "TEMA",
  sar: "SAR",
  wpr: "WPR",
  mfi: "MFI",
  ao: "AO",
  ichimoku: "ICHIMOKU",
  donchian: "DONCHIAN",
  keltner: "KELTNER",
  supertrend: "SUPERTREND",
};
const PRICES = new Set(["close", "open", "high", "low", "price", "bid"]);
const TF = /^(M1|M5|M15|M30|H1|H4|D1|W1)$/i;
const ZONE_SHIFT: Record<string, number> = { gmt: 0, utc: 0, est: 5, edt: 4 };

export function flip(op: Op): Op {
  const f: Record<Op, Op> = { gt: "lt", lt: "gt", xa: "xb", xb: "xa", x: "x", up: "down", down: "up" };
  return f[op];
}

/** Context of one phrase: the last indicator (for "signal", "the middle band"), the last range, the last left side. */
export interface Ctx {
  last: Operand | null;
  window?: { from: string; to: string };
  left?: Operand;
}

const NUM = String.raw`[-+]?\d*\.?\d+`;

/** "19:00-04:00 EST" to the UTC clock of the spec's time windows. */
function windowUtc(from: string, to: string, zone: string | undefined): { from: string; to: string } {
  const sh = ZONE_SHIFT[(zone ?? "utc").toLowerCase()] ?? 0;
  const mv = (c: string) => {
    const [h, m] = c.split(":").map(Number);
    return `${String((h + sh) % 24).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
  };
  return { from: mv(from), to: mv(to) };
}

/** An operand with "+ 13 pips", "- B", "* 0.97" after it. */
export function parseOperand(raw: string, ctx: Ctx): Operand | null {
  const s = raw
    .trim()
    .replace(/^\((.*)\)$/, "$1")
    .trim();
  const off = /^(.*\S)\s*([+-])\s*(\d*\.?\d+)\s*(pips?|points?|%)$/i.exec(s);
  if (off) {
    const a = parseOperand(off[1], ctx);
    if (!a) return null;
    const unit = /^pip/i.test(off[4]) ? "pips" : /^point/i.test(off[4]) ? "points" : "percent";
    return { t: "expr", a, k: 1, off: { value: (off[2] === "-" ? -1 : 1) * Number(off[3]), unit } };
  }
  const mul = new RegExp(String.raw`^(.*\S)\s*[*x]\s*(${NUM})$`, "i").exec(s);
  if (mul) {
    const a = parseOperand(mul[1], ctx);
    if (!a) return null;
    return { t: "expr", a, k: 1, off: { value: round((Number(mul[2]) - 1) * 100), unit: "percent" } };
  }
  const bin = /^(.*\S)\s+([+-])\s+(.+)$/.exec(s);
  if (bin) {
    const a = parseOperand(bin[1], ctx);
    const b = parseOperand(bin[3], ctx);
    if (a && b) return { t: "expr", a, k: bin[2] === "-" ? -1 : 1, b };
  }
  return parseBasic(s, ctx);
}

const round = (x: number) => Math.round(x * 1e9) / 1e9;

function parseBasic(raw: string, ctx: Ctx): Operand | null {
  let s = raw.trim().replace(/^the\s+/i, "");
  if (new RegExp(`^${NUM}$`).test(s)) return { t: "const", value: Number(s) };
  let lower = s.toLowerCase();
  // N-bar extremes: "highest high of the previous 55 bars", "the 20-day high", "20-bar low".
  const ext = /^(highest high|lowest low) of the (previous|last) (\d+) bars$/.exec(lower);
  if (ext)
    return {
      t: "extreme",
      side: ext[1].startsWith("highest") ? "highest" : "lowest",
      bars: Number(ext[3]),
      shift: ext[2] === "previous" ? 1 : 0,
    };
  const nday = /^(?:new\s+)?(\d+)-(day|bar|week) (high|low)$/.exec(lower);
  if (nday)
    return {
      t: "extreme",
      side: nday[3] === "high" ? "highest" : "lowest",
      bars: Number(nday[1]),
      shift: 1,
      ...(nday[2] === "day" ? { tf: "D1" } : nday[2] === "week" ? { tf: "W1" } : {}),
    };
  const prev =
    /^(?:previous|last|prior) (day|week)(?:'s)? (high|low|open|close)$|^(yesterday|last week)'s (high|low|open|close)$/.exec(
      lower,
    );
  if (prev) {
    const period = prev[1] ?? (prev[3] === "yesterday" ? "day" : "week");
    return { t: "prev", period: period as "day" | "week", field: prev[2] ?? prev[4], back: 1 };
  }
  // A session range: "the 19:00-04:00 EST range high", "high of the 22:00-00:00 UTC range", "the range low".
  const win =
    /^(?:(high|low) of (?:the|that) (?:(\d{1,2}:\d{2})-(\d{1,2}:\d{2})(?:\s+(utc|gmt|est|edt))? )?range|(?:(\d{1,2}:\d{2})-(\d{1,2}:\d{2})(?:\s+(utc|gmt|est|edt))? )?range (high|low))$/.exec(
      lower,
    );
  if (win) {
    const side = (win[1] ?? win[8]) as "high" | "low";
    const from = win[2] ?? win[5];
    const w = from ? windowUtc(from, win[3] ?? win[6], win[4] ?? win[7]) : ctx.window;
    if (!w) return null;
    ctx.window = w;
    return { t: "window", ...w, side };
  }
  // Price, also N bars back or on a named timeframe: "close 5 bars ago", "close[1]", "last high", "M15 close".
  const px =
    /^(?:(m\d+|h\d+|d1|w1) )?(?:(last) )?(close|open|high|low|price|bid)(?:\[(\d+)\]| (\d+) bars? ago)?$/.exec(
      lower,
    );
  if (px) {
    const field = px[3] === "price" || px[3] === "bid" ? "close" : px[3];
    const shift = Number(px[4] ?? px[5] ?? 0);
    const out: Operand = { t: "price", field };
    if (shift) out.shift = shift;
    if (px[1]) out.tf = px[1].toUpperCase();
    return out;
  }
  const lastTf = /^(close|open|high|low) of (?:the )?last (m\d+|h\d+|d1|w1) (?:candle|bar)$/.exec(lower);
  if (lastTf) return { t: "price", field: lastTf[1], tf: lastTf[2].toUpperCase() };
  if (/^(candle|a candle)$/.test(lower)) return { t: "price", field: "close" };
  if (PRICES.has(lower)) return { t: "price", field: lower };
  if (lower === "+di") return { t: "ind", kind: "ADX", line: "plusDi" };
  if (lower === "-di") return { t: "ind", kind: "ADX", line: "minusDi" };
  if (lower === "signal" || lower === "its signal")
    return ctx.last?.t === "ind" ? { ...ctx.last, line: "signal" } : null;
  if (lower === "%d") return { t: "ind", kind: "STOCH", line: "signal" };
  if (lower === "%k") return { t: "ind", kind: "STOCH", line: "main" };
  const band = /^(upper|lower|middle)\s+(?:bollinger\s+)?band$/.exec(lower);
  if (band) {
    const base =
      ctx.last?.t === "ind" && ctx.last.kind === "BANDS" ? ctx.last : { t: "ind" as const, kind: "BANDS" };
    return { ...base, line: band[1] };
  }
  let tf: string | undefined;
  const tfPre = /^(M\d+|H\d+|D1|W1)\s+/i.exec(s);
  if (tfPre) {
    tf = tfPre[1].toUpperCase();
    s = s.slice(tfPre[0].length);
    lower = s.toLowerCase();
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
  if (tf) out.tf = tf;
  const args = (m[2] ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  for (const [i, a] of args.entries()) {
    if (/^\d*\.?\d+$/.test(a)) {
      if (i === 0) out.period = Number(a);
      else if (kind === "BANDS") out.dev = Number(a);
      else return null;
    } else if (/^(median|typical|weighted|open|high|low|close)$/i.test(a)) {
      out.price = a.toLowerCase();
    } else if (TF.test(a)) {
      out.tf = a.toUpperCase();
    } else return null;
  }
  ctx.last = out;
  return out;
}

const OPS: [RegExp, Op][] = [
  [/\s+(?:crosses|crossed|crossing)\s+(?:back\s+)?above\s+/i, "xa"],
  [/\s+(?:crosses|crossed|crossing)\s+(?:back\s+)?below\s+/i, "xb"],
  [/\s+(?:rises|rise|goes|moves)\s+above\s+/i, "xa"],
  [/\s+(?:falls|fall|drops|drop)\s+below\s+/i, "xb"],
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

/** An annotator's trailing remark that restates or comments the condition: "(placed 00:00 GMT)", "(no touch)". */
const REMARK = /\s*\((?:placed|contrarian|no touch|not overbought|not oversold|K[<>]D)[^)]*\)\s*$/i;

/** A "rising"/"falling" operand: above (below) its own value one bar earlier. */
function slope(o: Operand, up: boolean): Atom {
  const before: Operand =
    o.t === "ind" || o.t === "price"
      ? { ...o, shift: (o.shift ?? 0) + 1 }
      : o.t === "expr"
        ? shiftExpr(o)
        : o;
  return { op: up ? "gt" : "lt", l: o, r: before };
}
function shiftExpr(o: Operand): Operand {
  if (o.t === "ind" || o.t === "price") return { ...o, shift: (o.shift ?? 0) + 1 };
  if (o.t === "expr") return { ...o, a: shiftExpr(o.a), ...(o.b ? { b: shiftExpr(o.b) } : {}) };
  return o;
}

/**
 * One condition, which may stand for several atoms: "A > B > C" (a chain), "A, B < C" (a shared right side),
 * "X rising", "X rising and <= 80", "both Stoch lines rising", "buy stop 2 pips above L".
 */
export function parseAtoms(raw: string, ctx: Ctx): Parsed<Atom[]> {
  let s = raw
    .trim()
    .replace(/\s+/g, " ")
    .replace(/^(?:and|then)\s+/i, "")
    .replace(REMARK, "")
    .trim();
  if (/^last bar bullish\b/i.test(s))
    return { ok: true, value: [{ op: "gt", l: price("close"), r: price("open") }] };
  if (/^last bar bearish\b/i.test(s))
    return { ok: true, value: [{ op: "lt", l: price("close"), r: price("open") }] };
  // A pending stop order fills when the price reaches the level: a rise through it (or a fall for a sell stop).
  const order = /^(buy|sell) stop (?:(\d*\.?\d+) (pips?|points?) (?:above|below) |at )(.+)$/i.exec(s);
  if (order) {
    const lvl = parseOperand(order[4], ctx);
    if (!lvl) return { ok: false, why: `operand "${order[4]}"` };
    const buy = order[1].toLowerCase() === "buy";
    const r: Operand = order[2]
      ? {
          t: "expr",
          a: lvl,
          k: 1,
          off: { value: (buy ? 1 : -1) * Number(order[2]), unit: /^pip/i.test(order[3]) ? "pips" : "points" },
        }
      : lvl;
    return { ok: true, value: [{ op: buy ? "up" : "down", l: price("close"), r }] };
  }
  // "price exceeds L by 25 pips", "price falls 25 pips below L".
  const by = /^(?:price|close) (?:exceeds|breaks) (.+) by (\d*\.?\d+) (pips?|points?)$/i.exec(s);
  if (by) {
    const lvl = parseOperand(by[1], ctx);
    if (!lvl) return { ok: false, why: `operand "${by[1]}"` };
    const off: Offset = { value: Number(by[2]), unit: /^pip/i.test(by[3]) ? "pips" : "points" };
    return { ok: true, value: [{ op: "up", l: price("close"), r: { t: "expr", a: lvl, k: 1, off } }] };
  }
  const fallsBy =
    /^(?:price|close) (?:falls|drops|rises|climbs) (\d*\.?\d+) (pips?|points?) (below|above) (.+)$/i.exec(s);
  if (fallsBy) {
    const lvl = parseOperand(fallsBy[4], ctx);
    if (!lvl) return { ok: false, why: `operand "${fallsBy[4]}"` };
    const up = fallsBy[3].toLowerCase() === "above";
    const off: Offset = {
      value: (up ? 1 : -1) * Number(fallsBy[1]),
      unit: /^pip/i.test(fallsBy[2]) ? "pips" : "points",
    };
    return {
      ok: true,
      value: [{ op: up ? "up" : "down", l: price("close"), r: { t: "expr", a: lvl, k: 1, off } }],
    };
  }
  // "new 10-day low": the price goes below the lowest low before this bar.
  const fresh = /^new (\d+-(?:day|bar|week) (high|low))$/i.exec(s);
  if (fresh) {
    const lvl = parseOperand(fresh[1], ctx);
    if (!lvl) return { ok: false, why: `operand "${fresh[1]}"` };
    return {
      ok: true,
      value: [{ op: fresh[2].toLowerCase() === "high" ? "up" : "down", l: price("close"), r: lvl }],
    };
  }
  const both = /^both (?:stoch|stochastic) lines (rising|falling|rise above|fall below) ?(.*)$/i.exec(s);
  if (both) {
    const lines = ["main", "signal"].map((line): Operand => ({ t: "ind", kind: "STOCH", line }));
    const verb = both[1].toLowerCase();
    if (verb === "rising" || verb === "falling")
      return { ok: true, value: lines.map((o) => slope(o, verb === "rising")) };
    const r = parseOperand(both[2], ctx);
    if (!r) return { ok: false, why: `operand "${both[2]}"` };
    return {
      ok: true,
      value: lines.map((l) => ({ op: verb.startsWith("rise") ? "xa" : "xb", l, r }) as Atom),
    };
  }
  const fromBelow = /\((?:coming )?from below\)|after being below/i.test(s);
  const fromAbove = /\((?:coming )?from above\)|after being above/i.test(s);
  s = s
    .replace(/\((?:coming )?from (?:below|above)\)|after being (?:below|above)/i, "")
    .replace(/\s*\(crosses zero\)$/i, "")
    .replace(/^price\s+(closes|is)\s+/i, "close ")
    .replace(/^(?:a\s+)?candle\s+closes\s+/i, "close ")
    .trim();
  const turns = /^(.*?)\s+turns\s+(positive|negative)$/i.exec(s);
  if (turns) s = `${turns[1]} crosses ${turns[2].toLowerCase() === "positive" ? "above" : "below"} 0`;
  const eqZero = /^(.*?[^<>=\s])\s*=\s*(\S+)$/.exec(s);
  if (eqZero) s = `${eqZero[1]} crosses ${eqZero[2]}`;
  // "RSI < 30 and HMA turns up", "Stoch rising and <= 80": conditions joined by a lower-case "and".
  const parts = splitTop(s, /^\s+and\s+/i);
  if (parts.length > 1) {
    const trial: Ctx = { ...ctx };
    const out: Atom[] = [];
    for (const p of parts) {
      const a = parseAtoms(p, trial);
      if (!a.ok) break;
      out.push(...a.value);
    }
    if (out.length >= parts.length) {
      Object.assign(ctx, trial);
      return { ok: true, value: out };
    }
  }
  const trail = /^(.*?\S)\s+and\s+(rising|falling)$/i.exec(s);
  if (trail) {
    const a = parseAtoms(trail[1], ctx);
    const o = parseOperand(trail[1].split(/\s*[<>]=?\s*/)[0], ctx);
    if (!a.ok) return a;
    if (!o) return { ok: false, why: `operand "${trail[1]}"` };
    return { ok: true, value: [...a.value, slope(o, trail[2].toLowerCase() === "rising")] };
  }
  // "X rising", "X falling and >= 20", "X < 80 and rising", "X turns up".
  const sl = /^(.*?)\s+(rising|falling|turns up|turns down)(?:\s+and\s+(.+))?$/i.exec(s);
  if (sl) {
    const o = parseOperand(sl[1], ctx);
    if (!o) return { ok: false, why: `operand "${sl[1]}"` };
    if (o.t === "ind") ctx.last = o;
    ctx.left = o;
    const out = [slope(o, /rising|up/i.test(sl[2]))];
    if (sl[3]) {
      const more = parseAtoms(`${sl[1]} ${sl[3]}`, ctx);
      if (!more.ok) return more;
      out.push(...more.value);
    }
    return { ok: true, value: out };
  }
  for (const [re, op] of OPS) {
    const m = re.exec(s);
    if (!m) continue;
    let leftText = s.slice(0, m.index);
    const rightText = s.slice(m.index + m[0].length);
    // An elided left side ("close short when > 0.0005") is the previous condition's.
    const lefts: Operand[] = [];
    if (leftText.trim() === "") {
      if (!ctx.left) return { ok: false, why: `no left side in "${s}"` };
      lefts.push(ctx.left);
    } else {
      // "EMA(14), EMA(50) < EMA(200)": each listed operand against the right side.
      for (const piece of splitTop(leftText, /^\s*,\s*/)) {
        const l = parseOperand(piece, ctx);
        if (!l) return { ok: false, why: `operand "${piece}"` };
        if (l.t === "ind") ctx.last = l;
        lefts.push(l);
      }
      leftText = "";
    }
    // "A > B > C": a chain of comparisons with the same operator.
    const chain = rightText.split(re);
    const rights: Operand[] = [];
    for (const piece of chain) {
      const r = parseOperand(piece, ctx);
      if (!r) return { ok: false, why: `operand "${piece}"` };
      if (r.t === "ind") ctx.last = r;
      rights.push(r);
    }
    let o = op;
    if (fromBelow && o === "gt") o = "xa";
    if (fromAbove && o === "lt") o = "xb";
    const out: Atom[] = lefts.map((l) => normalizeHistogram({ op: o, l, r: rights[0] }));
    for (let i = 1; i < rights.length; i++)
      out.push(normalizeHistogram({ op: o, l: rights[i - 1], r: rights[i] }));
    ctx.left = lefts[lefts.length - 1];
    return { ok: true, value: out };
  }
  return { ok: false, why: `no comparison in "${s}"` };
}

/** Splits at separators outside parentheses. */
export function splitTop(s: string, sep: RegExp): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0) {
      const m = sep.exec(s.slice(i));
      if (m && m[0].length > 0) {
        out.push(s.slice(start, i));
        i += m[0].length - 1;
        start = i + 1;
      }
    }
  }
  out.push(s.slice(start));
  return out.map((x) => x.trim()).filter(Boolean);
}

/** One comparison (kept for callers that expect exactly one atom). */
export function parseAtom(raw: string, ctx: Ctx): Parsed<Atom> {
  const r = parseAtoms(raw, ctx);
  if (!r.ok) return r;
  if (r.value.length !== 1) return { ok: false, why: `"${raw}" is ${r.value.length} conditions` };
  return { ok: true, value: r.value[0] };
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
  // "(MACD - signal) > 0": the same comparison of the two lines.
  if (a.l.t === "expr" && a.l.k === -1 && a.l.b && !a.l.off && zero(a.r)) {
    const { a: x, b: y } = a.l;
    if (x.t === "ind" && y.t === "ind" && x.kind === "MACD" && y.kind === "MACD")
      return { op: a.op, l: { ...x, line: x.line ?? "main" }, r: { ...y, line: y.line ?? "main" } };
  }
  return a;
}

const OPPOSITE =
  /^(?:the\s+)?(?:opposite (?:signal|zero cross|cross|SMA cross|MA cross)|reverse on (?:the )?opposite signal|stop and reverse\b.*|MAs cross in the opposite direction|opposite signal \(or trailing stop\))$/i;

/** Phrases that name something StrategySpec v2 cannot state: no spec can match them. */
const NOT_V2: [RegExp, string][] = [
  [/\bthen\b|\bfollowed by\b|\bonce it is\b|\bwhile\b|dipped/i, "a sequence of events (state across bars)"],
  [/\bclose (?:all trades |any position )?(?:at|before) (?:\d|the end|end)/i, "a time-of-day exit"],
  [/\bspread\b|\bsince last order\b/i, "a spread or order-timing filter"],
  [/\bbuy limit\b|\bvalid until\b/i, "a limit or expiring order"],
  [/\btrendline|resistance|support|kumo|cloud|uptrend|downtrend/i, "a drawn or undefined level"],
  [/\bof RSI\b|\bEMA\(\d+\) of\b/i, "an indicator of an indicator"],
  [/\btrailing exit\b|\btake profit at\b/i, "an exit that is a stop or target level"],
];

/** A whole rule phrase: atoms joined by AND, or by OR, or AND with one parenthesised OR group. */
export function parseRule(raw: string, ctx: Ctx = { last: null }): Parsed<RuleShape> {
  // "...: buy next open": a market order, which every entry of the spec is (filled at the next bar's open).
  // "(last) candle opened below X and closed above it": the bar's open and close against X.
  const s = raw
    .trim()
    .replace(
      /^(?:the )?(?:last )?(?:candle|bar) opened (above|below) (.+?) and closed (above|below) it$/i,
      "open $1 $2 AND close $3 $2",
    )
    .replace(
      /\s*:\s*(?:buy|sell|enter)\s+(?:at\s+)?(?:the\s+)?(?:next|following)\s+(?:bar'?s?\s+|candle'?s?\s+)?open$/i,
      "",
    );
  if (OPPOSITE.test(s)) return { ok: true, value: { all: [], any: [], opposite: true } };
  if (/^trailing stop only$/i.test(s)) return { ok: true, value: { all: [], any: [] } };
  for (const [re, what] of NOT_V2)
    if (re.test(s)) return { ok: false, why: `not expressible in v2: ${what}` };
  const orParts = splitTop(s, /^\s+OR\s+/);
  if (
    orParts.length > 1 &&
    orParts.some((p) => splitTop(p, /^\s+AND\s+/).length > 1 || /^\(.*\bAND\b.*\)$/.test(p))
  )
    return { ok: false, why: "not expressible in v2: an OR of AND groups" };
  if (/;|\.\.\.|\bstop\b(?! order)|\blimit\b/i.test(s) && !/^(?:buy|sell) stop\b/i.test(s))
    return { ok: false, why: `beyond grammar: "${s}"` };
  // At most one parenthesised OR group joined to the rest by AND.
  const andParts = splitTop(s, /^\s+AND\s+/);
  const groups = andParts.filter(
    (p) => /^\(.*\)$/.test(p) && splitTop(p.slice(1, -1), /^\s+OR\s+/).length > 1,
  );
  if (groups.length > 1) return { ok: false, why: "not expressible in v2: two OR groups" };
  const anyPart = groups.length ? groups[0].slice(1, -1) : null;
  const rest = andParts.filter((p) => p !== groups[0]).join(" AND ");
  const topOr = !anyPart && orParts.length > 1;
  const all: Atom[] = [];
  const any: Atom[] = [];
  const pieces = topOr ? orParts : splitTop(rest, /^\s+AND\s+/);
  for (const p of pieces.map((x) => x.trim()).filter(Boolean)) {
    const a = parseAtoms(p, ctx);
    if (!a.ok) return a;
    (topOr ? any : all).push(...a.value);
  }
  if (anyPart) {
    for (const p of splitTop(anyPart, /^\s+OR\s+/)) {
      const a = parseAtoms(p, ctx);
      if (!a.ok) return a;
      if (a.value.length !== 1) return { ok: false, why: "not expressible in v2: an OR of AND groups" };
      any.push(a.value[0]);
    }
  }
  return { ok: true, value: { all, any } };
}

/** An exit phrase: one rule for the traded side(s), or a rule per side ("long: X; short: Y"). */
export type ExitShape = { both: RuleShape } | { long?: RuleShape; short?: RuleShape };

export function parseExit(raw: string, ctx: Ctx = { last: null }): Parsed<ExitShape> {
  const s = raw.trim().replace(/^close any position when\s+/i, "");
  const side = /^(?:close\s+)?(long|short)(?::|\s+when)\s*/i;
  const pieces = splitTop(s, /^\s*;\s*/);
  if (side.test(pieces[0])) {
    const out: { long?: RuleShape; short?: RuleShape } = {};
    for (const p of pieces) {
      const m = side.exec(p);
      if (!m) return { ok: false, why: `beyond grammar: "${p}"` };
      const r = parseRule(p.slice(m[0].length), ctx);
      if (!r.ok) return r;
      out[m[1].toLowerCase() as "long" | "short"] = r.value;
    }
    return { ok: true, value: out };
  }
  const r = parseRule(s, ctx);
  return r.ok ? { ok: true, value: { both: r.value } } : r;
}

/** The other side's rule: every comparison turned round ("the opposite for shorts"). */
export function mirrorRule(r: RuleShape): RuleShape {
  const m = (a: Atom): Atom => ({ op: flip(a.op), l: mirrorOperand(a.l), r: mirrorOperand(a.r) });
  return { all: r.all.map(m), any: r.any.map(m), opposite: r.opposite };
}

/** Upper and lower, high and low, highest and lowest trade places; an offset changes sign. */
export function mirrorOperand(o: Operand): Operand {
  switch (o.t) {
    case "ind": {
      if (o.price === "high" || o.price === "low") o = { ...o, price: o.price === "high" ? "low" : "high" };
      if (o.line === "upper" || o.line === "lower")
        return { ...o, line: o.line === "upper" ? "lower" : "upper" };
      if (o.line === "plusDi" || o.line === "minusDi")
        return { ...o, line: o.line === "plusDi" ? "minusDi" : "plusDi" };
      return o;
    }
    case "price":
      return o.field === "high" || o.field === "low"
        ? { ...o, field: o.field === "high" ? "low" : "high" }
        : o;
    case "extreme":
      return { ...o, side: o.side === "highest" ? "lowest" : "highest" };
    case "prev":
      return o.field === "high" || o.field === "low"
        ? { ...o, field: o.field === "high" ? "low" : "high" }
        : o;
    case "window":
      return { ...o, side: o.side === "high" ? "low" : "high" };
    case "expr":
      return {
        ...o,
        a: mirrorOperand(o.a),
        ...(o.b ? { b: mirrorOperand(o.b) } : {}),
        ...(o.off && o.off.unit !== "percent" ? { off: { ...o.off, value: -o.off.value } } : {}),
      };
    default:
      return o;
  }
}

export function showOperand(o: Operand): string {
  switch (o.t) {
    case "const":
      return String(o.value);
    case "price":
      return `${o.tf ? `${o.tf} ` : ""}${o.field}${o.shift ? `[${o.shift}]` : ""}`;
    case "extreme":
      return `${o.side}(${o.bars}${o.tf ? `,${o.tf}` : ""})${o.shift ? `[${o.shift}]` : ""}`;
    case "prev":
      return `previous ${o.period} ${o.field}`;
    case "window":
      return `${o.from}-${o.to} UTC range ${o.side}`;
    case "expr": {
      const b = o.b
        ? ` ${o.k < 0 ? "-" : "+"} ${Math.abs(o.k) === 1 ? "" : `${Math.abs(o.k)} x `}${showOperand(o.b)}`
        : "";
      const off = o.off ? ` ${o.off.value < 0 ? "-" : "+"} ${Math.abs(o.off.value)} ${o.off.unit}` : "";
      return `(${showOperand(o.a)}${b}${off})`;
    }
    case "ind": {
      const args = [o.period, o.price, o.dev, o.tf].filter((x) => x !== undefined).join(",");
      return `${o.line ? `${o.line} ` : ""}${o.kind}${args ? `(${args})` : ""}${o.shift ? `[${o.shift}]` : ""}`;
    }
  }
}
const OP_TEXT: Record<Op, string> = {
  gt: ">",
  lt: "<",
  xa: "crosses above",
  xb: "crosses below",
  x: "crosses",
  up: "reaches up to",
  down: "reaches down to",
};
export function showRule(r: RuleShape | null): string {
  if (!r) return "none";
  const a = r.all.map((x) => `${showOperand(x.l)} ${OP_TEXT[x.op]} ${showOperand(x.r)}`);
  const o = r.any.map((x) => `${showOperand(x.l)} ${OP_TEXT[x.op]} ${showOperand(x.r)}`);
  const parts = [...a, ...(o.length ? [`(${o.join(" OR ")})`] : [])];
  return (r.opposite ? "opposite signal" : "") + (parts.join(" AND ") || (r.opposite ? "" : "none"));
}
