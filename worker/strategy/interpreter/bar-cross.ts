import type { Condition, Operand } from "./facts";

// A cross told bar by bar (issue 15): "%K is below %D on the last bar and above %D on the bar before", "RSI was
// under 30 one bar earlier and is over 30 now". Normalised text first marks a qualifier of the bar before with
// the word PREV_BAR (a qualifier of the bar just closed is dropped: every rule reads that bar); the condition
// grammar reads a comparison followed by the mark one bar back, and a pair of opposite comparisons of the same
// two lines, one on each bar, is the cross.

export const PREV_BAR = "prevbar";

const PREVIOUS = [
  String.raw`\b(?:for|on|at|in|during)\s+the\s+(?:previous|prior|penultimate|preceding|last\s+but\s+one|second[\s-]+(?:to[\s-]+)?last|one\s+before)(?:\s+(?:time\s+)?(?:interval|bar|candle|candlestick|period|one)s?)?\b(?!\s*'s)`,
  String.raw`\bon\s+the\s+(?:bar|candle)\s+before(?:\s+(?:it|that|this))?\b`,
  String.raw`\b(?:one|1|a)\s+(?:bar|candle)\s+(?:earlier|before|ago|back)\b`,
].join("|");
const CURRENT = String.raw`\b(?:(?:for|on|at|in)\s+the\s+(?:last|latest|current|most\s+recent|signal)\s+(?:time\s+)?(?:interval|bar|candle|period)\b(?!\s+(?:of|before|'s)\b)|now)\b`;

/** A bar index written the platform's way after an operand: "(shift_1)", "(shift 2)", "shift=0", "[shift 1]". */
const SHIFT_TAG = /\s*[([]?\s*shift\s*[_=]?\s*(\d)\s*[)\]]?/g;

/**
 * "K line(shift_2) below D line(shift_2) and K line(shift_1) above D line(shift_1)", "rsi(shift_1) < 30 and
 * rsi(shift_0) > 30": in a sentence with two bar indexes one apart, the parts (between "and"s) on the older bar
 * are the bar before (PREV_BAR) and the newer bar is the one every rule reads. Other indexes stay as written.
 */
function markShiftTags(sentence: string): string {
  const shifts = [...sentence.matchAll(SHIFT_TAG)].map((m) => Number(m[1]));
  const older = Math.max(...shifts);
  if (shifts.length < 2 || older - Math.min(...shifts) !== 1) return sentence;
  return sentence
    .split(/(\s+and\s+)/)
    .map((part) => {
      const own = [...part.matchAll(SHIFT_TAG)].map((m) => Number(m[1]));
      if (own.length === 0 || own.some((n) => n !== own[0])) return part;
      const bare = part.replace(SHIFT_TAG, " ");
      if (own[0] !== older) return bare;
      // The mark goes after the comparison, before an action that ends the part ("... = buy", "... then sell").
      const action = /\s*(?:=|->|,|:|\bthen)\s*(?:(?:we|i|it)\s+)?(?:buy|sell|long|short|open)\b.*$/.exec(
        bare,
      );
      return action
        ? `${bare.slice(0, action.index)} ${PREV_BAR}${bare.slice(action.index)}`
        : `${bare} ${PREV_BAR}`;
    })
    .join("");
}

const SIDE = String.raw`(below|under|above|over)`;
const LEVEL = String.raw`(-?\d+(?:\.\d+)?)`;
/**
 * "goes under 25 and after comes back above 25", "drops below 30 and then rises back above it", "went over 75,
 * then back under that level": out past a level and back over the same level is the cross back over it.
 */
const CROSS_BACK = new RegExp(
  String.raw`\b(?:goes|go|went|drops?|dropped|falls?|fell|moves?|moved|dips?|dipped|gets?|got|is|was|trades?|rises?|rose|climbs?|climbed)\s+${SIDE}\s+(?:the\s+)?${LEVEL}(?:\s+(?:level|line|mark))?\s*,?\s*(?:and\s+)?(?:then\s+|after\s+(?:that\s+)?|afterwards\s+|later\s+)?(?:(?:it|we)\s+)?(?:(?:comes?|came|go(?:es)?|went|moves?|moved|gets?|got|climbs?|climbed|rises?|rose|falls?|fell|drops?|dropped|crosses|crossed|returns?|returned)\s+)?back\s+${SIDE}\s+(?:(?:the\s+)?${LEVEL}|it|that(?:\s+level)?|this\s+level)(?:\s+(?:level|line|mark))?(?!\.?\d)`,
  "g",
);
const UP = new Set(["above", "over"]);

