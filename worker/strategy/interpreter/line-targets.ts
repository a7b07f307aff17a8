import type { Extractor } from "./extract";
import type { Facts, Side } from "./facts";
import { scanMentions } from "./mentions";

// A take profit at a line rather than a distance: "tp on the middle bollinger band", "target the opposite
// band", "take profit when price reaches the 50 ema", "close the trade at the upper band". v2 has no target
// price, so it becomes an exit rule (apply.ts): a buy closes once a bar closes at or beyond the line, a sell at
// its twin. Which side the words are for: a line above the price (the upper band, a high) is a buy's target,
// one below (the lower band, a low) a sell's; the middle band and a moving average are read for buys and
// mirrored. Normalised text.

const TARGET = String.raw`\b(?:(?:the|my|your|first|main|final)\s+)?(?:take\s+profit|profit\s+target|target|exit|close\s+(?:the\s+)?(?:trades?|positions?))`;
const VERB = String.raw`(?:\s*(?::|=|-)\s*|\s+)(?:(?:is|will\s+be|should\s+be|goes|gets)\s+)?(?:(?:placed|set|put|located)\s+)?`;
const WHERE = String.raw`(?:(?:at|on|near|by)\s+|(?:when|once|as\s+soon\s+as|if)\s+(?:the\s+)?(?:price|it|market)\s+(?:reaches|touches|hits|tags|gets\s+to|comes\s+to|arrives\s+at)\s+)?`;
const LINE = String.raw`((?:the\s+)?[a-z0-9'()\s]{2,50}?)`;
const END = String.raw`(?=\s*(?:[.;\n]|$|,\s|\s+(?:and|or|for|when|if|stop|sl|once|after|but|then|with|while)\b))`;

/** The line a target phrase names and the side it is written for, or null. */
function lineOf(text: string): { side: Side; line: string } | null {
  const t = text.trim().replace(/\bopposite\s+(?:bollinger\s+)?band\b/, "upper bollinger band");
  const scanned = scanMentions(t, { knownKinds: [], maPeriods: new Map() });
  const [op] = scanned.operands;
  if (scanned.operands.length !== 1 || (op.type !== "indicator" && op.type !== "level")) return null;
  if (op.type === "indicator" && op.ind.kind !== "ma" && op.ind.kind !== "bollinger") return null;
  if (scanned.text.replace(/§[A-Z]+|\b(?:the|line|level|value|moving|average)\b/g, "").trim() !== "")
    return null;
  const low =
    (op.type === "indicator" && op.ind.kind === "bollinger" && op.ind.line === "lower") ||
    (op.type === "level" &&
      ((op.spec.type === "extreme" && op.spec.side === "lowest") ||
        (op.spec.type === "previousPeriod" && op.spec.field === "LOW")));
  return { side: low ? "short" : "long", line: t };
}

export const LINE_TARGET_EXTRACTORS: Extractor<Facts>[] = [
  {
    re: new RegExp(`${TARGET}${VERB}${WHERE}${LINE}${END}`, "g"),
    apply: (m, f) => {
      const found = m[1] === undefined ? null : lineOf(m[1]);
      if (!found || f.targetLine) return false;
      const op = scanMentions(found.line, { knownKinds: [], maPeriods: new Map() }).operands[0];
      if (!op) return false;
      // "Exit at the 20 ema" in a trend trade is the price falling back to it, not a target: the rules read it.
      if (!/take\s+profit|target/.test(m[0]) && op.type === "indicator" && op.ind.kind === "ma") return false;
      f.targetLine = { side: found.side, operand: op };
      return true;
    },
  },
];
