// Sections and bullet lists (issue 15): traders often write "Enter long if: • A • B ... Exit Rules • C". Each
// bullet under a heading becomes a sentence of its own that carries the heading's role ("buy when A", "buy when
// B", "exit when C"), so the clause reader sees the same sentences as in prose and joins the bullets of one
// heading with AND. Works on normalised (lower-case) text.

type Role = "buy when" | "sell when" | "exit when" | null;

const HEADINGS: ReadonlyArray<readonly [RegExp, Role]> = [
  [/\b(?:enter|go|open|take)\s+(?:a\s+)?long\s+(?:trade\s+|position\s+)?(?:if|when)\s*:/g, "buy when"],
  [/\b(?:enter|go|open|take)\s+(?:a\s+)?short\s+(?:trade\s+|position\s+)?(?:if|when)\s*:/g, "sell when"],
  [
    /\b(?:buy|long)\s+(?:entry\s+|trade\s+|position\s+)?(?:\((?:buy|long)\)\s+)?(?:if|when|rules?|conditions?|setup|signals?)\s*(?::|\s-\s)/g,
    "buy when",
  ],
  [
    /\b(?:sell|short)\s+(?:entry\s+|trade\s+|position\s+)?(?:\((?:sell|short)\)\s+)?(?:if|when|rules?|conditions?|setup|signals?)\s*(?::|\s-\s)/g,
    "sell when",
  ],
  [/\bexit\s+(?:rules?|conditions?|signals?)\s*:?/g, "exit when"],
  [/\b(?:entry\s+rules?|entry\s+conditions?|indicators?\s*:|settings\s*:)/g, null],
];

// A dash item may also sit inside a line when it opens a label ("... rules - Crossover: ... - Filter: ...").
const BULLET = /\s*(?:•|·|▪|◦|\u2023|(?:^|\n)\s*[-*])\s+|\s-\s+(?=[a-z][a-z ()/]{0,25}:)/g;
/**
 * A numbered item: "1)" before a word, or "2." at the start of a line or after a colon or a sentence end
 * ("Buy if: 1. SMA 8 crosses ... 2. Stop loss 15 pips"). A number ending a phrase ("period 14. Buy") is not one.
 */
const NUMBERED =
  /(?:^|\s)(?<!\b(?:above|below|over|under|than|at|to|of|is|and|or|from|by|[<>=])\s)\d{1,2}\)\s+(?=[a-z])|(?:^|\n|(?<=[:.;!?\]])\s*)\s*\d{1,2}[.)]\s+(?=[a-z]|\d+ [a-z])|(?:^|\s)step\s+\d{1,2}\s*:\s*/g;
const MARK = "\u0001";

export function sectionize(text: string): string {
  // A list starts at 1: two numbers with a ")" in running text ("(above 70) and") are not one.
  const items = text.match(NUMBERED) ?? [];
  const numbered = items.length >= 2 && items.some((m) => /\b1[.)]/.test(m));
  if (
    !numbered &&
    !/•|·|▪|◦|\u2023|(?:^|\n)\s*[-*]\s/.test(text) &&
    !/\b(?:if|when|rules?|strategy|exit|entry)\s*:/.test(text) &&
    // A side heading ("Long entry (buy) rules - ...") also opens sections; it always ends with ":" or " - ".
    !HEADINGS.slice(0, 4).some(([re]) => new RegExp(re.source).test(text))
  )
    return text;
  // Mark headings, then cut into pieces at headings and bullets.
  let marked = text;
  HEADINGS.forEach(([re, role], i) => {
    marked = marked.replace(re, () => `\n${MARK}${i}${MARK}${role ?? ""}\n`);
  });
  marked = marked.replace(BULLET, "\n");
  if (numbered) marked = marked.replace(NUMBERED, "\n");
  const out: string[] = [];
  let role: Role = null;
  for (const raw of marked.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const head = new RegExp(`^${MARK}\\d+${MARK}(.*)$`).exec(line);
    if (head) {
      role = (head[1] || null) as Role;
      continue;
    }
    // "when X" under a heading is the heading's condition unless it names its own action.
    const already =
      /^(?:buy|sell|go long|go short|long|short|exit|close|enter|stop|take profit|trailing)\b/.test(line) ||
      (/^(?:if|when)\b/.test(line) && /\b(?:buy|sell|long|short|exit|close|enter)\b/.test(line));
    if (role && !already && /^(?:if|when)\b/.test(line)) {
      out.push(`${role} ${line.replace(/^(?:if|when)\s+/, "")}`);
      continue;
    }
    out.push(
      role && !already
        ? `${role} ${line}`
        : role === "exit when" && /^if\b/.test(line)
          ? `exit ${line}`
          : line,
    );
  }
  return out.join("\n");
}
