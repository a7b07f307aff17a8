// Sections and bullet lists (issue 15): traders often write "Enter long if: • A • B ... Exit Rules • C". Each
// bullet or sentence under a heading becomes a sentence of its own that carries the heading's role ("buy when
// A", "buy when B", "exit when C"), so the clause reader sees the same sentences as in prose and joins the items
// of one heading with AND. Works on normalised (lower-case) text.

import { ANY_MARKER } from "./groups";

type Role = "buy when" | "sell when" | "exit when" | "exit long when" | "exit short when" | null;

const HEADINGS: ReadonlyArray<readonly [RegExp, Role]> = [
  [/\b(?:enter|go|open|take)\s+(?:a\s+)?long\s+(?:trade\s+|position\s+)?(?:if|when)\s*:/g, "buy when"],
  [/\b(?:enter|go|open|take)\s+(?:a\s+)?short\s+(?:trade\s+|position\s+)?(?:if|when)\s*:/g, "sell when"],
  [
    /\b(?:buy|long)\s+(?:entry\s+|trade\s+|position\s+)?(?:\((?:buy|long)\)\s+)?(?:if|when|rules?|conditions?|setup|signals?|entry)\s*(?::|\s-\s|\.\s)/g,
    "buy when",
  ],
  [
    /\b(?:sell|short)\s+(?:entry\s+|trade\s+|position\s+)?(?:\((?:sell|short)\)\s+)?(?:if|when|rules?|conditions?|setup|signals?|entry)\s*(?::|\s-\s|\.\s)/g,
    "sell when",
  ],
  [/\bexit\s+(?:rules?|conditions?|signals?)\s*:?/g, "exit when"],
  [/\b(?:entry\s+rules?|entry\s+conditions?|indicators?\s*:|settings\s*:)/g, null],
];

const LONG_WORD = /\b(?:long|longs|buy|buys|buying|purchases?|purchasing|bullish|bull|up)\b/;
const SHORT_WORD = /\b(?:short|shorts|sell|sells|selling|bearish|bear|down)\b/;
const EXIT_WORD = /\b(?:exit|exits|close|closing|closed|out)\b/;
/** Words that make a short label before ":" a heading of rules rather than a setting ("stop loss: 30"). */
const RULE_WORD =
  /\b(?:entry|entries|enter|open|opening|conditions?|rules?|setup|signals?|trades?|positions?|orders?|when|if|exit|exits|close|closing|buy|sell|buying|selling|purchases?|long|short)\b/;

/** Labels of settings, which end the rules above them ("stop loss:", "time frame:", "indicators:"). */
const SETTINGS_WORD =
  /\b(?:stop|stop loss|take profit|target|trailing|breakeven|risk|money|management|lot|lots|size|sizing|time ?frames?|chart|charts|indicators?|settings|inputs?|parameters?|pairs?|symbols?|currency|instruments?|sessions?|hours)\b/;

/** The role of a label written before a colon ("conditions for opening long positions", "buy entry"). */
export function labelRole(label: string): Role | "other" {
  // "long on the close when:": the bar's close is when the order goes out, no exit.
  const l = label.replace(/\b(?:on|at)\s+(?:the\s+)?(?:bar'?s?\s+|candle'?s?\s+)?close\b/g, "").trim();
  const words = l.split(/\s+/).length;
  if (l.length === 0 || /\d/.test(l) || words > 12) return "other";
  // A long label is a heading only when it names its side or the exit ("conditions that have to be met for
  // the sell order").
  if (words > 7 && !LONG_WORD.test(l) && !SHORT_WORD.test(l) && !EXIT_WORD.test(l)) return "other";
  const settings = SETTINGS_WORD.test(l);
  // An item's own label under a heading ("trigger:", "filter:") keeps the heading's role.
  if (!RULE_WORD.test(l)) return settings ? null : "other";
  const long = LONG_WORD.test(l);
  const short = SHORT_WORD.test(l);
  if (EXIT_WORD.test(l))
    return long && !short ? "exit long when" : short && !long ? "exit short when" : "exit when";
  if (settings) return null;
  if (long && !short) return "buy when";
  if (short && !long) return "sell when";
  return null;
}

