// A target annotated as a measured distance ("distance equal to the previous candle's height", "size of last
// week's range", "1.5 x the signal bar's range", "the 20-bar range") read into StrategySpec v2's
// exits.targetDistance terms: what is measured (an operand of the corpus notation) and its multiple. fields.ts
// compares it with the spec's, after `canonicalMeasure` has put equal measures in one form.

import type { Operand } from "./phrase";

export interface Measure {
  of: Operand;
  multiple: number;
}

const BAR = String.raw`(?:(?:previous|prior|preceding|last|signal|entry|setup|trigger|breakout)\s+)?(?:japanese\s+)?(?:candle(?:stick)?|bar)`;
const SIZE = String.raw`(height|size|range|length|body(?:\s+size)?)`;
const PERIOD = String.raw`(?:(?:last|previous|prior)\s+(week|day)|(yesterday))`;

/** The high minus the low of the previous day or week. */
function periodRange(period: "day" | "week"): Operand {
  return {
    t: "expr",
    a: { t: "prev", period, field: "high", back: 1 },
    k: -1,
    b: { t: "prev", period, field: "low", back: 1 },
  };
}

/** The forms of the measure itself (after the multiple), each with the operand it names. */
const FORMS: ReadonlyArray<[RegExp, (m: RegExpExecArray) => Operand | null, boolean]> = [
  [
    new RegExp(String.raw`^${BAR}(?:'s)?\s+${SIZE}$`),
    (m) => ({ t: "candle", measure: m[1].startsWith("body") ? "body" : "range" }),
    true,
  ],
  [
    new RegExp(String.raw`^${SIZE}\s+of\s+(?:the\s+)?${BAR}$`),
    (m) => ({ t: "candle", measure: m[1].startsWith("body") ? "body" : "range" }),
    true,
  ],
  [
    new RegExp(
      String.raw`^(?:(?:size|range|height)\s+of\s+(?:the\s+)?(?:movement\s+|move\s+)?)?${PERIOD}(?:'s)?(?:\s+(?:range|size|movement|move|height))?(?:\s*\(high\s*(?:-|minus)\s*low\))?$`,
    ),
    (m) => periodRange(m[2] ? "day" : m[1] === "day" ? "day" : "week"),
    true,
  ],
  [
    /^(?:(?:height|width|size|range)\s+of\s+(?:the\s+)?)?(\d+)[- ](?:bar|candle|period)\s+(?:range|channel|donchian(?:\s+channel)?)$|^(?:range|height|size)\s+of\s+(?:the\s+)?(?:last|previous)\s+(\d+)\s+(?:bars|candles)$/,
    (m) => {
      const bars = Number(m[1] ?? m[2]);
      return {
        t: "expr",
        a: { t: "extreme", side: "highest", bars, shift: 0 },
        k: -1,
        b: { t: "extreme", side: "lowest", bars, shift: 0 },
      };
    },
    false,
  ],
];

/** The measure an annotated target rule names, or null when it names none this grammar reads. */
export function measureOf(rule: string): Measure | null {
  const text = rule
    .trim()
    .toLowerCase()
    .replace(/[.;]+$/, "");
  const lead = /^(?:at\s+)?(?:a\s+)?(?:distance\s+(?:equal\s+to|of)|equal\s+to|=)\s*/.exec(text);
  let s = text.slice(lead?.[0].length ?? 0);
  let multiple = 1;
  const times = /^(\d*\.?\d+)\s*(?:x|times)\s+(?:of\s+)?/.exec(s);
  const half = /^(?:half|50%)\s+(?:of\s+)?/.exec(s);
  if (times) multiple = Number(times[1]);
  else if (half) multiple = 0.5;
  s = s.slice((times ?? half)?.[0].length ?? 0).replace(/^(?:the|its)\s+/, "");
  // "The 20-bar range" alone is a level (its side, fields.ts stopBase); said as a distance it is its height.
  const said = lead !== null || times !== null || half !== null;
  for (const [re, of, bare] of FORMS) {
    if (!bare && !said && !/^(?:height|width|size|range|length|body)\b/.test(s)) continue;
    const m = re.exec(s);
    const op = m ? of(m) : null;
    if (op) return { of: op, multiple };
  }
  return null;
}

/**
 * One form for equal measures: a candle's range is its high minus its low (the spec may say either), read at
 * the same bar.
 */
export function canonicalMeasure(o: Operand): Operand {
  if (o.t === "candle" && o.measure === "range") {
    const shift = o.shift ? { shift: o.shift } : {};
    return {
      t: "expr",
      a: { t: "price", field: "high", ...shift },
      k: -1,
      b: { t: "price", field: "low", ...shift },
    };
  }
  return o;
}

/**
 * A break-even annotated at a part of the way to the target ("at half the distance to target", "at 50% of
 * TP", "halfway to the take profit"): that fraction, or null.
 */
export function targetFractionOf(rule: string): number | null {
  const m =
    /^(?:(?:at|after|once|when)\s+)?(?:price\s+(?:covers|has\s+covered|reaches)\s+)?(half\s*way|half|\d+(?:\.\d+)?\s*%|\d+\s*\/\s*\d+)\s+(?:of\s+)?(?:the\s+)?(?:(?:way|distance)\s+)?(?:to\s+|of\s+)?(?:the\s+)?(?:target|tp|take\s+profit)$/.exec(
      rule
        .trim()
        .toLowerCase()
        .replace(/[.;]+$/, ""),
    );
  if (!m) return null;
  const w = m[1].replace(/\s+/g, "");
  if (w === "half" || w === "halfway") return 0.5;
  if (w.endsWith("%")) return Number(w.slice(0, -1)) / 100;
  const [a, b] = w.split("/").map(Number);
  return b > 0 ? a / b : null;
}
