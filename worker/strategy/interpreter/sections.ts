// Sections and bullet lists (issue 15): traders often write "Enter long if: • A • B ... Exit Rules • C". Each
// bullet under a heading becomes a sentence of its own that carries the heading's role ("buy when A", "buy when
// B", "exit when C"), so the clause reader sees the same sentences as in prose and joins the bullets of one
// heading with AND. Works on normalised (lower-case) text.

type Role = "buy when" | "sell when" | "exit when" | null;

const HEADINGS: ReadonlyArray<readonly [RegExp, Role]> = [
  [/\b(?:enter|go|open|take)\s+(?:a\s+)?long\s+(?:trade\s+|position\s+)?(?:if|when)\s*:/g, "buy when"],
  [/\b(?:enter|go|open|take)\s+(?:a\s+)?short\s+(?:trade\s+|position\s+)?(?:if|when)\s*:/g, "sell when"],
  [/\b(?:buy|long)\s+(?:entry\s+)?(?:if|when|rules?|conditions?|setup|signals?)\s*:/g, "buy when"],
  [/\b(?:sell|short)\s+(?:entry\s+)?(?:if|when|rules?|conditions?|setup|signals?)\s*:/g, "sell when"],
  [/\bexit\s+(?:rules?|conditions?|signals?)\s*:?/g, "exit when"],
  [/\b(?:entry\s+rules?|entry\s+conditions?|indicators?\s*:|settings\s*:)/g, null],
];

const BULLET = /\s*(?:•|·|▪|◦|\u2023|(?:^|\n)\s*[-*])\s+/g;
const MARK = "\u0001";

export function sectionize(text: string): string {
  if (!/•|·|▪|◦|\u2023|(?:^|\n)\s*[-*]\s/.test(text) && !/\b(?:if|when|rules?)\s*:/.test(text)) return text;
  // Mark headings, then cut into pieces at headings and bullets.
  let marked = text;
  HEADINGS.forEach(([re, role], i) => {
    marked = marked.replace(re, () => `\n${MARK}${i}${MARK}${role ?? ""}\n`);
  });
  marked = marked.replace(BULLET, "\n");
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
    const already =
      /^(?:buy|sell|go long|go short|long|short|exit|close|enter|stop|take profit|trailing|if|when)\b/.test(
        line,
      );
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