// "…. conditions for opening long positions: …", "[...] buy entry: …": a short label from a boundary to a colon.
// The label is the run of words before the colon: a number, a sign or a full stop ends it.
// A unit after a number ("13 pips stop loss:") belongs to the number, not to the label after it.
const LABEL = /(^|[^a-z ()'/]\s*)(?!(?:pips?|points?|lots?|percent)\b)([a-z][a-z ()'/]{0,60}?)\s*:(?!\d)/g;

// A dash item may also sit inside a line when it opens a label ("... rules - Crossover: ... - Filter: ...").
const BULLET =
  /\s*(?:•|·|▪|◦|\u2023|(?:^|\n|[;.])\s*[-*])\s+|\s-\s+(?=[a-z][a-z ()/]{0,25}:)|\s+-\s+(?=\d+\s+[a-z])/g;
const MARK = "\u0001";
/** Words before a number that make it a value, not a list item ("above 2. Stop ..."). */
const VALUE_WORD = /(?:above|below|over|under|than|at|to|of|is|from|by|=|<|>|period|periods)\s*$/;

/**
 * Numbered lists: an item "1." or "1)" followed, in order, by "2.", "3." … ("Buy when: 1. A 2. B 3. C"). A list
 * starts again at 1 under the next heading. Returns the text with a line break before each item.
 */
/**
 * A numbered item by its place: "1)" before a word, or "2." at the start of a line or after a colon or a
 * sentence end ("Buy if: 1. SMA 8 crosses ... 2. Stop loss 15 pips"), even when the list is cut ("3. ... 4.").
 * A number ending a phrase ("period 14. Buy") or a decimal ("1:1.5. Use") is not one.
 */
const NUMBERED =
  /(?:^|\s)(?<!\b(?:above|below|over|under|than|at|to|of|is|and|or|from|by|[<>=])\s)\d{1,2}\)\s+(?=[a-z])|(?:^|\n|(?<=(?<![\d.])[:.;!?\]])\s*)\s*\d{1,2}[.)]\s+(?=[a-z]|\d+ [a-z])|(?:^|\s)step\s+\d{1,2}\s*:\s*/g;

export function splitNumbered(text: string): string {
  const chained = splitChain(text);
  // A list starts at 1: two numbers with a ")" in running text ("(above 70) and") are not one.
  const items = chained.match(NUMBERED) ?? [];
  if (items.length >= 2 && items.some((m) => /\b1[.)]/.test(m))) return chained.replace(NUMBERED, "\n");
  return chained;
}

function splitChain(text: string): string {
  const cuts: number[] = [];
  let from = 0;
  let next = 1;
  const itemAt = (n: number, start: number): number => {
    const re = new RegExp(`(?:^|(?<=[\\s:;(\\]]))${n}\\s*[.)](?!\\d)\\s*(?=[a-z%+(-]|\\d+\\s*[a-z])`, "g");
    re.lastIndex = start;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (!VALUE_WORD.test(text.slice(Math.max(0, m.index - 12), m.index))) return m.index;
    }
    return -1;
  };
  // A list cut short by an omission may start later ("[...] 2. ... 3. ..."): tried once when no "1." starts one.
  let triedTwo = false;
  for (;;) {
    const at = itemAt(next, from);
    if (at < 0 && next === 1 && cuts.length === 0 && !triedTwo) {
      triedTwo = true;
      next = 2;
      from = 0;
      continue;
    }
    if (at < 0) {
      if (next === 1) break;
      next = 1;
      continue;
    }
    if (cuts.length === 0 || next === 1) {
      // A list's first item needs its successor before the same number comes again: a lone "1." is no list.
      const two = itemAt(next + 1, at + 2);
      const again = itemAt(next, at + 2);
      if (two < 0 || (again >= 0 && again < two)) {
        from = at + 2;
        continue;
      }
    }
    cuts.push(at);
    from = at + 2;
    next++;
  }
  if (cuts.length === 0) return text;
  let out = "";
  let last = 0;
  for (const c of cuts) {
    out += `${text.slice(last, c)}\n`;
    last = c;
  }
  out += text.slice(last);
  return out.replace(/\n\d+\s*[.)]\s*/g, "\n");
}

