/**
 * The hour of a named time zone at a server-time instant, for `timeFilter.hours.zone` (issue 14): the
 * engine's times are the broker's server clock (market/server-time.ts), so the instant goes back to UTC
 * with the server's zone, then forward to the named zone with its written daylight-saving rule
 * (market/zone-rules.ts), the same arithmetic the generated EA does from TimeCurrent().
 */
import type { ServerZone } from "../market/server-time";
import { type ZoneRule, zoneOffset } from "../market/zone-rules";
import { HOUR_MS, msOfDay } from "./clock";

/** The local hour (0-23) in `zone` of a server-time instant (ms). */
export function zonedHour(serverMs: number, server: ServerZone, zone: ZoneRule): number {
  const utcSeconds = Math.floor((serverMs - server.offsetAtServer(serverMs)) / 1000);
  const local = (utcSeconds + zoneOffset(zone, utcSeconds)) * 1000;
  return Math.floor(msOfDay(local) / HOUR_MS);
}
