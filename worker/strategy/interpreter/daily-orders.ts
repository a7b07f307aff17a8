import type { Condition, Operand, Rule, StrategySpec } from "../spec";

// Pending orders placed once a day at the day's levels (issue 15; StrategySpec v2 pendingEntry): "pending
// orders are placed at the previous day's high and low starting at 00:00 GMT", "each day at the open put a
// buy stop 5 pips above yesterday's high", "unfilled orders are cancelled and new ones placed the next day".
// The level grammar has already read each order as a breakout rule (levels.ts: "buy stop N pips above X" is a
// rise through X + N); with a daily placement those rules become standing stop orders at X + N, sent when the
// market is on the near side of the level and replaced each day. Lower-case message text.

const PLACE = String.raw`\b(?:plac(?:e|es|ed|ing)|put(?:s|ting)?|set(?:s|ting)?|sen(?:d|ds|t)|submit(?:s|ted)?|enter(?:s|ed)?|open(?:s|ed)?)\b`;
const ORDER = String.raw`\b(?:pending\s+orders?|(?:buy|sell)[\s-]?(?:stops?|limits?)|stop\s+orders?|orders?)\b`;
const PENDING = String.raw`\b(?:pending\s+orders?|(?:buy|sell)[\s-]?(?:stops?|limits?)|stop\s+orders?)\b`;
/** When in the day: "at 00:00", "starting at 07:00 gmt", "every day at 6am", "at the open of each day". */
const WHEN = String.raw`\b(?:(?:starting\s+|beginning\s+)?(?:at|from)\s+(\d{1,2}):(\d{2})|(?:every|each)\s+day\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?|at\s+(?:the\s+)?(?:open(?:ing)?|start|beginning)\s+of\s+(?:the|each|every|a\s+new)\s+(?:trading\s+)?day|at\s+midnight|(?:every|each)\s+day\s+at\s+(?:the\s+)?(?:open|start))\b`;
/** An unfilled order replaced by the next day's: "if the orders have not been activated, they are cancelled". */
const REPLACED = String.raw`\b(?:not\s+(?:been\s+)?(?:activated|triggered|filled|executed|hit)|unfilled|untriggered|not\s+filled)\b[^.]*\b(?:cancel+(?:ed|led)?|delete[sd]?|removed?)\b|\b(?:cancel+(?:ed|led)?|delete[sd]?|removed?)\b[^.]*\b(?:placed\s+again|new\s+(?:orders?|ones?)|re-?placed|the\s+next\s+day)\b`;

const OTHER_TIME =
  /\b(?:close[sd]?|closing|exit(?:s|ed)?|shut|flat(?:ten)?|cancel+(?:s|ed|led)?|delete[sd]?|expires?|valid\s+(?:until|till)|until|till|by)\b(?:\s+\S+){0,4}\s*$/;

function clockOf(h: string | undefined, m: string | undefined, ampm: string | undefined): string | null {
  let hour = Number(h);
  const minute = m === undefined ? 0 : Number(m);
  if (!Number.isInteger(hour) || !(minute >= 0 && minute <= 59)) return null;
  if (ampm === "pm" && hour < 12) hour += 12;
  if (ampm === "am" && hour === 12) hour = 0;
  if (hour > 23) return null;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/**
 * The time of day orders are placed at when the text places them daily ("00:00" for the day's open), else
 * null. The text must name stop or pending orders, and one sentence orders, a placing verb and a time of day;
 * a cancel-and-replace sentence alone places them at the day's open.
 */
export function dailyOrderTime(text: string): string | null {
  // Only orders that wait at a price: "the order is placed at 10:00" of a market entry says when it trades.
  if (!new RegExp(PENDING).test(text)) return null;
  let replaced = false;
  for (const sentence of text.split(/(?<!\d)\.(?!\d)|[;\n]/)) {
    if (new RegExp(REPLACED).test(sentence) && new RegExp(ORDER).test(sentence)) replaced = true;
    if (!new RegExp(ORDER).test(sentence) || !new RegExp(PLACE).test(sentence)) continue;
    const m = new RegExp(WHEN).exec(sentence);
    // "... and close every trade at 21:00", "valid until 22:00": the time of something else.
    if (!m || OTHER_TIME.test(sentence.slice(0, m.index))) continue;
    if (m[1] !== undefined) return clockOf(m[1], m[2], undefined);
    if (m[3] !== undefined) return clockOf(m[3], m[4], m[5]);
    return "00:00";
  }
  return replaced ? "00:00" : null;
}

const CLOSE: Operand = { type: "price", field: "CLOSE", shift: 0 };

/** The level of a bare breakout rule of `side` (close crosses above X / below X), or null. */
function breakoutLevel(rule: Rule | undefined, side: "long" | "short"): Operand | null {
  if (!rule || rule.any.length > 0 || rule.all.length !== 1) return null;
  const c: Condition = rule.all[0];
  const type = side === "long" ? "crossesAbove" : "crossesBelow";
  if (c.type !== type || c.left.type !== "price" || c.left.field !== "CLOSE" || c.left.shift !== 0)
    return null;
  return c.right.type === "indicator" || c.right.type === "constant" ? null : c.right;
}

/**
 * Turns the bare breakout rules of `draft` into stop orders placed at `at` each day (pendingEntry): the order
 * at the level, sent while the close is on the near side of it (a buy stop above the market), deleted when
 * the next day's are placed (one bar on D1, else at `at` server time; other charts send them only in the
 * hour that starts at `at`). Returns whether it did.
 */
export function placeDailyOrders(draft: StrategySpec, at: string): boolean {
  if (draft.pendingEntry) return false;
  const long = draft.direction === "short" ? null : breakoutLevel(draft.entry.long, "long");
  const short = draft.direction === "long" ? null : breakoutLevel(draft.entry.short, "short");
  if (!long && !short) return false;
  const daily = draft.timeframe === "D1";
  if (!daily && !at.endsWith(":00")) return false;
  if (long) draft.entry.long = { all: [{ type: "lessThan", left: CLOSE, right: long }], any: [] };
  if (short) draft.entry.short = { all: [{ type: "greaterThan", left: CLOSE, right: short }], any: [] };
  draft.pendingEntry = {
    order: "stop",
    ...(long ? { long } : {}),
    ...(short ? { short } : {}),
    oco: true,
    expiry: daily ? { type: "bars", bars: 1 } : { type: "timeOfDay", at },
  };
  if (!daily) {
    const from = Number(at.slice(0, 2));
    draft.timeFilter = { ...(draft.timeFilter ?? {}), hours: { from, to: (from + 1) % 24 } };
  }
  return true;
}
