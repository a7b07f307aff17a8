import type { Distance, Facts, MaMethod } from "./facts";

// A smoothed ATR in a stop, target or trail (issue 15; spec-smoothing.ts): "stop 2 x the ATR(20) smoothed by a
// 10 period SMA", "ATR smoothed with a 5 EMA", and an inputs list's "atrSmooth (10)" (inputs.ts writes it "ATR
// smoothing 10"). The ATR distances the risk reader found then read the average of the ATR instead. A smoothing
// with no length ("the ATR is smoothed") changes nothing: the length has no default to assume. Normalised text.

const SMOOTHED =
  /\batr(?:\s*\(\s*\d+\s*\))?\s+(?:is\s+|being\s+|gets\s+)?smooth(?:ed|ing)?\s+(?:(?:by|with|using|over|via)\s+)?(?:an?\s+|the\s+)?(\d+)(?:\s*(?:period|bar)s?)?(?:\s+(sma|ema|smma|lwma|ma)\b)?/;
/** "atr(20) smoothed (10)", "smoothed atr (20, 10)": the length in brackets. */
const BRACKETED =
  /\bsmoothed\s+atr\s*\(\s*\d+\s*,\s*(\d+)\s*\)|\batr(?:\s*\(\s*\d+\s*\))?\s+smoothed\s*\(\s*(\d+)\s*\)/;

export function atrSmoothing(text: string): { period: number; method: MaMethod } | null {
  const m = SMOOTHED.exec(text);
  if (m) {
    const kind = m[2] === undefined || m[2] === "ma" ? "sma" : m[2];
    const method: MaMethod =
      kind === "ema" ? "ema" : kind === "smma" ? "smma" : kind === "lwma" ? "lwma" : "sma";
    return Number(m[1]) >= 2 ? { period: Number(m[1]), method } : null;
  }
  const b = BRACKETED.exec(text);
  const n = b ? Number(b[1] ?? b[2]) : 0;
  return n >= 2 ? { period: n, method: "sma" } : null;
}

/** Every ATR distance of the message read through the smoothing the text states. */
export function applyAtrSmoothing(text: string, facts: Facts): void {
  const smooth = atrSmoothing(text);
  if (!smooth) return;
  const through = (d: Distance | null): Distance | null => (d?.unit === "atr" ? { ...d, smooth } : d);
  facts.stopLoss = through(facts.stopLoss);
  facts.takeProfit = through(facts.takeProfit);
  if (facts.trailing) {
    const distance = through(facts.trailing.distance);
    if (distance) facts.trailing = { ...facts.trailing, distance };
  }
}
