// A breakout that needs a margin, stated once for the day's levels (issue 15): "a break of the prior day's
// high or low counts only 20 pips beyond it ... buy: once price has broken yesterday's high and keeps going
// up". The margin belongs to every later break of those levels ("has broken yesterday's high" is the rise
// through the high + 25 pips); "and is rising" after such a break adds nothing (the close crossed up through a
// level, so it rose). Without a later break, a margin said of one level is that level's breakout
// ("a break of yesterday's high by 10 pips"). Normalised text, before the level rewrites (levels.ts).

const DAY = String.raw`(?:the\s+)?(?:yesterday'?s?|(?:previous|prior|last)\s+day'?s?)\s+`;
const BREAK = String.raw`(?:breaks?|broke|broken|breaking|break\s+of|clears?|exceeds?|penetrates?)`;
const DEFINITION = new RegExp(
  String.raw`\b${BREAK}\s+(?:through\s+|beyond\s+)?${DAY}(high|low)(?:\s+(?:or|and|\/)\s+(?:${DAY})?(high|low))?\s+by\s+(\d+(?:\.\d+)?)\s+(pips?|points?)\b`,
);
const LATER = new RegExp(
  String.raw`\b(?:(?:has|have)\s+)?(?:broken|breaks?|broke|crossed|crosses|penetrated|cleared)\s+(?:through\s+|above\s+|below\s+)?${DAY}(high|low)\b(?:\s+and\s+(?:is\s+|it\s+is\s+)?(?:rising|falling|moving\s+(?:up|down)|going\s+(?:up|down)|climbing|dropping))?`,
  "g",
);

const level = (side: string, n: string, unit: string): string =>
  side === "high"
    ? `crosses above ${n} ${unit} above yesterday's high`
    : `crosses below ${n} ${unit} below yesterday's low`;

export function applyBreakBuffer(text: string): string {
  const m = DEFINITION.exec(text);
  if (!m) return text;
  const sides = new Set([m[1], m[2]].filter((s): s is string => s !== undefined));
  const [n, unit] = [m[3], m[4]];
  const end = m.index + m[0].length;
  let later = 0;
  const rest = text.slice(end).replace(LATER, (whole: string, side: string) => {
    if (!sides.has(side)) return whole;
    later++;
    return level(side, n, unit);
  });
  // The margin now sits on each later break; the definition would read as a break without it.
  if (later > 0) return `${text.slice(0, m.index)} ${rest}`;
  // One level and no later break: the definition is the rule ("price breaks yesterday's high by 10 pips").
  if (sides.size !== 1) return text;
  const before = text.slice(0, m.index).replace(/\b(?:an?\s+|the\s+)$/, "");
  const subject = /\b(?:price|close|it)\s+(?:actually\s+)?$/.test(before) ? "" : "price ";
  return `${before}${subject}${level(m[1], n, unit)}${text.slice(end)}`;
}
