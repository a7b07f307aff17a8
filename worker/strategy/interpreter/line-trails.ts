import type { Extractor } from "./extract";
import type { Facts, Side } from "./facts";
import { scanMentions } from "./mentions";

// A trailing stop at a line rather than a distance (StrategySpec v2 exits.trail): "trailing stop at the 20-bar
// low", "trail the stop below the 20 ema", "trail your stop to the lowest low of the last 10 bars", "trail at
// the far side of a 15-bar Donchian channel". On each new bar the stop moves to the line when
// that is better (spec-exits.ts). A low or a lower line is a buy's trail, a high a sell's; a moving average is
// read for buys; the other side mirrors it (apply.ts). A distance ("trail by 20 pips") is risk.ts's reading.
// Normalised text.

const TRAIL = String.raw`\b(?:(?:a|the|my|your|use\s+a)\s+)?(?:trailing\s+stop(?:\s*-?\s*loss)?|trail(?:ing)?(?:\s+(?:the|my|your))?(?:\s+stop(?:\s*-?\s*loss)?)?)(?:\s+(?:is|will\s+be|should\s+be|goes))?(?:\s+(?:placed|set|put|moved|kept|trailed))?\s+(?:at|on|to|below|under|beneath|behind|along|with|using|above|over)\s+`;
const LINE = String.raw`((?:the\s+)?[a-z0-9'()\s-]{2,70}?)`;
const END = String.raw`(?=\s*(?:[.;\n(]|$|,\s|\s+(?:and|or|for|when|if|take\s+profit|target|once|after|but|then|with|while|no)\b))`;

/** "the far side of the 15 bar donchian channel", "the lower donchian band (20)": the N-bar low for buys. */
const DONCHIAN =
  /\b(?:the\s+)?(\d+)\s*(?:bar|day|period|candle)?s?\s+donchian(?:\s+channel)?(?:\s+on\s+the\s+opposite\s+side|\s+(?:lower|opposite)\s+(?:band|line|side))?/;

function lineOf(text: string): { side: Side; line: string } | null {
  const t = text.trim().replace(DONCHIAN, "the $1 bar low");
  const scanned = scanMentions(t, { knownKinds: [], maPeriods: new Map() });
  const [op] = scanned.operands;
  if (scanned.operands.length !== 1 || (op.type !== "indicator" && op.type !== "level")) return null;
  if (op.type === "indicator" && op.ind.kind !== "ma" && op.ind.kind !== "bollinger") return null;
  if (scanned.text.replace(/§[A-Z]+|\b(?:the|line|level|value|moving|average|channel)\b/g, "").trim() !== "")
    return null;
  const high =
    (op.type === "indicator" && op.ind.kind === "bollinger" && op.ind.line === "upper") ||
    (op.type === "level" &&
      ((op.spec.type === "extreme" && op.spec.side === "highest") ||
        (op.spec.type === "previousPeriod" && op.spec.field === "HIGH") ||
        (op.spec.type === "swing" && op.spec.side === "high")));
  return { side: high ? "short" : "long", line: t };
}

export const LINE_TRAIL_EXTRACTORS: Extractor<Facts>[] = [
  {
    re: new RegExp(`${TRAIL}${LINE}${END}`, "g"),
    apply: (m, f) => {
      const found = m[1] === undefined ? null : lineOf(m[1]);
      if (!found || f.trailLine) return false;
      const op = scanMentions(found.line, { knownKinds: [], maPeriods: new Map() }).operands[0];
      if (!op) return false;
      f.trailLine = { side: found.side, operand: op };
      return true;
    },
  },
];
