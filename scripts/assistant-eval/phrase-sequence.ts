// Sequences in rule phrases ("A AND B, then C", "A, followed by B", "A, then price returns above X"): every step
// but the last is a window (v2 `within`, worker/strategy/spec-sequence.ts) that held on one of the last bars, and
// the last step holds on the signal bar. The annotation gives no window length unless it says "within N bars";
// any length then matches. A state of a setup ("EMA(14) > EMA(31) AND Stoch dipped below 30, then ...") may be
// read inside the window or on the signal bar: the notation does not say whether a trend condition still has to
// hold when the trigger comes, so both readings are this phrase (sequenceAlternatives); an event (a cross, a
// dip) and the trigger have one place only.

import type { Atom, Operand } from "./phrase";

/** "then", "and then", "followed by" (also the authors' "follow by") between two steps. */
export const STEP = /^(?:\s*[,;]\s*|\s+)(?:and\s+)?(?:then|followed\s+by|follow\s+by)[\s,]+/i;

/** "within 5 bars" said of a step: the window's length in bars. */
const WITHIN_BARS = /(?:^|\s*,?\s+)within (?:the )?(?:next |last )?(\d+) (?:bars|candles)\s*,?\s*/i;

/** A step's text without its "within N bars", and N. */
export function stepBars(raw: string): { text: string; bars?: number } {
  const m = WITHIN_BARS.exec(raw);
  if (!m) return { text: raw };
  return { text: `${raw.slice(0, m.index)} ${raw.slice(m.index + m[0].length)}`.trim(), bars: Number(m[1]) };
}

/** The trigger's own words that v2 has no use for: "the first bullish candle close" is a bullish candle. */
export function triggerText(raw: string): string {
  return raw
    .trim()
    .replace(/^(?:wait for |enter on |enter at |take )?(?:the )?first (?:clear(?:ly)? )?/i, "")
    .replace(/\b(candle|bar) close$/i, "$1");
}

const ONE: Operand = { t: "const", value: 1 };

/** A window atom: `all` held together on one bar of the last `bars` (any length when unstated). */
export function windowAtom(all: Atom[], bars?: number): Atom {
  return { op: "seq", l: ONE, r: ONE, seq: { all, ...(bars !== undefined ? { bars } : {}) } };
}

/** A state (a level comparison), as opposed to an event (a cross, a dip, a touch). */
const isState = (a: Atom) => a.op === "gt" || a.op === "lt";

/**
 * The lists an expected list stands for: as written, and with any of its windows' states held on the signal
 * bar instead (each window keeping at least one condition).
 */
export function sequenceAlternatives(e: Atom[]): Atom[][] {
  let alts: Atom[][] = [e];
  e.forEach((a, i) => {
    if (a.op !== "seq" || !a.seq) return;
    const inner = a.seq.all;
    const states = inner.map((x, j) => (isState(x) ? j : -1)).filter((j) => j >= 0);
    const variants: Array<{ keep: Atom[]; out: Atom[] }> = [];
    for (let mask = 0; mask < 1 << states.length; mask++) {
      const moved = new Set(states.filter((_, b) => (mask >> b) & 1));
      const keep = inner.filter((_, j) => !moved.has(j));
      if (keep.length === 0) continue;
      variants.push({ keep, out: inner.filter((_, j) => moved.has(j)) });
    }
    alts = alts.flatMap((alt) =>
      variants.map(({ keep, out }) => {
        const next = [...alt];
        next[i] = { ...a, seq: { ...a.seq, all: keep } };
        return [...next, ...out];
      }),
    );
  });
  return alts;
}
