// Rule phrases of the annotated corpus ("SMA(8) crosses above SMA(10)", "RSI(14) < 30 AND close > EMA(200)")
// read into atoms, so that a produced spec is compared by structure, not wording. The grammar covers what the
// corpus README's notation and StrategySpec v2 can both say: indicators (also on another timeframe, with a
// shift), prices, N-bar extremes, the previous day's or week's high/low, a time window's range, expressions
// (a - b, a x factor, level +/- pips), chained comparisons, "rising"/"falling", and a pending stop order at a
// level. A phrase outside it is reported as unscorable (and the item fails): the scorer never guesses a match;
// a phrase that names something v2 cannot state ("then", an order-timing filter) is reported as such. AND/OR
// nest freely ("(A AND B) OR C", "X AND ((A AND B) OR C)"): a rule is read as all AND (any OR groups), its
// alternatives flattened to ANDs of atoms (v2's allOf groups in `any`).

import { STEP, stepBars, triggerText, windowAtom } from "./phrase-sequence";
import { measureOf, mirrorPattern, normaliseBarsAgo, patternOf, ZONES } from "./phrase-words";

export type Op = "gt" | "lt" | "xa" | "xb" | "x" | "up" | "down" | "is" | "seq";
/** A signed distance; `hi` makes it a range ("2-5 pips above": value 2, hi 5), `any` an unstated amount. */
export interface Offset {
  value: number;
  unit: "pips" | "points" | "percent";
  hi?: number;
  any?: boolean;
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
      /** An average of this indicator ("EMA(5) of RSI(2)"): the MA's source. */
      of?: Operand;
    }
  | { t: "price"; field: string; tf?: string; shift?: number; anyShift?: boolean }
  | { t: "const"; value: number }
  | { t: "extreme"; side: "highest" | "lowest"; bars: number; shift: number; tf?: string }
  | { t: "prev"; period: "day" | "week"; field: string; back: number }
  | { t: "window"; from: string; to: string; side: "high" | "low" }
  | { t: "candle"; measure: string; shift?: number }
  /** The latest confirmed swing low/high (v2 "swing"); strength = bars each side, 2 (a fractal) when unsaid. */
  | { t: "swing"; side: "low" | "high"; strength?: number; shift?: number }
  | { t: "pattern"; name: string; shift?: number }
  | { t: "expr"; a: Operand; k: number; b?: Operand; off?: Offset };
/** A candle pattern is the atom {op: "is", l: pattern, r: 1}. `bw`: one bound of an unordered "between". */
export interface Atom {
  op: Op;
  l: Operand;
  r: Operand;
  bw?: boolean;
  /** op "seq" (phrase-sequence.ts): conditions that held together on one of the last `bars` bars. */
  seq?: { all: Atom[]; bars?: number };
}
/**
 * all: every atom holds; any: at least one (empty = none); opposite: "the opposite signal closes";
 * maxSpread: an entry filter on the spread (v2 limits.maxSpread); closeAt: a time exit (HH:MM UTC, or
 * "eod" for the end of the day); trail: the long side's trailing level (v2 exits.trail).
 */
export interface RuleShape {
  all: Atom[];
  any: Atom[];
  /** Alternatives of several atoms, ORed with `any`: "(A AND B) OR C" is any [C], groups [[A, B]]. */
  groups?: Atom[][];
  opposite?: boolean;
  maxSpread?: Offset;
  /** ">= 60 min since last order": an entry filter on the wait after the latest entry (v2 limits.minMinutesBetween). */
  minGap?: number;
  closeAt?: string;
  trail?: Operand;
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
  const f: Record<Op, Op> = {
    gt: "lt",
    lt: "gt",
    xa: "xb",
    xb: "xa",
    x: "x",
    up: "down",
    down: "up",
    is: "is",
    seq: "seq",
  };
  return f[op];
}