export function crossBack(text: string): string {
  return text.replace(CROSS_BACK, (whole, out: string, level: string, back: string, again?: string) => {
    if (UP.has(out) === UP.has(back) || (again !== undefined && Number(again) !== Number(level)))
      return whole;
    return `crosses ${UP.has(back) ? "above" : "below"} ${level}`;
  });
}

/** Marks "on the previous bar" as PREV_BAR and drops "on the current bar"; only in a sentence that has both. */
export function markBarQualifiers(whole: string): string {
  const text = crossBack(whole);
  const previous = new RegExp(PREVIOUS, "g");
  const current = new RegExp(CURRENT, "g");
  return text.replace(/[^.;\n]+/g, (whole) => {
    const sentence = /shift/.test(whole) ? markShiftTags(whole) : whole;
    if (!new RegExp(PREVIOUS).test(sentence) || !new RegExp(CURRENT).test(sentence)) return sentence;
    return sentence.replace(previous, ` ${PREV_BAR} `).replace(current, " ");
  });
}

/** The operand one bar further back (a number stays itself). */
export function barBack(o: Operand): Operand {
  return o.type === "constant" ? o : { ...o, shift: o.shift + 1 };
}

/**
 * The same line on both bars: equal, except that a parameter the later mention leaves out ("k line" after
 * "stochastic(14,3,3) k line") is the one named before.
 */
function sameLine(a: unknown, b: unknown): boolean {
  if (a === null || b === null) return true;
  if (typeof a !== "object" || typeof b !== "object") return a === b;
  const ra = new Map(Object.entries(a));
  const rb = new Map(Object.entries(b));
  const keys = new Set([...ra.keys(), ...rb.keys()]);
  return [...keys].every((k) => ra.has(k) && rb.has(k) && sameLine(ra.get(k), rb.get(k)));
}

/** "A < B now and A > B a bar before": one condition, A crossing below B (either order, either side). */
export function crossesFromBars(conditions: Condition[]): Condition[] {
  const out = [...conditions];
  for (let i = 0; i < out.length; i++) {
    const now = out[i];
    if (now.op !== "above" && now.op !== "below") continue;
    const j = out.findIndex(
      (b, n) =>
        n !== i &&
        b.op === (now.op === "above" ? "below" : "above") &&
        sameLine(b.left, barBack(now.left)) &&
        sameLine(b.right, barBack(now.right)) &&
        (now.left.type !== "constant" || now.right.type !== "constant"),
    );
    if (j < 0) continue;
    out[i] = { op: now.op === "above" ? "crossesAbove" : "crossesBelow", left: now.left, right: now.right };
    out.splice(j, 1);
    if (j < i) i--;
  }
  return out;
}

const PLATFORM_SHIFT = /(\bshift\s*[_=:]?\s*)(\d{1,3})\b/g;

/**
 * Bar indexes as an EA programmer counts them: shift 0 is the forming bar and shift 1 the last closed one, which
 * is the bar every rule here reads (its shift 0). A text that names shift 0 counts from the bar it trades on
 * ("shift_0 >= 80, shift_1 >= 60"); one whose lowest index is 1 counts the forming bar, so its indexes are one
 * lower here ("RSI(shift_1) > 50" is the signal bar's RSI).
 */
export function fromLastClosed(text: string): string {
  const shifts = [...text.matchAll(PLATFORM_SHIFT)].map((m) => Number(m[2]));
  if (shifts.length === 0 || Math.min(...shifts) === 0) return text;
  return text.replace(PLATFORM_SHIFT, (_w, lead: string, n: string) => `${lead}${Number(n) - 1}`);
}
