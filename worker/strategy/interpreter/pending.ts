import type { Expiry, Operand as SpecOperand } from "../spec";
import type { Facts, Side } from "./facts";

// Pending entries of a first description (StrategySpec v2 pendingEntry): "puts a long pending order at the
// candle's maximum price, valid until 00:00 GMT", "a sell stop at the low of the signal bar", "the order
// expires after 3 bars". The signal's conditions stay in the clause ("... go long"), the order's price and
// expiry go to facts.pending. Normalised text.

const SIDE = String.raw`(long|short|buy|sell)`;
const KIND = String.raw`(?:(pending)\s+)?(?:(stop|limit)\s+)?(?:entry\s+)?order`;
const CANDLE = String.raw`(?:the\s+|this\s+|that\s+)?(?:(?:last|signal|previous|prior|that|this|setup|entry|breakout|trigger|same)\s+)?(?:candlestick|candle|bar)(?:'s)?`;
const EXTREME = String.raw`(maximum|max|high|highest|minimum|min|low|lowest)(?:\s+price)?`;
const AT = String.raw`\s+(?:in|at|on|to)\s+(?:the\s+)?`;
const PLACE = String.raw`(?:puts?|places?|opens?|sets?|enters?|sends?|submits?)\s+(?:a\s+|an\s+|your\s+|my\s+|the\s+)?`;
/** "is placed", "shall be set": the passive between an order and its price. */
const PASSIVE = String.raw`(?:(?:is|are|shall\s+be|will\s+be|should\s+be|must\s+be|gets)\s+)?(?:(?:placed|set|put|entered)\s+)?`;

/**
 * A distance from the signal candle's extreme, as the level grammar must leave it to this file: "3 pips above
 * the high of this candle", "2 points below the entry bar's low", "1 pip above its high" (no groups).
 */
export const CANDLE_OFFSET = String.raw`\d+(?:\.\d+)?\s*(?:pips?|points?)\s+(?:above|below|over|under)\s+(?:(?:the\s+)?(?:maximum|max|high|highest|minimum|min|low|lowest)(?:\s+price)?\s+of\s+${CANDLE}|${CANDLE}\s*(?:maximum|max|high|highest|minimum|min|low|lowest)|its\s+(?:high|low))\b`;

const sideOf = (w: string): Side => (w === "long" || w === "buy" ? "long" : "short");

function record(
  f: Facts,
  side: Side,
  orderWord: string | undefined,
  extreme: string,
  offset?: { value: number; unit: "pips" | "points" },
): boolean {
  const high = /^(?:max|high)/.test(extreme);
  const bar: SpecOperand = { type: "price", field: high ? "HIGH" : "LOW", shift: 0 };
  const price: SpecOperand = offset ? { type: "expression", a: bar, k: 1, offset } : bar;
  // Without the word: a buy at the bar's high waits above the market (a stop), at its low below it (a limit).
  const order: "stop" | "limit" =
    orderWord === "stop" || orderWord === "limit" ? orderWord : (side === "long") === high ? "stop" : "limit";
  const prev = f.pending;
  if (prev && prev.order !== order) return false;
  f.pending = { order, expiry: prev?.expiry ?? null, ...(prev ?? {}), [side]: price };
  return true;
}

/** "sets a short pending order at candle minimum price": place, side, pending, order kind, extreme. */
const PLACED = new RegExp(String.raw`\b${PLACE}${SIDE}\s+${KIND}${AT}${CANDLE}\s*${EXTREME}`, "g");
/** "a sell stop (order) at the low of the signal candle", "buy limit at the last bar's low". */
const NAMED = new RegExp(
  String.raw`\b(?:${PLACE})?(buy|sell)\s+(stop|limit)(?:\s+order)?${AT}(?:${EXTREME}\s+of\s+${CANDLE}|${CANDLE}\s*${EXTREME})`,
  "g",
);

/**
 * "place your buy stop order 3 pips above the high of this candle", "a sell stop is set 2 points below the
 * entry bar's low", "buy stop 1 pip above its high": a stop (or limit) at a distance from the signal candle.
 */