/** Context of one phrase: the last indicator (for "signal", "the middle band"), the last range, the last left side. */
export interface Ctx {
  last: Operand | null;
  /** The side an entry phrase is read for: a pullback goes against it. */
  side?: "long" | "short";
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
    .replace(/\s+minus\s+(?=\d|\.\d)/i, " - ")
    .replace(/\s+plus\s+(?=\d|\.\d)/i, " + ")
    .trim();
  // "2 pips above the high", "2-5 pips below its low", "a few points above that high": a level moved.
  const moved = new RegExp(
    String.raw`^(${NUM}(?:\s*-\s*${NUM})?|a few|few|some) (pips?|points?) (above|below|over|under) (.+)$`,
    "i",
  ).exec(s);
  if (moved) {
    const a = parseOperand(moved[4], ctx);
    if (!a) return null;
    const sign = /^(above|over)$/i.test(moved[3]) ? 1 : -1;
    return { t: "expr", a, k: 1, off: offsetOf(moved[1], moved[2], sign) };
  }
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

/** "2", "2-5" (a range: any value inside), "a few" (unstated) pips/points, signed by the side. */
export function offsetOf(amount: string, unit: string, sign: number): Offset {
  const u = /^pip/i.test(unit) ? "pips" : /^point/i.test(unit) ? "points" : "percent";
  const range = /^(\d*\.?\d+)\s*-\s*(\d*\.?\d+)$/.exec(amount.trim());
  if (range) {
    const [a, b] = [sign * Number(range[1]), sign * Number(range[2])];
    return { value: Math.min(a, b), hi: Math.max(a, b), unit: u };
  }
  if (!/\d/.test(amount)) return { value: sign, any: true, unit: u };
  return { value: sign * Number(amount), unit: u };
}

const SWING_WHEN = "(?:previous|prior|last|latest|recent|most recent|nearest|closest|preceding)";
const SWING_RES = [
  // "the previous local low", "nearest swing high", "swing low", "the last fractal high".
  new RegExp(`^(?:${SWING_WHEN} )?(?:local|swing|fractal) (low|high|minimum|maximum|bottom|top)$`),
  // "the nearest minimum", "the most recent bottom", "the recent low".
  /^(?:nearest|closest|recent|most recent) (?:local )?(low|high|minimum|maximum|bottom|top)$/,
  // "the last down fractal", "the latest up fractal".
  new RegExp(`^(?:${SWING_WHEN} )?(down|up|lower|upper) fractal$`),
];

/** The latest swing low/high (a fractal): the words traders and the annotations use for it. */
function swingOf(lower: string): Operand | null {
  for (const re of SWING_RES) {
    const m = re.exec(lower);
    if (m) return { t: "swing", side: /^(?:low|minimum|bottom|down|lower)$/.test(m[1]) ? "low" : "high" };
  }
  return null;
}

function parseBasic(raw: string, ctx: Ctx): Operand | null {
  let s = raw.trim().replace(/^the\s+/i, "");
  if (new RegExp(`^${NUM}$`).test(s)) return { t: "const", value: Number(s) };
  let lower = s.toLowerCase();
  // "RSI(14) 2 bars ago", "EMA(20)[1]": any operand read bars back.
  const ago = /^(.*\S)(?:\s+(\d+) bars? ago|\[(\d+)\])$/.exec(s);
  if (ago && !/^(?:close|open|high|low|price|bid)$/i.test(ago[1].replace(/^(?:m\d+|h\d+|d1|w1) /i, ""))) {
    const o = parseBasic(ago[1], ctx);
    const n = Number(ago[2] ?? ago[3]);
    if (o && (o.t === "ind" || o.t === "candle")) return { ...o, shift: (o.shift ?? 0) + n };
    if (o && o.t === "extreme") return { ...o, shift: o.shift + n };
  }
  // "close[x]": a look-back the text leaves unstated.
  const free = /^(close|open|high|low)\[[a-z]\]$/.exec(lower);
  if (free) return { t: "price", field: free[1], anyShift: true };
  // The bar before the signal bar: "the previous high", "prior candle's low", "the high of the previous bar".
  const before =
    /^(?:previous|prior|preceding) (?:(?:candle|bar)(?:'s)? )?(high|low|open|close)$|^(high|low|open|close) of the (?:previous|prior|preceding) (?:candle|bar)$/.exec(
      lower,
    );
  if (before) return { t: "price", field: before[1] ?? before[2], shift: 1 };
  // The signal bar itself: "its high", "that candle's low", "the entry bar's high".
  const own =
    /^(?:its|(?:that|this|the signal|the entry|signal|entry|the breakout|breakout|the current|current) (?:candle|bar|candlestick)'s) (high|low|open|close)$/.exec(
      lower,
    );
  if (own) return { t: "price", field: own[1] };
  const swing = swingOf(lower);
  if (swing) return swing;
  const measure = measureOf(s);
  if (measure)
    return { t: "candle", measure: measure.measure, ...(measure.shift ? { shift: measure.shift } : {}) };
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
  // "then it returns below the band": the subject of the phrase before (a sequence's first subject).
  if (lower === "it" && ctx.left) return ctx.left;
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
  // An average of another indicator: "EMA(5) of RSI(2)", "SMA(10) of ATR(20)", "MA(9) of CCI".
  const avg = /^(sma|ema|smma|lwma|ma)\s*(?:\((\d+)\))?\s+of\s+(?:the\s+)?(.+)$/i.exec(s);
  if (avg) {
    const src = parseBasic(avg[3], ctx);
    const kind = KINDS[avg[1].toLowerCase()];
    // "SMA(20) of close": an average of a price is the usual moving average.
    if (src?.t === "price" && !src.shift && !src.tf && !src.anyShift)
      return {
        t: "ind",
        kind,
        ...(avg[2] ? { period: Number(avg[2]) } : {}),
        ...(src.field === "close" ? {} : { price: src.field }),
      };
    if (src?.t !== "ind" || src.shift) return null;
    const out: Operand = { t: "ind", kind, of: src };
    if (avg[2]) out.period = Number(avg[2]);
    ctx.last = out;
    return out;
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
  [/\s+(?:is\s+)?(?:at\/below|at or below|on or below|below or (?:on|at))\s+(?:the\s+)?/i, "lt"],
  [/\s+(?:is\s+)?(?:at\/above|at or above|on or above|above or (?:on|at))\s+(?:the\s+)?/i, "gt"],
  [/\s+(?:returns|(?:comes|gets|moves|climbs|goes|closes|is) back)\s+(?:up\s+)?above\s+/i, "xa"],
  [/\s+(?:returns|(?:comes|gets|moves|falls|drops|goes|closes|is) back)\s+(?:down\s+)?below\s+/i, "xb"],
  [/\s+(?:dipped|dips|dipping)\s+(?:back\s+)?below\s+/i, "down"],
  [/\s+(?:popped|pops|spiked|spikes)\s+(?:back\s+)?above\s+/i, "up"],
  [/\s+(?:crosses|crossed|crossing)\s+(?:back\s+)?above\s+/i, "xa"],
  [/\s+(?:crosses|crossed|crossing)\s+(?:back\s+)?below\s+/i, "xb"],
  [/\s+(?:rises|rise|goes|moves)\s+above\s+/i, "xa"],
  [/\s+(?:falls|fall|drops|drop)\s+below\s+/i, "xb"],
  [/\s+(?:breaks|broke|breaking|breaks out)\s+above\s+/i, "xa"],
  [/\s+(?:breaks|broke|breaking|breaks out)\s+below\s+/i, "xb"],
  [/\s+(?:breaks|broke|breaking)(?:\s+(?:through|out of))?\s+/i, "x"],
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
const REMARK = /\s*\((?:placed|contrarian|no touch|not overbought|not oversold|K[<>]D)[^)]*\)(?=\s|$)/gi;

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

const ok = (value: Atom[]): Parsed<Atom[]> => ({ ok: true, value });
const ONE: Operand = { t: "const", value: 1 };

/**
 * Conditions said in trader words rather than as a comparison: a candle pattern, "between A and B", a candle
 * entirely above a line, higher highs and lows, an oscillator leaving its oversold or overbought zone.
 * Null when none applies (the comparison grammar then reads the phrase).
 */
function wordForms(s: string, ctx: Ctx): Parsed<Atom[]> | null {
  const pat = patternOf(s);
  if (pat) {
    const sh = pat.shift ? { shift: pat.shift } : {};
    // Bullish/bearish are the bar's close against its open (as spec-price.ts defines them).
    if (pat.name === "bullish" || pat.name === "bearish")
      return ok([
        {
          op: pat.name === "bullish" ? "gt" : "lt",
          l: { t: "price", field: "close", ...sh },
          r: { t: "price", field: "open", ...sh },
        },
      ]);
    return ok([{ op: "is", l: { t: "pattern", name: pat.name, ...sh }, r: ONE }]);
  }
  // "price retraces to between EMA(10) and EMA(21)": inside the band the two draw, whichever is on top.
  const bw =
    /^(.+?) (?:(?:retraces|returns|comes back|pulls back|trades|moves|is|stays|closes)(?: back)? (?:to |in |inside )?)?between (.+?) and (.+)$/i.exec(
      s,
    );
  if (bw) {
    const x = parseOperand(bw[1].replace(/^(?:the )?(?:price|candle)$/i, "close"), ctx);
    const a = parseOperand(bw[2], ctx);
    const b = parseOperand(bw[3], ctx);
    if (!x || !a || !b) return null;
    return ok([
      { op: "gt", l: x, r: a, bw: true },
      { op: "lt", l: x, r: b, bw: true },
    ]);
  }
  // "price pulls back to touch EMA(9)", "price rallies to EMA(9)": the bar's low (high) reaching the line; a
  // pullback goes against the trade (down for a buy), a rally up, a dip down.
  const touch =
    /^(?:the )?(?:price|candle|bar) (?:(pulls back|comes back|retraces|returns)|(dips|falls back|drops back|comes back down|pulls back down)|(rallies|bounces|comes back up|climbs back|pulls back up|rises back)) (?:down |up )?(?:to|into) (?:touch |test |tag |retest )?(?:the )?(.+)$/i.exec(
      s,
    );
  if (touch) {
    const level = parseOperand(touch[4], ctx);
    const down = touch[2] !== undefined || (touch[1] !== undefined && ctx.side === "long");
    const up = touch[3] !== undefined || (touch[1] !== undefined && ctx.side === "short");
    if (!level || (!down && !up)) return null;
    return ok([{ op: down ? "down" : "up", l: { t: "price", field: down ? "low" : "high" }, r: level }]);
  }
  // "candle entirely above EMA(9)": the whole bar, its low above the line (its high below it).
  const whole =
    /^(?:the )?(?:whole |entire )?(?:candle|bar|candlestick)(?: is)? (?:entirely|fully|completely|wholly) (above|below) (.+)$/i.exec(
      s,
    );
  if (whole) {
    const r = parseOperand(whole[2], ctx);
    if (!r) return null;
    const above = whole[1].toLowerCase() === "above";
    return ok([{ op: above ? "gt" : "lt", l: { t: "price", field: above ? "low" : "high" }, r }]);
  }
  // "last H4 candle has higher high and higher low than the one before".
  const hh =
    /^(?:the )?(?:(?:last|latest|current|signal) )?(?:(m\d+|h\d+|d1|w1) )?(?:(?:candle|bar|candlestick) )?(?:(?:has|makes|made|forms|prints|with) )?(?:an? )?(higher|lower) (high|low|close|open)s?(?: and (?:an? )?(higher|lower) (high|low|close|open))?(?: than (?:the (?:one|candle|bar) before(?: it)?|the previous (?:one|candle|bar)|before))?$/i.exec(
      s,
    );
  if (hh) {
    const tf = hh[1] ? { tf: hh[1].toUpperCase() } : {};
    const pairs: [string, string][] = [[hh[2], hh[3]]];
    if (hh[4]) pairs.push([hh[4], hh[5]]);
    return ok(
      pairs.map(([dir, field]) => ({
        op: dir.toLowerCase() === "higher" ? "gt" : "lt",
        l: { t: "price", field: field.toLowerCase(), ...tf },
        r: { t: "price", field: field.toLowerCase(), ...tf, shift: 1 },
      })),
    );
  }
  // "RSI turns up from oversold", "Stoch leaves the overbought zone", "CCI is oversold".
  const zone =
    /^(.+?) (?:(?:turns?|moves?|comes?|climbs?|hooks?|crosses?|rises?|falls?|drops?|goes)(?: back)? (?:up |down )?(?:from|out of)|(?:leaves?|exits?)|(is|in|enters?)(?: the| an?)?) (?:the )?(oversold|overbought)(?: zone| area| territory| level| region)?$/i.exec(
      s,
    );
  if (zone) {
    const o = parseOperand(zone[1], ctx);
    if (!o) return null;
    const kind = o.t === "ind" ? o.kind : "";
    const level = ZONES[kind]?.[zone[3].toLowerCase() as "oversold" | "overbought"];
    if (level === undefined) return { ok: false, why: `no ${zone[3]} level for "${zone[1]}"` };
    if (o.t === "ind") ctx.last = o;
    ctx.left = o;
    const low = zone[3].toLowerCase() === "oversold";
    const r: Operand = { t: "const", value: level };
    // Inside the zone is a level; turning or leaving it is the cross back out.
    if (zone[2]) return ok([{ op: low ? "lt" : "gt", l: o, r }]);
    return ok([{ op: low ? "xa" : "xb", l: o, r }]);
  }
  return null;
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
  s = normaliseBarsAgo(s)
    .replace(/\s+now$/i, "")
    .replace(/^on (m\d+|h\d+|d1|w1),? /i, "$1 ")
    .replace(/^(?:the )?(?:last |current |signal )?(?:candle|bar|candlestick) (?:closes|closed) /i, "close ")
    .replace(/^(?:closes|closed) (?=above|below|>|<|higher|lower)/i, "close ")
    .replace(
      /^close (higher|lower) than /i,
      (_w, d: string) => `close ${d === "higher" ? "above" : "below"} `,
    );
  const more = wordForms(s, ctx);
  if (more) return more;
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
    const joined = joinParts(parts, ctx);
    if (joined) return { ok: true, value: joined };
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
    let rightText = s.slice(m.index + m[0].length);
    // "Stoch <= 40 2 bars ago": a level the left side had N bars back.
    const back = new RegExp(String.raw`^(${NUM}) (\d+) bars? ago$`).exec(rightText.trim());
    let leftShift = 0;
    if (back) {
      rightText = back[1];
      leftShift = Number(back[2]);
    }
    // "M30 EMA(10,close) > EMA(10,open)": a timeframe named first holds for the whole comparison.
    const tfFirst = /^(m\d+|h\d+|d1|w1) /i.exec(leftText.trim())?.[1].toUpperCase();
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
    // "price breaks the upper band": a cross whose direction the level's side tells.
    if (o === "x" && /break/i.test(m[0])) o = breakDirection(rights[0]);
    const withTf = (x: Operand): Operand =>
      tfFirst && (x.t === "ind" || x.t === "price") && !x.tf ? { ...x, tf: tfFirst } : x;
    const shifted = (x: Operand): Operand => (leftShift ? shiftBy(x, leftShift) : x);
    const out: Atom[] = lefts.map((l) =>
      normalizeHistogram({ op: o, l: shifted(withTf(l)), r: withTf(rights[0]) }),
    );
    for (let i = 1; i < rights.length; i++)
      out.push(normalizeHistogram({ op: o, l: withTf(rights[i - 1]), r: withTf(rights[i]) }));
    ctx.left = lefts[lefts.length - 1];
    return { ok: true, value: out };
  }
  return { ok: false, why: `no comparison in "${s}"` };
}

/** An upper or high level is broken upwards, a lower or low one downwards; otherwise either way. */
function breakDirection(level: Operand): Op {
  const o = level.t === "expr" ? level.a : level;
  const up =
    (o.t === "ind" && o.line === "upper") ||
    ((o.t === "price" || o.t === "prev") && o.field === "high") ||
    (o.t === "extreme" && o.side === "highest") ||
    (o.t === "window" && o.side === "high") ||
    (o.t === "swing" && o.side === "high");
  const down =
    (o.t === "ind" && o.line === "lower") ||
    ((o.t === "price" || o.t === "prev") && o.field === "low") ||
    (o.t === "extreme" && o.side === "lowest") ||
    (o.t === "window" && o.side === "low") ||
    (o.t === "swing" && o.side === "low");
  return up ? "xa" : down ? "xb" : "x";
}

/** The operand read N bars further back (a constant stays). */
function shiftBy(o: Operand, n: number): Operand {
  switch (o.t) {
    case "ind":
    case "price":
    case "candle":
    case "pattern":
    case "swing":
      return { ...o, shift: (o.shift ?? 0) + n };
    case "extreme":
      return { ...o, shift: o.shift + n };
    case "expr":
      return { ...o, a: shiftBy(o.a, n), ...(o.b ? { b: shiftBy(o.b, n) } : {}) };
    default:
      return o;
  }
}

/**
 * Conditions joined by a lower-case "and". A part that is only an operand shares the next part's verb
 * ("RSI(8) and Stoch turn up from oversold") or the previous part's subject and verb ("close above EMA(20)
 * and EMA(50)"). Null when a part does not parse.
 */
function joinParts(parts: string[], ctx: Ctx): Atom[] | null {
  const trial: Ctx = { ...ctx };
  const out: Atom[] = [];
  let pendingSubjects: string[] = [];
  let lastAtoms: Atom[] = [];
  for (const p of parts) {
    const a = parseAtoms(p, trial);
    if (a.ok) {
      for (const subj of pendingSubjects) {
        const shared = withSubject(subj, p, trial);
        if (!shared) return null;
        out.push(...shared);
      }
      pendingSubjects = [];
      out.push(...a.value);
      lastAtoms = a.value;
      continue;
    }
    const bare = parseOperand(p, { ...trial });
    if (!bare) return null;
    pendingSubjects.push(p);
    // "close above EMA(20) and EMA(50)": the same comparison against this operand too.
    if (lastAtoms.length === 1 && parts.indexOf(p) === parts.length - 1) {
      out.push({ ...lastAtoms[0], r: bare });
      pendingSubjects = [];
    }
  }
  if (pendingSubjects.length) return null;
  Object.assign(ctx, trial);
  return out;
}

/** "Stoch" with "RSI(8) turn up from oversold": the second part's predicate said of another subject. */
function withSubject(subject: string, part: string, ctx: Ctx): Atom[] | null {
  const words = part.split(" ");
  for (let k = 1; k < words.length; k++) {
    const head = words.slice(0, k).join(" ");
    if (!parseOperand(head, { ...ctx })) continue;
    const r = parseAtoms(`${subject} ${words.slice(k).join(" ")}`, { ...ctx });
    if (r.ok) return r.value;
  }
  return null;
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
const NOT_V2: [RegExp, string, "window ok"?][] = [
  [/\bthen\b|\bfollowed by\b|\bonce it is\b|\bwhile\b/i, "a sequence of events (state across bars)"],
  // "dipped below 30" with no "then": something earlier that the phrase does not place (inside a sequence's
  // window it is the event the window looks for).
  [/\bdipped\b/i, "a sequence of events (state across bars)", "window ok"],
  [/\btrendline|resistance|support|kumo|cloud|uptrend|downtrend/i, "a drawn or undefined level"],
  [
    /\b(?:candle|bar) of (?:last|the previous|previous|the last) (?:day|week|month)\b/i,
    "a value read at the last bar of an earlier period",
  ],
];

/** A whole rule phrase: atoms joined by AND, or by OR, or AND with one OR group; clauses listed with , or ;. */
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
  const trial: Ctx = { ...ctx };
  const direct = parseRuleBody(s, trial);
  if (direct.ok) {
    Object.assign(ctx, trial);
    return direct;
  }
  // "momentum turns positive (close > close[x] AND close > close[1])": a name glossed by its definition.
  const open = glossStart(s);
  if (open > 0 && !direct.why.startsWith("not expressible")) {
    const g = parseRuleBody(s.slice(open + 1, -1), ctx);
    if (g.ok) return g;
  }
  return direct;
}

/** Where the parenthesised group that ends the phrase opens (-1 when it does not end with one). */
function glossStart(s: string): number {
  if (!s.endsWith(")")) return -1;
  let depth = 0;
  for (let i = s.length - 1; i >= 0; i--) {
    if (s[i] === ")") depth++;
    else if (s[i] === "(") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const SPREAD =
  /^(?:the )?spread (?:<=|<|is below|is under|under|below|at most|of at most|max(?:imum)?|not above|not more than)\s*(\d*\.?\d+) ?(pips?|points?)$/i;

/** ">= 60 min since last order", "at least 2 hours since the last trade" (the wait counts from the entry). */
const GAP =
  /^(?:>=|at least|min(?:imum)?)?\s*(\d+)\s*(min|mins|minutes?|h|hours?)\s+since (?:the )?(?:last|previous) (?:order|trade|entry)$/i;

/** Today's range so far (v2 previousPeriod back 0): its high minus its low. */
const TODAY_RANGE: Operand = {
  t: "expr",
  a: { t: "prev", period: "day", field: "high", back: 0 },
  k: -1,
  b: { t: "prev", period: "day", field: "low", back: 0 },
};

/** A price distance as a value: 0 moved by the distance (v2 constant with a unit). */
export function distanceOperand(value: number, unit: "pips" | "points"): Operand {
  return { t: "expr", a: { t: "const", value: 0 }, k: 1, off: { value, unit } };
}

/**
 * "daily range >= 45 pips", "today's range < 80 pips", "today's high minus today's low >= 50 pips": today's
 * high - low so far against a distance.
 */
function dayRangeAtom(c: string): Atom | null {
  const m =
    /^(?:(?:the )?(?:daily|day's|today's|intraday) range|(?:the )?difference between (?:the )?(?:daily|day's|today's) high and (?:the )?(?:(?:daily|day's|today's) )?low)(?: so far)? (>=|>|<=|<|at least|at most|above|below|is at least|is at most) (\d*\.?\d+) ?(pips?|points?)$/i.exec(
      c.trim(),
    );
  if (!m) return null;
  const op: Op = /^(?:<|at most|below|is at most)/i.test(m[1]) ? "lt" : "gt";
  return { op, l: TODAY_RANGE, r: distanceOperand(Number(m[2]), /^pip/i.test(m[3]) ? "pips" : "points") };
}

function parseRuleBody(s: string, ctx: Ctx, inWindow = false): Parsed<RuleShape> {
  const steps = splitTop(s, STEP);
  if (steps.length > 1 && !inWindow) return parseSequence(steps, ctx);
  for (const [re, what, windowOk] of NOT_V2)
    if (re.test(s) && !(inWindow && windowOk)) return { ok: false, why: `not expressible in v2: ${what}` };
  const orParts = splitTop(s, /^\s+OR\s+/);
  // "(A AND B) OR C": each OR member is a rule of its own, and the whole is their alternatives.
  if (orParts.length > 1 && orParts.some((p) => splitTop(unwrap(p), /^\s+AND\s+/).length > 1)) {
    const out: RuleShape = { all: [], any: [] };
    for (const p of orParts) {
      const r = parseRuleBody(unwrap(p), ctx);
      if (!r.ok) return r;
      if (!addAlternatives(out, r.value)) return { ok: false, why: `beyond grammar: "${p}"` };
    }
    return { ok: true, value: out };
  }
  if (/\.\.\.|\bstop\b(?! order)|\blimit\b/i.test(s) && !/^(?:buy|sell) stop\b/i.test(s))
    return { ok: false, why: `beyond grammar: "${s}"` };
  // At most one parenthesised OR group joined to the rest by AND.
  const andParts = splitTop(s, /^\s+AND\s+/);
  const groups = andParts.filter(
    (p) => /^\(.*\)$/.test(p) && splitTop(p.slice(1, -1), /^\s+OR\s+/).length > 1,
  );
  if (groups.length > 1) return { ok: false, why: "not expressible in v2: two OR groups" };
  let anyPart = groups.length ? splitTop(groups[0].slice(1, -1), /^\s+OR\s+/) : null;
  const rest = andParts.filter((p) => p !== groups[0]).join(" AND ");
  const topOr = !anyPart && orParts.length > 1;
  const all: Atom[] = [];
  const any: Atom[] = [];
  const out: RuleShape = { all, any };
  const pieces = topOr ? orParts : splitTop(rest, /^\s+AND\s+/);
  for (const p of pieces.map((x) => x.trim()).filter(Boolean)) {
    for (const c of clauses(p, ctx)) {
      const spread = SPREAD.exec(c);
      if (spread) {
        out.maxSpread = offsetOf(spread[1], spread[2], 1);
        continue;
      }
      const gap = GAP.exec(c);
      if (gap) {
        out.minGap = Number(gap[1]) * (/^h/i.test(gap[2]) ? 60 : 1);
        continue;
      }
      const range = dayRangeAtom(c);
      if (range) {
        (topOr ? any : all).push(range);
        continue;
      }
      // "price breaks A or B": an OR group said in lower case.
      const ors = topOr ? [c] : splitTop(c, /^\s+or\s+/);
      if (ors.length > 1) {
        if (anyPart) return { ok: false, why: "not expressible in v2: two OR groups" };
        anyPart = ors;
        continue;
      }
      const a = parseAtoms(c, ctx);
      if (!a.ok) return a;
      (topOr ? any : all).push(...a.value);
    }
  }
  if (anyPart) {
    let prev: Atom | null = null;
    for (const p of anyPart) {
      // "X AND ((A AND B) OR C)": an alternative of several conditions.
      if (splitTop(unwrap(p), /^\s+AND\s+/).length > 1) {
        const r = parseRuleBody(unwrap(p), ctx);
        if (!r.ok) return r;
        if (!addAlternatives(out, r.value)) return { ok: false, why: `beyond grammar: "${p}"` };
        prev = null;
        continue;
      }
      const a = parseAtoms(p, ctx);
      if (!a.ok) {
        // "... or upper BANDS(50,2)": the same comparison against another level.
        const bare = prev ? parseOperand(p, ctx) : null;
        if (!prev || !bare) return a;
        any.push({ ...prev, r: bare });
        continue;
      }
      // "EMA(14), EMA(50) < EMA(200)" as one alternative: both comparisons together.
      if (a.value.length !== 1) {
        out.groups = [...(out.groups ?? []), a.value];
        prev = null;
        continue;
      }
      any.push(a.value[0]);
      prev = a.value[0];
    }
  }
  return { ok: true, value: out };
}

/** The phrase without brackets around all of it: "(A AND B)" is "A AND B". */
function unwrap(p: string): string {
  const t = p.trim();
  return glossStart(t) === 0 ? unwrap(t.slice(1, -1)) : t;
}

/**
 * The rule's alternatives as ANDs of atoms: all with each alternative of any and of groups, or all alone
 * ("X AND (A OR B)" is X AND A, X AND B). Every AND/OR rule is such an OR of ANDs.
 */
export function alternativesOf(r: RuleShape): Atom[][] {
  const alts = [...r.any.map((a) => [a]), ...(r.groups ?? [])];
  return alts.length === 0 ? [r.all] : alts.map((alt) => [...r.all, ...alt]);
}

/** Adds a rule as alternatives of `out` (false for a rule with more than conditions: a time exit, a trail). */
function addAlternatives(out: RuleShape, r: RuleShape): boolean {
  if (r.opposite || r.maxSpread || r.minGap !== undefined || r.closeAt || r.trail) return false;
  for (const alt of alternativesOf(r)) {
    if (alt.length === 0) continue;
    if (alt.length === 1) out.any.push(alt[0]);
    else out.groups = [...(out.groups ?? []), alt];
  }
  return true;
}

/** How many conditions a rule has, groups included (0: no rule). */
export function ruleSize(r: RuleShape): number {
  return r.all.length + r.any.length + (r.groups ?? []).reduce((n, g) => n + g.length, 0);
}

/**
 * "A AND B, then C" (phrase-sequence.ts): each step before the last a window, the last one the signal bar's. A
 * trigger with no subject ("then returns below the upper band") speaks of the sequence's first subject.
 */
function parseSequence(steps: string[], ctx: Ctx): Parsed<RuleShape> {
  const all: Atom[] = [];
  let subject: Operand | undefined;
  const last = steps.length - 1;
  let carried: number | undefined;
  for (const [i, raw] of steps.entries()) {
    const { text, bars } = stepBars(i === last ? triggerText(raw) : raw);
    // "A, then within 5 bars B": the window of the step before.
    if (bars !== undefined && i > 0 && /^within\b/i.test(raw.trim())) {
      const prev = all[all.length - 1];
      if (prev?.seq) prev.seq.bars = bars;
    } else if (bars !== undefined && i < last) carried = bars;
    if (i === last) {
      if (subject) ctx.left = subject;
      // "then returns below the upper band": no subject of its own.
      const said =
        subject &&
        /^(?:returns|comes|gets|moves|goes|closes|crosses|falls|rises|drops|breaks|climbs)\b/i.test(text);
      const r = parseRuleBody(said ? `it ${text}` : text, ctx);
      if (!r.ok) return r;
      return { ok: true, value: { ...r.value, all: [...all, ...r.value.all] } };
    }
    const r = parseRuleBody(text, ctx, true);
    if (!r.ok) return r;
    if (r.value.any.length > 0 || r.value.opposite || r.value.closeAt || r.value.trail)
      return { ok: false, why: "not expressible in v2: an OR or an exit inside a sequence's step" };
    subject ??= r.value.all[0]?.l;
    all.push(windowAtom(r.value.all, carried));
    carried = undefined;
  }
  return { ok: false, why: "no steps" };
}

/**
 * The clauses of one AND member listed with commas or semicolons; a clause that is only an operand lists a
 * shared left side ("EMA(10), EMA(21) < EMA(50)") and stays with the next one.
 */
function clauses(p: string, ctx: Ctx): string[] {
  const out: string[] = [];
  let carry: string[] = [];
  for (const c of splitTop(p, /^\s*[;,]\s*/)) {
    if (parseOperand(c, { ...ctx })) {
      carry.push(c);
      continue;
    }
    out.push([...carry, c].join(", "));
    carry = [];
  }
  if (carry.length) out.push(carry.join(", "));
  return out;
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
  const out: RuleShape = { all: [], any: [] };
  const rules: RuleShape[] = [];
  for (const p of pieces) {
    const m = exitMechanism(p, ctx);
    if (m === null) {
      const r = parseRule(p, ctx);
      if (!r.ok) return r;
      if (r.value.opposite) out.opposite = true;
      else rules.push(r.value);
      continue;
    }
    if (!m.ok) return m;
    Object.assign(out, m.value);
  }
  // One rule as written; several separate exits ("X; Y") close on whichever comes first.
  if (rules.length === 1) Object.assign(out, { all: rules[0].all, any: rules[0].any });
  else if (rules.length > 1) {
    for (const r of rules)
      if (!addAlternatives(out, r)) return { ok: false, why: "beyond grammar: an exit with extras" };
  }
  return { ok: true, value: { both: out } };
}

/** "HH:MM" in a named zone to the UTC clock the scorer compares. */
export function clockUtc(h: string, m: string, zone: string | undefined): string {
  const hour = (Number(h) + (ZONE_SHIFT[(zone ?? "utc").toLowerCase()] ?? 0)) % 24;
  return `${String(hour).padStart(2, "0")}:${m}`;
}

/**
 * An exit that is not a rule on the bar: a time exit ("close at 21:00 GMT", "close at the end of the day"),
 * a target level ("take profit at the middle band": the price reaching it closes), or a trailing level
 * ("trailing exit at the opposite 20-bar channel", v2 exits.trail). Null when the phrase is none of these.
 */
function exitMechanism(raw: string, ctx: Ctx): Parsed<Partial<RuleShape>> | null {
  const s = raw.trim().replace(/\.$/, "");
  const at =
    /^(?:close|exit)(?: all trades| any position| every position| all positions| the trade| trades)? (?:at|by|before) (\d{1,2}):(\d{2})(?:\s+(gmt|utc|est|edt))?$/i.exec(
      s,
    );
  if (at) return { ok: true, value: { closeAt: clockUtc(at[1], at[2], at[3]) } };
  if (
    /^(?:close|exit)(?: all trades| any position| every position| all positions| the trade| trades)? (?:at|by|before) (?:the )?end of (?:the )?(?:trading )?day$/i.test(
      s,
    )
  )
    return { ok: true, value: { closeAt: "eod" } };
  const channel =
    /^trailing (?:exit|stop) (?:at|on) (?:the )?opposite (?:side of the )?(\d+)[- ](bar|day|period) (?:channel|donchian channel|range)$/i.exec(
      s,
    );
  if (channel) {
    const tf = channel[2].toLowerCase() === "day" ? { tf: "D1" } : {};
    return {
      ok: true,
      value: { trail: { t: "extreme", side: "lowest", bars: Number(channel[1]), shift: 0, ...tf } },
    };
  }
  const trail = /^trail(?:ing)? (?:exit|stop)? ?(?:at|on|along|behind) (?:the )?(.+)$/i.exec(s);
  if (trail) {
    const o = parseOperand(trail[1], ctx);
    if (!o) return { ok: false, why: `operand "${trail[1]}"` };
    return { ok: true, value: { trail: o } };
  }
  const target =
    /^(?:take (?:the )?profit|target|exit|close) (?:at|on reaching|when price reaches) (?:the )?(.+)$/i.exec(
      s,
    );
  if (target) {
    const o = parseOperand(target[1], ctx);
    if (!o) return null;
    return { ok: true, value: { all: [{ op: "up", l: { t: "price", field: "close" }, r: o }] } };
  }
  return null;
}

/** The other side's rule: every comparison turned round ("the opposite for shorts"). */
export function mirrorRule(r: RuleShape): RuleShape {
  const m = (a: Atom): Atom => ({
    ...a,
    op: flip(a.op),
    l: mirrorOperand(a.l),
    r: mirrorOperand(a.r),
    ...(a.seq ? { seq: { ...a.seq, all: a.seq.all.map(m) } } : {}),
  });
  const out: RuleShape = { ...r, all: r.all.map(m), any: r.any.map(m) };
  if (r.groups) out.groups = r.groups.map((g) => g.map(m));
  if (r.trail) out.trail = mirrorOperand(r.trail);
  return out;
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
    case "swing":
      return { ...o, side: o.side === "high" ? "low" : "high" };
    case "expr":
      return {
        ...o,
        a: mirrorOperand(o.a),
        ...(o.b ? { b: mirrorOperand(o.b) } : {}),
        ...(o.off ? { off: mirrorOffset(o.off) } : {}),
      };
    case "pattern":
      return { ...o, name: mirrorPattern(o.name) };
    default:
      return o;
  }
}

/** An offset to the other side: "2-5 pips above" becomes "2-5 pips below", "x 0.97" becomes "x 1.03". */
function mirrorOffset(o: Offset): Offset {
  return o.hi === undefined ? { ...o, value: -o.value } : { ...o, value: -o.hi, hi: -o.value };
}

export function showOperand(o: Operand): string {
  switch (o.t) {
    case "const":
      return String(o.value);
    case "price":
      return `${o.tf ? `${o.tf} ` : ""}${o.field}${o.anyShift ? "[x]" : o.shift ? `[${o.shift}]` : ""}`;
    case "extreme":
      return `${o.side}(${o.bars}${o.tf ? `,${o.tf}` : ""})${o.shift ? `[${o.shift}]` : ""}`;
    case "prev":
      return o.back === 0 ? `today's ${o.field}` : `previous ${o.period} ${o.field}`;
    case "window":
      return `${o.from}-${o.to} UTC range ${o.side}`;
    case "candle":
      return `candle ${o.measure}${o.shift ? `[${o.shift}]` : ""}`;
    case "swing":
      return `swing ${o.side}${(o.strength ?? 2) === 2 ? "" : `(${o.strength})`}${o.shift ? `[${o.shift}]` : ""}`;
    case "pattern":
      return `${o.name}${o.shift ? `[${o.shift}]` : ""}`;
    case "expr": {
      const b = o.b
        ? ` ${o.k < 0 ? "-" : "+"} ${Math.abs(o.k) === 1 ? "" : `${Math.abs(o.k)} x `}${showOperand(o.b)}`
        : "";
      const amount = o.off?.any
        ? "a few"
        : o.off?.hi !== undefined
          ? `${Math.abs(o.off.value)}-${Math.abs(o.off.hi)}`
          : String(Math.abs(o.off?.value ?? 0));
      const off = o.off ? ` ${o.off.value < 0 ? "-" : "+"} ${amount} ${o.off.unit}` : "";
      return `(${showOperand(o.a)}${b}${off})`;
    }
    case "ind": {
      const args = [o.period, o.price, o.dev, o.tf].filter((x) => x !== undefined).join(",");
      const of = o.of ? ` of ${showOperand(o.of)}` : "";
      return `${o.line ? `${o.line} ` : ""}${o.kind}${args ? `(${args})` : ""}${of}${o.shift ? `[${o.shift}]` : ""}`;
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
  is: "is",
  seq: "within",
};
export function showAtom(x: Atom): string {
  if (x.seq) return `within ${x.seq.bars ?? "N"} bars (${x.seq.all.map(showAtom).join(" AND ")})`;
  return `${showOperand(x.l)} ${OP_TEXT[x.op]} ${showOperand(x.r)}`;
}
export function showRule(r: RuleShape | null): string {
  if (!r) return "none";
  const a = r.all.map(showAtom);
  const o = [...r.any.map(showAtom), ...(r.groups ?? []).map((g) => `(${g.map(showAtom).join(" AND ")})`)];
  const extra = [
    ...(r.maxSpread ? [`spread <= ${r.maxSpread.value} ${r.maxSpread.unit}`] : []),
    ...(r.minGap !== undefined ? [`>= ${r.minGap} min since last entry`] : []),
    ...(r.closeAt ? [`close at ${r.closeAt === "eod" ? "end of day" : `${r.closeAt} UTC`}`] : []),
    ...(r.trail ? [`trail at ${showOperand(r.trail)}`] : []),
  ];
  const parts = [...a, ...(o.length ? [`(${o.join(" OR ")})`] : [])];
  const main = (r.opposite ? "opposite signal" : "") + (parts.join(" AND ") || (r.opposite ? "" : "none"));
  return [main, ...extra].join("; ");
}
