/**
 * Date-time text as found in FX files, to wall-clock milliseconds (fields read as UTC) plus the
 * explicit offset when the text carries one ("+00:00", "Z", " GMT+0200").
 */
export interface ParsedTime {
  /** The written date and time as if it were UTC. */
  wall: number;
  /** Offset written in the text (local - UTC, ms), if any: it wins over the importer's zone. */
  offset?: number;
}

// 2024-01-02[ T]03:04[:05[.678]][Z|+01:00|+0100]  and  2024.01.02 03:04[:05]  and 2024/01/02
const YMD =
  /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2}|(?:GMT|UTC)[+-]\d{2}:?\d{2})?$/i;
// 02.01.2024 03:04:05.000[ GMT+0200]  (Dukascopy: day first)
const DMY =
  /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*((?:GMT|UTC)?[+-]\d{2}:?\d{2}|Z)?$/i;
// 20240102[ 030405 | 03:04[:05]]
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:[ T]?(\d{2}):?(\d{2})(?::?(\d{2}))?)?$/;

function offsetOf(text: string | undefined): number | undefined {
  if (!text) return undefined;
  if (text.toUpperCase() === "Z") return 0;
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!m) return undefined;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000);
}

function build(y: string, mo: string, d: string, h?: string, mi?: string, s?: string, frac?: string): number {
  const Y = Number(y);
  const M = Number(mo);
  const D = Number(d);
  const H = h ? Number(h) : 0;
  const Mi = mi ? Number(mi) : 0;
  const S = s ? Number(s) : 0;
  if (M < 1 || M > 12 || D < 1 || D > 31 || H > 23 || Mi > 59 || S > 60) return Number.NaN;
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  const t = Date.UTC(Y, M - 1, D, H, Mi, S, ms);
  // Reject 2024-02-31 and the like instead of rolling over.
  if (new Date(t).getUTCDate() !== D) return Number.NaN;
  return t;
}

/** Parses a date-time cell; returns undefined when the text is not a date we know. */
export function parseTime(text: string): ParsedTime | undefined {
  const s = text.trim();
  let m = YMD.exec(s);
  if (m) {
    const wall = build(m[1], m[2], m[3], m[4], m[5], m[6], m[7]);
    return Number.isNaN(wall) ? undefined : { wall, offset: offsetOf(m[8]) };
  }
  m = DMY.exec(s);
  if (m) {
    const wall = build(m[3], m[2], m[1], m[4], m[5], m[6], m[7]);
    return Number.isNaN(wall) ? undefined : { wall, offset: offsetOf(m[8]) };
  }
  m = COMPACT.exec(s);
  if (m) {
    const wall = build(m[1], m[2], m[3], m[4], m[5], m[6]);
    return Number.isNaN(wall) ? undefined : { wall };
  }
  // Epoch numbers: seconds, or milliseconds when too large to be seconds.
  if (/^\d{9,13}(\.\d+)?$/.test(s)) {
    const n = Number(s);
    return { wall: n >= 1e11 ? n : n * 1000, offset: 0 };
  }
  return undefined;
}
