import { PERIODS } from "../../market/types";
import { type Extractor as ExtractorOf, type Groups, runExtractors } from "./extract";
import type { Facts, Session } from "./facts";

// Timeframe, sessions, trading hours, weekdays and position limits.
// Like the risk extractor, each phrase found is blanked from the text.

// The product's 21 periods, defined once with the market data.
const PERIOD_SET: ReadonlySet<string> = new Set(PERIODS);

function minutesToPeriod(minutes: number): string | null {
  if (minutes < 60) return PERIOD_SET.has(`M${minutes}`) ? `M${minutes}` : null;
  if (minutes % 60 === 0 && PERIOD_SET.has(`H${minutes / 60}`)) return `H${minutes / 60}`;
  if (minutes === 1440) return "D1";
  return null;
}

const TF_CONTEXT = "(?:\\s+(?:chart|charts|timeframe|time\\s+frame|tf|candles?|bars?|period))";

const DAY_NAMES: ReadonlyArray<readonly [RegExp, number]> = [
  [/^mon(?:day)?s?$/, 1],
  [/^tue(?:s|sday)?s?$/, 2],
  [/^wed(?:s|nesday)?s?$/, 3],
  [/^thu(?:r|rs|rsday)?s?$/, 4],
  [/^fri(?:day)?s?$/, 5],
  [/^sat(?:urday)?s?$/, 6],
  [/^sun(?:day)?s?$/, 7],
];
const DAY =
  "(mon(?:day)?s?|tue(?:s|sday)?s?|wed(?:s|nesday)?s?|thu(?:r|rs|rsday)?s?|fri(?:day)?s?|sat(?:urday)?s?|sun(?:day)?s?)(?![a-z])";

function dayNumber(word: string | undefined): number | null {
  if (word === undefined) return null;
  for (const [re, n] of DAY_NAMES) if (re.test(word)) return n;
  return null;
}

function dayRange(from: number, to: number): number[] {
  const out: number[] = [];
  for (let d = from; ; d = (d % 7) + 1) {
    out.push(d);
    if (d === to || out.length > 7) break;
  }
  return out;
}

const SESSION_WORDS: ReadonlyArray<readonly [RegExp, Session[]]> = [
  [/london\s*(?:\/|and|&|-)\s*(?:new york|ny)\s+overlap|overlap/, ["london", "newyork"]],
  [/london|european|europe|frankfurt/, ["london"]],
  [/new york|\bny\b|us|american|america/, ["newyork"]],
  [/tokyo|asian|asia|sydney|japan/, ["asia"]],
];

/** Reads "8:00", "8am", "16", "4pm", "16:30" into a whole hour (minutes are dropped). */
/**
 * The IANA zone of hours stated in one ("08:00-12:00 London time", "8-16 GMT"): the spec's hours then follow
 * that zone and its daylight saving whatever the broker's server clock (docs/strategy-spec-v2.md, hours in a
 * named zone). Server or broker time, or no zone, keep the hours on the server clock.
 */
function hoursZone(word: string | undefined): string | undefined {
  if (!word) return undefined;
  if (word === "utc" || word === "gmt") return "UTC";
  if (/^(?:london|uk|bst)/.test(word)) return "Europe/London";
  if (/^(?:new\s+york|ny|est|edt)/.test(word)) return "America/New_York";
  return undefined;
}

function hourOf(token: string | undefined, suffix: string | undefined): number | null {
  const m = /^(\d{1,2})(?::(\d{2}))?$/.exec(token ?? "");
  if (!m) return null;
  let h = Number(m[1]);
  if (suffix === "pm" && h < 12) h += 12;
  if (suffix === "am" && h === 12) h = 0;
  return h >= 0 && h <= 24 ? h : null;
}

type Extractor = ExtractorOf<Facts>;

