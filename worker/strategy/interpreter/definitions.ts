// Conditions defined in words and then used by a name (issue 15): "if the price is higher than 10 bars ago and
// higher than the last candle, we have upward momentum ... when momentum turns positive we go long", "we call it
// an uptrend when the 20 ema is above the 50 ema and price is above the 20 ema; buy when the uptrend starts",
// "a bearish setup means RSI above 70 and the close below the 10 ema". The name then stands for its definition:
// each rule that uses it gets the definition's conditions, and the definition itself is no rule. A name turning
// ("momentum turns positive", "the uptrend starts") is its definition becoming true; the annotations read it as
// the definition's conditions holding on the signal bar (with one position at a time, and the opposite name the
// opposite trade, it opens on the bar the definition first holds). A name that is never used again leaves its
// sentence as it was, and a name that is only an indicator ("momentum crosses above 0" with no definition) stays
// the indicator. Normalised text, before the sections are split (sections.ts).

/** A defined name: the words that say it, its side (from "upward", "bullish", "up", ...) and its conditions. */
interface Definition {
  name: string;
  core: string;
  side: "long" | "short" | null;
  cond: string;
}

const LONG_WORD = /^(?:up|upward|upwards|bullish|positive|long|buy|rising)$/;
const SHORT_WORD = /^(?:down|downward|downwards|bearish|negative|short|sell|falling)$/;
/** Names that are a rule's own words rather than a name for conditions. */
const NOT_A_NAME =
  /^(?:it|this|that|them|they|price|the price|close|a trade|trade|trades|position|a position|profit|loss|entry|exit|signal|stop|target)$/;
/** A definition has at least one comparison in it. */
const COMPARES =
  /\b(?:above|below|over|under|higher|lower|greater|less|cross(?:es|ed)?|rising|falling|bullish|bearish|ago|between)\b|[<>]/;

/** The states a heading may name for a definition ("Uptrend:", "Bearish momentum:", "Bull market conditions:"). */
const STATE_CORE = /^(?:trend|momentum|swing|move|wave|market|bias|regime|phase|setup|structure|pressure)$/;

const NAME = String.raw`(?:an?\s+|the\s+)?((?:[a-z]+\s+){0,2}?[a-z]+)`;
const HAVE = String.raw`(?:we\s+(?:have|get|see|call\s+(?:it|this|that))|there\s+is|(?:it|this|that)\s+is(?:\s+called)?|(?:it|this)\s+(?:means|signals|indicates))`;

/** The definition forms, each giving the name and the conditions (in that group order or reversed). */
const FORMS: ReadonlyArray<{ re: RegExp; nameFirst: boolean }> = [
  // "if A and B, we have upward momentum", "when A, then there is a bullish setup".
  {
    re: new RegExp(String.raw`\b(?:if|when|whenever|once)\s+(.+?)\s*,?\s+(?:then\s+)?${HAVE}\s+${NAME}\s*$`),
    nameFirst: false,
  },
  // "until A - at which point we have downward momentum".
  {
    re: new RegExp(
      String.raw`\b(?:until|till)\s+(.+?)\s*(?:-|,)?\s+(?:at\s+which\s+point|and\s+then|then)\s+${HAVE}\s+${NAME}\s*$`,
    ),
    nameFirst: false,
  },
  // "we call it an uptrend when A", "we define a bullish setup as A".
  {
    re: new RegExp(
      String.raw`\b(?:we|i)\s+(?:call|consider|define)\s+(?:it\s+|the\s+market\s+|the\s+trend\s+)?${NAME}\s+(?:when|if|as)\s+(.+?)\s*$`,
    ),
    nameFirst: true,
  },
  // "Uptrend: A and B", "Bullish momentum definition: A": a heading that names a state (STATE_CORE below).
  {
    re: new RegExp(
      String.raw`^\s*${NAME}(?:\s+(?:definition|defined|conditions?|criteria))?\s*[:=]\s*(.+?)\s*$`,
    ),
    nameFirst: true,
  },
  // "an uptrend is when A", "a bearish setup means A", "upward momentum is defined as A".
  {
    re: new RegExp(
      String.raw`^\s*${NAME}\s+(?:is\s+defined\s+as|is\s+when|means|occurs\s+when|exists\s+when|is\s+present\s+when)\s+(.+?)\s*$`,
    ),
    nameFirst: true,
  },
];

/** "upwards momentum" -> side long, core "momentum"; "an uptrend" -> long, "trend". */
function nameParts(raw: string): { name: string; core: string; side: "long" | "short" | null } | null {
  const name = raw.trim().replace(/^(?:an?|the)\s+/, "");
  if (NOT_A_NAME.test(name) || /\d/.test(name)) return null;
  let side: "long" | "short" | null = null;
  const core: string[] = [];
  for (const w of name.split(/\s+/)) {
    const split = /^(up|down)(trend|swing|move|wave)$/.exec(w);
    if (split) {
      side = split[1] === "up" ? "long" : "short";
      core.push(split[2]);
    } else if (LONG_WORD.test(w)) side = "long";
    else if (SHORT_WORD.test(w)) side = "short";
    else core.push(w);
  }
  if (core.length === 0) return null;
  return { name, core: core.join(" "), side };
}

