/**
 * The browser's entry to the live events (DESIGN D7): no zod, so the client bundle stays small. It reads the
 * one declaration of ./shapes.ts; anything that does not match answers null and the client ignores it.
 */
import { type LiveEvent, readLiveEvent } from "./shapes";

export {
  type ChatMessage,
  LIVE_EVENT_TYPES,
  type LiveEvent,
  type LiveEventType,
  MESSAGE_MAX_CHARS,
  SESSION_ENDED_CODE,
} from "./shapes";

/** One WebSocket message to an event, or null when it is not one we know (the client ignores those). */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  return readLiveEvent(json);
}
