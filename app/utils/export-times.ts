/**
 * Times in the result files (issue 16 exports): the tables show MT5's "YYYY.MM.DD HH:MM:SS" on the server's
 * clock; CSV and JSON exports write the same instant as ISO 8601 with the server's offset
 * (2017-03-01T00:00:00+02:00), as the backtest CLI's files do (isoWithOffset). Pure.
 */
import { isoWithOffset, type ServerZone, serverZone } from "../../worker/market";

/** The row keys that hold times (Orders: Open Time, Time; Deals: Time; Trades: Open Time, Close Time). */
export const TIME_KEYS: ReadonlySet<string> = new Set(["Open Time", "Time", "Close Time"]);

const MT_TIME = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The run's server clock; a backtest stored before the setting existed ran in UTC. */
export function exportZone(timeZone: string | undefined): ServerZone {
  return serverZone(timeZone ?? "UTC");
}

/** "2017.03.01 00:00:00" (server time) -> "2017-03-01T00:00:00+02:00"; anything else is left as it is. */
export function isoServerTime(value: string, zone: ServerZone): string {
  const m = MT_TIME.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return isoWithOffset(Date.UTC(y, mo - 1, d, h, mi, s), zone);
}

/** A CSV cell or JSON value under `key`, with times written as ISO 8601 with their offset. */
export function exportValue(key: string, value: unknown, zone: ServerZone): unknown {
  return TIME_KEYS.has(key) && typeof value === "string" ? isoServerTime(value, zone) : value;
}