export function sectionize(text: string): string {
  const withLists = splitNumbered(text);
  const labelled = [...withLists.matchAll(LABEL)].some((m) => {
    const r = labelRole(m[2]);
    return r !== null && r !== "other";
  });
  if (
    withLists === text &&
    !labelled &&
    !/•|·|▪|◦|\u2023|(?:^|\n)\s*[-*]\s/.test(text) &&
    !/\b(?:if|when|rules?|strategy|exit|entry)\s*:/.test(text) &&
    // A side heading ("Long entry (buy) rules - ...") also opens sections; it always ends with ":" or " - ".
    !HEADINGS.slice(0, 4).some(([re]) => new RegExp(re.source).test(text))
  )
    return text;
  // Mark headings, then cut into pieces at headings and bullets.
  let marked = withLists;
  HEADINGS.forEach(([re, role], i) => {
    marked = marked.replace(re, () => `\n${MARK}${i}${MARK}${role ?? ""}\n`);
  });
  marked = marked.replace(LABEL, (whole, lead: string, rawLabel: string) => {
    // "price under 14 ema conditions to close sell order:": the average's name after its length ends the item
    // before the label; it is no word of the label.
    const named = /\d\s*$/.test(lead) ? /^((?:sma|ema|smma|lwma|ma)\s+)(.*)$/.exec(rawLabel) : null;
    const label = named ? named[2] : rawLabel;
    if (named) lead = `${lead}${named[1]}`;
    const role = labelRole(label);
    if (role === "other") return whole;
    // A label of settings ("stop loss:", "time frame:") ends the rules above it and stays as written.
    if (role === null) return `${lead}\n${MARK}L${MARK}\n${label}:`;
    // "exit when any of the following happens:": the items are alternatives, which the clause reader is told
    // by a line of their own (groups.ts).
    const anyOf = ANY_MARKER.test(label) ? "(any of the following)\n" : "";
    return `${lead}\n${MARK}L${MARK}${role}\n${anyOf}`;
  });
  marked = marked.replace(BULLET, "\n");
  const out: string[] = [];
  let role: Role = null;
  for (const raw of marked.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const head = new RegExp(`^${MARK}[\\dL]+${MARK}(.*)$`).exec(line);
    if (head) {
      role = (head[1] || null) as Role;
      continue;
    }
    // Under a heading every sentence is an item of it, as a bullet would be.
    const parts = role ? line.split(/(?<!\d)\.\s+(?=[^\s\d])/) : [line];
    for (const part of parts) out.push(withRole(part.trim(), role));
  }
  return out.join("\n");
}

/** "For a sell, the reverse applies", "short trades use the opposite rules": the other side, under any heading. */
const MIRROR_LINE =
  /^(?=.*\b(?:buy|sell|long|short|buying|selling)\b)(?=.*\b(?:opposite|vice versa|reverse|reversed|mirror|mirrored|inverse)\b)(?!.*\b(?:exit|close|closing)\b)[^\d]*$/;

/** A rule that opens with the bar's close as its subject ("close above ...", "close price is below ..."). */
const PRICE_CLOSE =
  /^close\s+(?:price\s+)?(?:is\s+|was\s+)?(?:above|below|over|under|higher|lower|greater|less|crosses|cross|breaks?|[<>=]|of\s+the\s+(?:last|previous|current|signal)\b)/;

function withRole(numbered: string, role: Role): string {
  if (MIRROR_LINE.test(numbered)) return numbered;
  // "Selling : 1. Wait for ...": an item number at the start of a heading's line is no part of its rule.
  const line = role ? numbered.replace(/^\d{1,2}\s*[.)]\s+(?=[a-z])/, "") : numbered;
  // "when X" under a heading is the heading's condition unless it names its own action.
  // "close crosses above the lower band", "close is below the lower band" under a side heading is the bar's close
  // compared, a condition, not the action "close".
  const priceClose =
    PRICE_CLOSE.test(line) ||
    /^close\s+(?:crosses|crossed|is|was|above|below|over|under|[<>]|higher|lower|greater|less|breaks|rises|falls|drops)\b/.test(
      line,
    );
  const already =
    (!priceClose &&
      /^(?:buy|sell|go long|go short|long|short|exit|close|enter|open|stop|take profit|trailing|breakeven|move|place|put|set|use|trail|risk)\b/.test(
        line,
      )) ||
    (/^(?:if|when)\b/.test(line) && /\b(?:buy|sell|long|short|exit|close|enter)\b/.test(line));
  if (role && !already && /^(?:if|when)\b/.test(line))
    return `${role} ${line.replace(/^(?:if|when)\s+/, "")}`;
  if (role && !already) return `${role} ${line}`;
  return role?.startsWith("exit") && /^if\b/.test(line) ? `exit ${line}` : line;
}
