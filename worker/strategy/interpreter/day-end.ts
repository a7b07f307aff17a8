import type { Extractor } from "./extract";
import type { Facts } from "./facts";

// "Closed at the end of the day" as descriptions say it: "every position is closed when the day ends, win or
// lose", "close all trades at the end of the trading day", "positions are exited by day's end", "no
// trades held overnight". It is a close at the chart's last bar of the day (edit-apply.ts turns `dayEnd` into
// that bar's opening time, v2 exits.closeAt). The close word must be an order's: "the close of the day" or
// "closes above" is a price, and a sentence that only enters ("buy at the end of the day") is no exit.

/** The day's end: "at the end of the (trading) day", "by day's end", "at the close of the day", "eod". */
const END = String.raw`(?:at|by|before|on|towards?)\s+(?:the\s+)?(?:very\s+)?(?:end\s+of\s+(?:the\s+|each\s+|every\s+|every\s+trading\s+|each\s+trading\s+)?(?:trading\s+)?(?:day|session)|day'?s\s+end|close\s+of\s+(?:the\s+|each\s+|every\s+)?(?:trading\s+)?day|eod)\b`;
/** An order being closed, not a price closing: "closed", "close all trades", "exit", "flatten". */
const CLOSE = String.raw`\b(?:(?:is|are|gets?|will\s+be|must\s+be|should\s+be|to\s+be)\s+(?:all\s+)?(?:closed|exited|liquidated|flattened|shut)|close[sd]?(?!\s+(?:above|below|over|under|higher|lower|at\s+\d|back|in|out\b))|exit|flatten|liquidate|go\s+flat|be\s+flat|square\s+up)\b`;
/** Between the two: words of one clause, no entry or condition words. */
const GAP = String.raw`(?:(?!\b(?:buy|sell|enter|entry|long|short|when|if|above|below)\b)[^.;!?\n]){0,45}?`;
/** "regardless of the pl", "whatever the result": said of the close, used with it. */
const REGARDLESS = String.raw`(?:\s*,?\s+(?:regardless\s+of|irrespective\s+of|no\s+matter)\s+(?:the\s+)?(?:pl|p&l|p\/l|profit(?:\s+or\s+loss)?|result|outcome)|\s*,?\s+whatever\s+the\s+(?:result|outcome|pl|profit))?`;

export const DAY_END_EXTRACTORS: Extractor<Facts>[] = [
  {
    re: new RegExp(
      String.raw`\b${END}\s*,?${GAP}${CLOSE}${GAP}${REGARDLESS}|${CLOSE}${GAP}\b${END}${REGARDLESS}|\b(?:no|never|(?:do\s+not|don't|dont|not)\s+(?:hold|keep|carry))\s+(?:any\s+|open\s+)?(?:trades?|positions?|orders?)?\s*(?:are\s+)?(?:held\s+|kept\s+|open\s+)?overnight\b|\bno\s+overnight\s+(?:positions?|trades?|holding|holds)\b`,
      "g",
    ),
    apply: (_m, f) => {
      f.edits.push({ type: "closeAt", time: "", weekdays: null, dayEnd: true });
      return true;
    },
  },
];