/** The period a timeframe phrase names (the groups of the timeframe extractor's pattern), or null. */
function timeframeOf(m: Groups): string | null {
  let tf: string | null = null;
  if (m[1] && m[2]) {
    const n = Number(m[1]);
    const isHour = m[2].startsWith("h");
    // A bare "5 m" with no chart word is too ambiguous only when it is not a unit we know.
    tf = minutesToPeriod(isHour ? n * 60 : n);
  } else if (m[3]) tf = m[3] === "mn" ? "MN1" : m[3].toUpperCase();
  else {
    const w = m[4] ?? m[5] ?? m[6];
    if (w === "hourly") tf = "H1";
    else if (w === "daily" || w === "day") tf = "D1";
    else if (w === "weekly" || w === "week") tf = "W1";
    else if (w === "monthly" || w === "month") tf = "MN1";
    else if (m[7]) {
      const n = Number(m[7].slice(0, -1));
      tf = minutesToPeriod(m[7].endsWith("h") ? n * 60 : n);
    }
  }
  return tf !== null && PERIOD_SET.has(tf) ? tf : null;
}

const EXTRACTORS: Extractor[] = [
  // Removals of time filters.
  {
    re: /\b(?:remove|drop|delete|no|without|get rid of|turn off|disable)\s+(?:the\s+|any\s+)?(session|time|hour|weekday|day)s?\s+(?:filters?|restrictions?|limits?)\b|\btrade\s+(?:all|any|every)\s+(session|hour|day)s?\b|\b(?:24\/5|24\/7|around the clock)\b/g,
    apply: (m, f) => {
      const what = m[1] ?? m[2];
      if (what === "session") f.edits.push({ type: "removeSessions" });
      else if (what === "hour") f.edits.push({ type: "removeHours" });
      else if (what === "day" || what === "weekday") f.edits.push({ type: "removeWeekdays" });
      else f.edits.push({ type: "removeTimeFilters" });
      return true;
    },
  },
  // Hours: "between 8:00 and 16:00 utc", "from 8am to 4pm", "8-16 gmt".
  {
    re: /\b(?:between|from)?\s*(\d{1,2}(?::\d{2})?)\s*(am|pm)?\s*(?:and|to|till|until|-)\s*(\d{1,2}(?::\d{2})?)\s*(am|pm)?\s*(?:\(?(utc|gmt|server\s+time|broker\s+time|hours?|o'clock|london\s+time|uk\s+time|bst|new\s+york\s+time|ny\s+time|est|edt)\)?)?(?![\w:])/g,
    apply: (m, f) => {
      // Only a time range when it reads like one: a colon, am/pm, a zone, or "between/from".
      if (!/[:]|am|pm|utc|gmt|hour|o'clock|time|bst|est|edt/.test(m[0])) return false;
      const a = hourOf(m[1], m[2]);
      const b = hourOf(m[3], m[4]);
      if (a === null || b === null || a === b) return false;
      const zone = hoursZone(m[5]);
      f.hours = { from: a % 24, to: b === 24 ? 24 : b, ...(zone ? { zone } : {}) };
      return true;
    },
  },
  // One end of the entry hours: "no new trades after 15:00 gmt", "stop opening trades at 4pm", "trade only until
  // 12:00", "only enter after 08:00", "no entries before 7am". The other end is the day's (or a stated one).
  {
    re: /\b(?:(no\s+(?:new\s+)?(?:trades?|entries|positions?|orders?)(?:\s+(?:are|is|will\s+be))?(?:\s+(?:opened|taken|placed|entered))?\s+after|(?:stop|cease|quit)\s+(?:trading|entering|opening\s+(?:new\s+)?(?:trades|positions))\s+(?:at|after|by|from)|(?:don't|do\s+not|dont|never)\s+(?:open|enter|take)\s+(?:new\s+|any\s+)?(?:trades?|positions?)\s+after|(?:trade|trading|entries|enter|open\s+trades)\s+(?:only\s+)?(?:until|till|up\s+to|before))|((?:trade|trading|entries|enter)\s+only\s+(?:after|from)|only\s+(?:trade|enter)\s+(?:after|from)|(?:start|begin)\s+trading\s+(?:at|from)|no\s+(?:new\s+)?(?:trades?|entries)\s+before))\s+(\d{1,2}(?::\d{2})?)\s*(am|pm)?(?:\s+(utc|gmt|london\s+time|uk\s+time|bst|new\s+york\s+time|ny\s+time|est|edt))?(?![\w:])/g,
    apply: (m, f) => {
      // A bare number is a clock only with a colon or am/pm ("no trades after 3 losses" is not).
      if (!/[:]|am|pm/.test(`${m[3]}${m[4] ?? ""}`)) return false;
      const h = hourOf(m[3], m[4]);
      if (h === null) return false;
      const zone = hoursZone(m[5]) ?? f.hours?.zone;
      const ends = m[1] !== undefined;
      const from = ends ? (f.hours?.from ?? 0) : h % 24;
      const to = ends ? (h === 0 ? 24 : h) : (f.hours?.to ?? 24);
      if (from === to % 24 && !(from === 0 && to === 24)) return false;
      f.hours = { from, to, ...(zone ? { zone } : {}) };
      return true;
    },
  },
  // Weekday ranges: "monday to thursday", "mon-thu".
  {
    re: new RegExp(
      `\\b(?:only\\s+)?(?:trade\\s+)?(?:from\\s+)?${DAY}\\s*(?:to|through|thru|till|until|-)\\s*${DAY}\\b`,
      "g",
    ),
    apply: (m, f) => {
      const a = dayNumber(m[1]);
      const b = dayNumber(m[2]);
      if (a === null || b === null) return false;
      f.weekdays = dayRange(a, b);
      return true;
    },
  },
  // Excluded days: "no trading on fridays", "avoid mondays and fridays", "except friday".
  {
    re: new RegExp(
      `\\b(?:no\\s+(?:trading|trades|entries|new\\s+trades)(?:\\s+on)?|(?:don't|do not|dont|never)\\s+(?:trade|enter)(?:\\s+on)?|avoid(?:ing)?|skip(?:ping)?|except(?:\\s+on)?|not\\s+on|excluding|exclude|no)\\s+${DAY}(?:\\s*(?:,|and|or|&)\\s*${DAY})?(?:\\s*(?:,|and|or|&)\\s*${DAY})?`,
      "g",
    ),
    apply: (m, f) => {
      const out = [m[1], m[2], m[3]]
        .map((d) => (d ? dayNumber(d) : null))
        .filter((d): d is number => d !== null);
      if (out.length === 0) return false;
      const base = f.weekdays ?? [1, 2, 3, 4, 5];
      f.weekdays = base.filter((d) => !out.includes(d));
      return true;
    },
  },
  // Only some days: "only on tuesdays and wednesdays", "weekdays only".
  {
    re: new RegExp(
      `\\bonly\\s+(?:trade\\s+)?(?:on\\s+)?${DAY}(?:\\s*(?:,|and|&)\\s*${DAY})?(?:\\s*(?:,|and|&)\\s*${DAY})?|\\b(?:trade\\s+)?on\\s+${DAY}(?:\\s*(?:,|and|&)\\s*${DAY})?(?:\\s*(?:,|and|&)\\s*${DAY})?\\s+only`,
      "g",
    ),
    apply: (m, f) => {
      const days = [m[1], m[2], m[3], m[4], m[5], m[6]]
        .map((d) => (d ? dayNumber(d) : null))
        .filter((d): d is number => d !== null);
      if (days.length === 0) return false;
      f.weekdays = days;
      return true;
    },
  },
  {
    re: /\b(?:weekdays|week\s*days|monday\s+to\s+friday)\s+only\b|\bonly\s+(?:on\s+)?weekdays\b|\bno\s+weekends?\b/g,
    apply: (_m, f) => {
      f.weekdays = [1, 2, 3, 4, 5];
      return true;
    },
  },
  // Sessions: "only trade london" (but "17:00 new york time" names a clock, zones.ts), "during the new york session", "london and ny sessions",
  // "london and ny", "also trade new york too".
  {
    re: /\b(?:(?:only\s+)?(?:trade|trading|entries|enter)\s+(?:only\s+)?(?:during|in|on)?\s*|during\s+|in\s+)?(?:the\s+)?((?:london|new york|ny|tokyo|asian|asia|sydney|european|us|american)(?:\s*(?:\/|\band\b|&|\bor\b|,|-|\+)\s*(?:the\s+)?(?:london|new york|ny|tokyo|asian|asia|sydney|european|us|american))*)(?:\s+(?:sessions|session|open|hours|market|overlap))(?:\s+only)?(?:\s+(?:too|as\s+well))?|\b(?:only\s+)?(?:trade\s+|trading\s+)?(?:only\s+)?(?:during\s+)?(?:the\s+)?((?:london|new york|tokyo|asian)(?:\s*(?:\/|\band\b|&|\bor\b|,|\+)\s*(?:the\s+)?(?:london|new york|ny|tokyo|asian))*)(?!\s+(?:time|local\s+time|clock))(?:\s+only)?(?:\s+(?:too|as\s+well))?\b/g,
    apply: (m, f, before) => {
      const phrase = m[1] ?? m[2] ?? "";
      const out = new Set<Session>();
      if (/overlap/.test(m[0])) {
        // The London/New York overlap is the hours both are open, not either of them.
        f.hours = { from: 12, to: 16 };
        return true;
      }
      for (const part of phrase.split(/\s*(?:\/|\band\b|&|\bor\b|,|-|\+)\s*/)) {
        for (const [re, sessions] of SESSION_WORDS) {
          if (re.test(part)) {
            for (const s of sessions) out.add(s);
            break;
          }
        }
      }
      if (out.size === 0) return false;
      // Several phrases in one message add up ("london, and new york too").
      f.sessions = [...new Set([...(f.sessions ?? []), ...out])];
      if (/\b(?:too|as\s+well)$/.test(m[0]) || /\b(?:also|add|plus|include)\s+(?:trading\s+)?$/.test(before))
        f.sessionsAdded = true;
      return true;
    },
  },
  // Max positions: "max 3 open trades", "only one trade at a time", "up to 2 positions".
  {
    re: /\b(?:max(?:imum)?(?:\s+of)?|at\s+most|up\s+to|no\s+more\s+than|only|limit(?:\s+to)?|allow)\s+(\d+)\s+(?:open\s+|simultaneous\s+|concurrent\s+)?(?:trades?|positions?|orders?)(?:\s+(?:open\s+)?at\s+(?:a|the\s+same)\s+time|\s+open|\s+at\s+once)?|\b(?:max(?:imum)?\s+)?(?:open\s+)?(?:trades?|positions?)\s*(?:=|:|of)?\s*(\d+)\s+(?:max(?:imum)?|at\s+(?:a|the\s+same)\s+time)|\bmax(?:imum)?\s+(?:open\s+)?(?:trades?|positions?)\s*(?:=|:|of|to)?\s*(\d+)/g,
    apply: (m, f) => {
      const n = Number(m[1] ?? m[2] ?? m[3]);
      if (!(Number.isInteger(n) && n >= 1 && n <= 100)) return false;
      f.maxPositions = n;
      return true;
    },
  },
  // Timeframes.
  {
    re: new RegExp(
      `\\b(?:on\\s+|use\\s+|using\\s+|to\\s+)?(?:the\\s+|a\\s+)?(?:(\\d+)\\s*(minute|min|m|hour|hr|h)${TF_CONTEXT}?|(m(?:1|2|3|4|5|6|10|12|15|20|30)|h(?:1|2|3|4|6|8|12)|d1|w1|mn1?)${TF_CONTEXT}?|(hourly|daily|weekly|monthly|day|week|month)${TF_CONTEXT}|(hourly|daily|weekly|monthly)(?!\\s+(?:highs?|lows?|open|close|closing|opening|range|pivots?|extremes?|levels?|trend|atr|vwap))|(?:1\\s+)?(day|week|month)${TF_CONTEXT}|(1h|4h|15m|5m|30m|1m)\\b)\\b`,
      "g",
    ),
    apply: (m, f, before) => {
      const tf = timeframeOf(m);
      if (tf === null) return false;
      // "from H1 to H4" names the old one first; otherwise the first timeframe named is the chart
      // ("on the 5 minute chart ... the 1 hour trend" is a higher-timeframe idea we don't build).
      if (/\bfrom\s+(?:the\s+)?$/.test(before)) return false;
      f.timeframe ??= tf;
      return true;
    },
  },
];

/** Fills the timing fields of `facts` and returns the text with the used phrases blanked. */
export function extractTiming(text: string, facts: Facts): string {
  const before = facts.timeframe;
  const out = runExtractors(text, EXTRACTORS, facts);
  if (before === null && facts.timeframe !== null) facts.timeframe = chartOf(text, facts.timeframe);
  return out;
}

/**
 * The chart a description works on when it names several ("Daily chart for the trend, 4 hour chart for the
 * entries ... enter on the 4 hour chart"): the one named for the entries, else the shortest.
 */
function chartOf(text: string, first: string): string {
  const re = EXTRACTORS[EXTRACTORS.length - 1].re;
  // "Enter on the 4 hour chart", "entries on H1", "trade the signals on M15": the chart entries are taken on.
  const entries =
    /\b(?:enter|entries|entry|trades?|trigger|execute|open)\b(?:(?!\b(?:trend|filter|direction|bias)\b)[^.;\n]){0,60}?(?=\bon\s)/g;
  for (const m of text.matchAll(entries)) {
    const named = new RegExp(re.source, "y");
    named.lastIndex = (m.index ?? 0) + m[0].length;
    const tf = named.exec(text);
    const found = tf ? timeframeOf(tf) : null;
    if (found !== null) return found;
  }
  const counts = new Map<string, number>();
  for (const m of text.matchAll(new RegExp(re.source, "g"))) {
    const tf = timeframeOf(m);
    // "from H1 to H4" leaves H1.
    if (/\bfrom\s+(?:the\s+)?$/.test(text.slice(0, m.index))) continue;
    if (tf !== null) counts.set(tf, (counts.get(tf) ?? 0) + 1);
  }
  // "The default period is 1H", "main timeframe: H4": the chart itself.
  const stated =
    /\b(?:default|main|working|trading|base|chart)\s+(?:period|timeframe|time\s+frame|tf|chart)\s*(?:is|=|:|-)\s*/g;
  for (const m of text.matchAll(stated)) {
    const named = new RegExp(re.source, "y");
    named.lastIndex = (m.index ?? 0) + m[0].length;
    const tf = named.exec(text);
    const found = tf ? timeframeOf(tf) : null;
    if (found !== null) return found;
  }
  // "H4 for the trend, M30 to enter": a timeframe named for the entries.
  for (const m of text.matchAll(
    new RegExp(
      `(?:${re.source})\\s*(?:\\w+\\s+)?(?:to|for)\\s+(?:the\\s+)?(?:enter|entries|entry|triggers?|timing)\\b`,
      "g",
    ),
  )) {
    const tf = timeframeOf(m);
    if (tf !== null) return tf;
  }
  // Several charts ("the daily chart ... the 4 hour chart"): entries are taken on the shortest; the longer
  // ones filter (their values are tagged with their timeframe, timeframe-tags.ts).
  let best = first;
  for (const tf of counts.keys())
    if (PERIODS.indexOf(tf as (typeof PERIODS)[number]) < PERIODS.indexOf(best as (typeof PERIODS)[number]))
      best = tf;
  return best;
}
