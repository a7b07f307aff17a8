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

/** Marks "on the previous bar" as PREV_BAR and drops "on the current bar"; only in a sentence that has both. */
export function markBarQualifiers(text: string): string {
  const previous = new RegExp(PREVIOUS, "g");
  const current = new RegExp(CURRENT, "g");
  return text.replace(/[^.;\n]+/g, (sentence) => {
    if (!new RegExp(PREVIOUS).test(sentence) || !new RegExp(CURRENT).test(sentence)) return sentence;
    return sentence.replace(previous, ` ${PREV_BAR} `).replace(current, " ");
  });
}

/** The operand one bar further back (a number stays itself). */
export function barBack(o: Operand): Operand {
  return o.type === "constant" ? o : { ...o, shift: o.shift + 1 };
}

const key = (o: Operand) => JSON.stringify(o);

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
        key(b.left) === key(barBack(now.left)) &&
        key(b.right) === key(barBack(now.right)) &&
        (now.left.type !== "constant" || now.right.type !== "constant"),
    );
    if (j < 0) continue;
    out[i] = { op: now.op === "above" ? "crossesAbove" : "crossesBelow", left: now.left, right: now.right };
    out.splice(j, 1);
    if (j < i) i--;
  }
  return out;
}
