import { fixedZoneWord, utcClock } from "./zones";

// Session-range breakouts (issue 15; StrategySpec v2 timeWindow): "the range is the high and low from 8pm to
// 3am EST ... long entry: range high + 10 pips", "range formation phase (22:00 - 00:00 UTC) ... price > range high +
// buffer | open buy". The window that defines the range is not a trading-hours filter: it is taken out of the
// text, and each mention of the range's high or low becomes a token the level grammar reads (levels.ts
// WINDOW). A bare "high 13 pips" under a long-entry label is the breakout above it; a rules table row
// "condition | open buy" is "buy when condition". Times are kept as given, as every time the trader writes
// (zones.ts says what they mean on the server clock), but for the fixed offsets EST and EDT, written in UTC as
// GMT hours are kept. Normalised, lower-case text.

const ZONE = String.raw`(?:gmt|utc|est|edt|et|server\s+time)`;
const TIME = String.raw`(?:${ZONE}\s+)?(\d{1,2})(?::(\d{2}))?(?:\s*(am|pm))?(?:\s+${ZONE})?`;
const SPAN = String.raw`\(?\s*${TIME}\s*(?:-|to|till|until|and)\s*${TIME}\s*\)?`;
/** What names a range being built over hours. */
const DEFINITIONS = [
  new RegExp(
    String.raw`\b(?:taking|take|takes|mark|marks|record|records|measure|measures|track|tracks|use|uses|find|note|notes|get|gets|define|defines|identify|identifies|determine|determines|watch|watches|monitor|monitors)\s+(?:the\s+)?(?:high\s+and\s+(?:the\s+)?low|highest\s+high\s+and\s+(?:the\s+)?lowest\s+low|range)\s+(?:of\s+the\s+(?:hours|period|session)\s+)?(?:from|between)\s+${SPAN}`,
  ),
  new RegExp(
    String.raw`\b(?:range|box)(?:\s+(?:formation|building))?(?:\s+(?:phase|period|session|hours))?\s*:?\s*${SPAN}`,
  ),
  new RegExp(String.raw`\b(?:high\s+and\s+(?:the\s+)?low|range)\s+(?:of|from|between)\s+${SPAN}`),
];

function hhmm(h: string | undefined, m: string | undefined, ampm: string | undefined): string | null {
  let hour = Number(h);
  const minute = m === undefined ? 0 : Number(m);
  if (!Number.isInteger(hour) || minute > 59) return null;
  if (ampm === "pm" && hour < 12) hour += 12;
  if (ampm === "am" && hour === 12) hour = 0;
  if (hour > 24 || (hour === 24 && minute > 0)) return null;
  return `${String(hour % 24).padStart(2, "0")}${String(minute).padStart(2, "0")}`;
}

/** "HHMM" stated in the fixed-offset zone `word` (est, edt) as a UTC "HHMM" (zones.ts utcClock). */
function inUtc(t: string | null, word: string | undefined): string | null {
  return t === null ? null : utcClock(`${t.slice(0, 2)}:${t.slice(2)}`, word).replace(":", "");
}

/**
 * The window's token base ("window_1900_0400"), or null when the text builds no range over hours. Hours in EST
 * or EDT are written in UTC ("19:00-04:00 EST" is 00:00-09:00), `zone` the word that says so.
 */
function windowOf(text: string): { token: string; spans: RegExp; zone: string | undefined } | null {
  for (const re of DEFINITIONS) {
    const m = re.exec(text);
    if (!m) continue;
    const zone = fixedZoneWord(m[0]);
    const from = inUtc(hhmm(m[1], m[2], m[3]), zone);
    const to = inUtc(hhmm(m[4], m[5], m[6]), zone);
    // A range needs hours stated as times: a colon or am/pm on at least one end ("from 7 to 4" is no clock).
    if (!from || !to || from === to || !(m[2] ?? m[3] ?? m[5] ?? m[6])) continue;
    return { token: `window_${from}_${to}`, spans: new RegExp(SPAN, "g"), zone };
  }
  return null;
}

