import type { StrategySpec } from "../spec";

// Hours a trader gives in a named time zone ("08:00-16:00 GMT", "close at 5pm New York time"). A strategy's
// times are the broker's server time (spec: the EA reads TimeCurrent(), the engine the backtest's server
// clock), and an EA in MetaTrader's tester cannot tell GMT from server time, so the spec keeps the hours as
// given and the reply says honestly what they mean: the stated zone's hours in a backtest run on that clock,
// and the server hours to ask for on the usual GMT+2/+3 "New York close" server (market/server-time.ts), whose
// clock is GMT+2 in winter and GMT+3 while New York is on summer time, and always New York time + 7.

export type StatedZone = "utc" | "newyork" | "london";

const NAMES: Record<StatedZone, string> = { utc: "GMT", newyork: "New York time", london: "London time" };
/** The backtest's server-time setting that reads the hours as given (an IANA zone, or UTC). */
const BACKTEST_ZONE: Record<StatedZone, string> = {
  utc: "UTC",
  newyork: "America/New_York",
  london: "Europe/London",
};

/** The zone named beside a time in normalised text, or null (server or broker time, or none). */
export function statedZone(text: string): StatedZone | null {
  const t =
    /\d(?::\d{2})?\s*(?:am|pm)?\s*\(?(gmt|utc|est|edt|et|bst|new\s+york\s+time|ny\s+time|london\s+time|uk\s+time)\b|\b(gmt|utc|est|edt)\s+\d/.exec(
      text,
    );
  const word = t?.[1] ?? t?.[2];
  if (!word) return null;
  // EST and EDT are fixed offsets (UTC-5, UTC-4): their clocks are written in UTC (utcClock), as GMT ones are kept.
  if (word === "gmt" || word === "utc" || word === "est" || word === "edt") return "utc";
  if (/^(?:bst|london|uk)/.test(word)) return "london";
  return "newyork";
}

/** Hours to add to a clock of a fixed-offset zone abbreviation for UTC: EST is UTC-5 all year, EDT UTC-4. */
const FIXED_SHIFT: Readonly<Record<string, number>> = { est: 5, edt: 4 };

/** The fixed-offset zone word (est, edt) in a normalised phrase, or undefined. */
export function fixedZoneWord(text: string): string | undefined {
  return /\b(est|edt)\b/.exec(text)?.[1];
}

/**
 * A clock "HH:MM" stated in `word` (est, edt; anything else is kept as given) written in UTC, the clock GMT
 * times are kept on: "12:00 EST" is 17:00. A zone with daylight saving ("New York time") cannot be one fixed
 * UTC clock, and a range or closing time has no zone of its own in the spec, so those stay as given (zoneNote).
 */
export function utcClock(time: string, word: string | undefined): string {
  const by = word === undefined ? 0 : (FIXED_SHIFT[word] ?? 0);
  return by === 0 ? time : clockPlus(time, by);
}

function hh(h: number): string {
  return `${String(((h % 24) + 24) % 24).padStart(2, "0")}:00`;
}

function clockPlus(time: string, by: number): string {
  const [h, m] = time.split(":").map(Number);
  return `${String((((h + by) % 24) + 24) % 24).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/**
 * One line about the hours this message set in `zone`, or null when it set none. `hours` and `closeAt` say
 * whether this message gave the entry hours or a closing time.
 */
export function zoneNote(
  zone: StatedZone,
  spec: StrategySpec,
  given: { hours: boolean; closeAt: boolean },
): string | null {
  const h = given.hours ? spec.timeFilter?.hours : undefined;
  const at = given.closeAt ? spec.exits?.closeAt?.time : undefined;
  if (!h && !at) return null;
  const what = [h ? `Trading ${hh(h.from)}-${hh(h.to)}` : null, at ? `${h ? "c" : "C"}losing at ${at}` : null]
    .filter((x): x is string => x !== null)
    .join(", ");
  // Offsets of a GMT+2/+3 server: [winter, summer] hours to add.
  const shift: readonly [number, number] = zone === "newyork" ? [7, 7] : [2, 3];
  const server = (by: number) =>
    [h ? `${hh(h.from + by)}-${hh(h.to + by)}` : null, at ? `closing at ${clockPlus(at, by)}` : null]
      .filter((x): x is string => x !== null)
      .join(", ");
  const onServer =
    shift[0] === shift[1]
      ? `${server(shift[0])} server time all year`
      : `${server(shift[0])} server time in winter and ${server(shift[1])} in summer`;
  const example = h
    ? `'only trade ${hh(h.from + shift[0])}-${hh(h.to + shift[0])}'`
    : `'close at ${clockPlus(at ?? "00:00", shift[0])}'`;
  return `${what} is ${NAMES[zone]}, but MetaTrader reads a strategy's times on the broker's server clock: they hold as given in a backtest with server time ${BACKTEST_ZONE[zone]}; on a GMT+2/+3 server (the usual one) they are ${onServer}, so say ${example} to trade those hours there.`;
}