/** The definition's conditions as one clause: a trailing slope said of the price is the close's. */
function conditionText(raw: string): string {
  let c = raw
    .trim()
    .replace(/\s*,\s*(?:and\s+)?(?:also\s+)?/g, " and ")
    .replace(/\band\s+also\b/g, "and");
  // (A price against itself a letter of bars back arrives as "momentum is above 100": condition-words.ts.)
  if (
    /^(?:the\s+)?(?:price(?:\s+action)?|close|closing\s+price|candle|a\s+candle|momentum\s+is\s+(?:above|below)\s+100)\b/.test(
      c,
    )
  )
    c = c.replace(/\band\s+(rising|falling)\b/g, "and the close is $1");
  return c;
}

const SENTENCE = /((?<!\d)[.!?]+(?!\d)|(?<=\d)[.!?]+(?=\s|$)|;|\n)/;

/** Turning on: "turns positive", "crosses above 0" (normalize.ts's form of "from negative to positive"). */
const TURN_LONG = String.raw`(?:turns?|flips?|becomes?|changes?|goes|is|crosses)\s+(?:to\s+)?(?:positive|up|upward|bullish)|crosses\s+above\s+0`;
const TURN_SHORT = String.raw`(?:turns?|flips?|becomes?|changes?|goes|is|crosses)\s+(?:to\s+)?(?:negative|down|downward|bearish)|crosses\s+below\s+0`;
/** A named state starting or being there: "the uptrend starts", "a bullish setup appears", "we have upward momentum". */
const STARTS = String.raw`(?:starts|begins|appears|forms|occurs|is\s+confirmed|is\s+present|is\s+there|shows\s+up|arrives|is\s+detected)`;

/** Replaces each use of a defined name with its conditions, and drops the definitions that were used. */
export function resolveDefinitions(text: string): string {
  const parts = text.split(SENTENCE);
  const defs: Array<Definition & { at: number; span: [number, number] }> = [];
  for (let i = 0; i < parts.length; i += 2) {
    const s = parts[i];
    for (const { re, nameFirst } of FORMS) {
      const m = re.exec(s);
      if (!m) continue;
      const name = nameParts(nameFirst ? m[1] : m[2]);
      const cond = nameFirst ? m[2] : m[1];
      if (!name || !COMPARES.test(cond)) continue;
      // A heading names a rule's part ("Entry:", "Stop loss:") unless it names a market state.
      if (
        /[:=]\s*$/.test(m[0].slice(0, m[0].length - m[m.length - 1].length).trimEnd()) &&
        !STATE_CORE.test(name.core)
      )
        continue;
      defs.push({ ...name, cond: conditionText(cond), at: i, span: [m.index, m.index + m[0].length] });
      break;
    }
  }
  if (defs.length === 0) return text;
  const used = new Set<number>();
  const esc = (w: string) => w.replace(/\s+/g, "\\s+");
  for (let i = 0; i < parts.length; i += 2) {
    if (defs.some((d) => d.at === i)) continue;
    let s = parts[i];
    for (const [k, d] of defs.entries()) {
      if (d.at > i) continue;
      const before = s;
      // "when we have upward momentum", "once there is an uptrend", "when the uptrend starts".
      s = s.replace(
        new RegExp(
          String.raw`\b(when|if|once|as\s+soon\s+as|on)\s+(?:we\s+(?:have|get|see)\s+|there\s+is\s+)(?:an?\s+|the\s+)?${esc(d.name)}\b`,
          "g",
        ),
        `$1 ${d.cond}`,
      );
      s = s.replace(
        new RegExp(
          String.raw`\b(when|if|once|as\s+soon\s+as)\s+(?:an?\s+|the\s+)?(?:new\s+)?${esc(d.name)}\s+${STARTS}`,
          "g",
        ),
        `$1 ${d.cond}`,
      );
      // "when (the) momentum turns positive": the core name turning to this definition's side.
      if (d.side !== null) {
        const turn = d.side === "long" ? TURN_LONG : TURN_SHORT;
        s = s.replace(new RegExp(String.raw`\b(?:the\s+)?${esc(d.core)}\s+(?:${turn})\b`, "g"), d.cond);
      }
      if (s !== before) used.add(k);
    }
    // "when momentum turns positive we buy and when it turns negative we sell": "it" is the name just replaced.
    for (const [k, d] of defs.entries()) {
      const twin = defs.findIndex((o, j) => o !== d && o.core === d.core && used.has(j));
      if (d.at > i || d.side === null || twin < 0) continue;
      const turn = d.side === "long" ? TURN_LONG : TURN_SHORT;
      const before = s;
      s = s.replace(new RegExp(String.raw`\bit\s+(?:${turn})\b`, "g"), d.cond);
      if (s !== before) used.add(k);
    }
    parts[i] = s;
  }
  // The definitions that were used are no rules of their own.
  for (const [k, d] of defs.entries()) {
    if (!used.has(k)) continue;
    const s = parts[d.at];
    parts[d.at] = (s.slice(0, d.span[0]) + s.slice(d.span[1])).replace(/[\s,]+$/, "");
  }
  return parts.join("");
}