export function rewriteSessionRange(text: string): string {
  const w = windowOf(text);
  if (!w) return text;
  const { token, zone } = w;
  let out = text;
  // The definition and any repetition of its hours: they say when the range forms, not when to trade.
  for (const re of DEFINITIONS) out = out.replace(new RegExp(re.source, "g"), " the range ");
  out = out.replace(w.spans, (span, h1, m1, a1, h2, m2, a2) =>
    `window_${inUtc(hhmm(h1, m1, a1), zone)}_${inUtc(hhmm(h2, m2, a2), zone)}` === token ? " " : span,
  );
  // Rules table rows: "| price > range high + 5 | open buy |".
  out = out.replace(
    /(?:^|\||\b(?:bullish|bearish|long|short|buy|sell)\s*\|)\s*([^|]{3,80}?)\s*\|\s*(?:open|enter|go|place)\s+(?:a\s+)?(buy|sell|long|short)\b\s*\|?/g,
    (_w, cond: string, side: string) =>
      ` ${side === "buy" || side === "long" ? "buy" : "sell"} when ${cond}. `,
  );
  // "stop at the other side of the range": a buy's stop at the range's low (the sells' at its high, mirrored).
  out = out.replace(
    /\b(stop(?:\s*-?\s*loss)?|sl)\s+(?:is\s+)?(?:placed\s+|set\s+|goes\s+)?(?:at|on|beyond)\s+(?:the\s+)?(?:other|opposite)\s+(?:side|end)\s+of\s+the\s+(?:range|box)\b/g,
    "$1 at the range low",
  );
  // The range's sides.
  out = out
    .replace(
      /\b(?:the\s+)?(?:(?:range|box)(?:'s)?\s+(high|low|top|bottom)|(high|low|top|bottom)\s+of\s+(?:the\s+)?(?:range|box))\b/g,
      (_w, a, b) => {
        const s = a ?? b;
        return ` ${token}_${s === "high" || s === "top" ? "high" : "low"}`;
      },
    )
    // Once a range is defined, a break of "the high" or "the low" is of the range's: "buy a break of the high",
    // "sell when price breaks below the low" (never "the high of the day", a level of its own).
    .replace(
      /\b(?:(buy|sell|go\s+long|go\s+short)\s+(?:on\s+)?)?(?:an?\s+|the\s+)?(?:price\s+)?(?:break(?:s|out)?|breach(?:es)?|cross(?:es)?)\s+(?:of\s+|above\s+|below\s+|through\s+)?(?:the\s+)?(high|low)\b(?!\s+(?:of|price)\b)/g,
      (_w, verb: string | undefined, side: string) =>
        ` ${verb ? `${verb} when ` : ""}price crosses ${side === "high" ? "above" : "below"} ${token}_${side === "high" ? "high" : "low"}`,
    )
    // A bare level under an entry label: "entry long: high 13 pips", "short entry: low - 13 pips".
    .replace(
      /\b(?:entry\s+(long|short)|(long|short|buy|sell)\s+entry|(buy|sell))\s*:\s*(?:the\s+)?(high|top|low|bottom)\s*(?:\+|-|plus|minus)?\s*(\d+(?:\.\d+)?)\s*(pips?|points?)\b/g,
      (_w, a, b, c, level: string, n: string, unit: string) => {
        const side = a ?? b ?? c;
        const long = side === "long" || side === "buy";
        const high = level === "high" || level === "top";
        const dir = long ? "above" : "below";
        return ` ${long ? "buy" : "sell"} when price crosses ${dir} ${n} ${unit} ${high ? "above" : "below"} ${token}_${high ? "high" : "low"}. `;
      },
    )
    // "window high + 5" (a buffer without a unit is in pips).
    .replace(
      new RegExp(
        String.raw`\b(${token}_(?:high|low))\s*(\+|-|plus|minus)\s*(\d+(?:\.\d+)?)(?:\s*(pips?|points?))?`,
        "g",
      ),
      (_w, lvl: string, op: string, n: string, unit?: string) =>
        `${n} ${unit ?? "pips"} ${op === "+" || op === "plus" ? "above" : "below"} ${lvl}`,
    );
  return out;
}