const OFFSET = new RegExp(
  String.raw`\b(?:${PLACE})?(buy|sell)\s+(stop|limit)(?:\s+orders?)?\s+${PASSIVE}(?:at\s+)?(\d+(?:\.\d+)?)\s*(pips?|points?)\s+(above|below|over|under)\s+(?:(?:the\s+)?${EXTREME}\s+of\s+${CANDLE}|${CANDLE}\s*${EXTREME}|its\s+(high|low))\b`,
  "g",
);

/** The loose string groups replace() hands over (undefined where a group took no part). */
function groups(args: unknown[], n: number): Array<string | undefined> {
  return args.slice(0, n + 1).map((a) => (typeof a === "string" ? a : undefined));
}

const CLOCK = String.raw`(\d{1,2}):(\d{2})(?:\s*(gmt|utc))?`;
/** "valid until 00:00 gmt" (also the common "util"), "valid for 3 bars", "expires after 5 candles". */
const EXPIRY = new RegExp(
  String.raw`\b(?:(?:is\s+|are\s+)?valid\s+(?:unt?il|till?|up\s+to)\s+${CLOCK}|(?:is\s+|are\s+)?valid\s+for\s+(\d+)\s+(?:bars?|candles?)|(?:expires?|is\s+cancell?ed|is\s+deleted)\s+(?:after|in)\s+(\d+)\s+(?:bars?|candles?)|(?:expires?|is\s+cancell?ed|is\s+deleted)\s+at\s+${CLOCK})`,
  "g",
);

function expiryOf(m: ReadonlyArray<string | undefined>): Expiry | null {
  const bars = Number(m[4] ?? m[5]);
  if (Number.isInteger(bars) && bars >= 1 && bars <= 1000) return { type: "bars", bars };
  const h = Number(m[1] ?? m[6]);
  const min = Number(m[2] ?? m[7]);
  if (!(h >= 0 && h <= 23 && min >= 0 && min <= 59)) return null;
  return { type: "timeOfDay", at: `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}` };
}

/** Fills facts.pending from `text`; the order phrases become "go long"/"go short" for the clause grammar. */
export function extractPending(text: string, facts: Facts): string {
  const side = (
    w: string | undefined,
    kind: string | undefined,
    extreme: string | undefined,
    whole: string,
  ) =>
    w !== undefined && extreme !== undefined && record(facts, sideOf(w), kind, extreme)
      ? ` go ${sideOf(w)} `
      : whole;
  let out = text.replace(PLACED, (...args: unknown[]) => {
    const [whole, w, pending, kind, extreme] = groups(args, 4);
    // "a long order at the candle's high" without "pending", "stop" or "limit" may be a market order.
    return pending === undefined && kind === undefined
      ? String(whole)
      : side(w, kind, extreme, String(whole));
  });
  out = out.replace(OFFSET, (...args: unknown[]) => {
    const [whole, w, kind, n, unit, where, ex1, ex2, ex3] = groups(args, 8);
    const extreme = ex1 ?? ex2 ?? ex3;
    const value = Number(n);
    if (w === undefined || extreme === undefined || !(value > 0)) return String(whole);
    const up = where === "above" || where === "over";
    const offset = {
      value: up ? value : -value,
      unit: unit?.startsWith("point") ? "points" : "pips",
    } as const;
    return record(facts, sideOf(w), kind, extreme, offset) ? ` go ${sideOf(w)} ` : String(whole);
  });
  out = out.replace(NAMED, (...args: unknown[]) => {
    const [whole, w, kind, ex1, ex2] = groups(args, 4);
    return side(w, kind, ex1 ?? ex2, String(whole));
  });
  if (!facts.pending) return out;
  return out.replace(EXPIRY, (...args: unknown[]) => {
    const g = groups(args, 7);
    const e = expiryOf(g);
    if (!e || !facts.pending) return String(g[0]);
    facts.pending = { ...facts.pending, expiry: e };
    return " ";
  });
}
