import { encodeEvent } from "../../events";
import type { UserHub } from "../../hubs/user-hub";
import { errorFields, log } from "../../log";
import type { EventsPort } from "./ports";

/**
 * Live events through the user's UserHub (DESIGN D7). Delivery is best effort: a hub that cannot be reached
 * must not fail the request that produced the event (the page reloads its state on reconnect).
 */
export function hubEvents(ns: DurableObjectNamespace<UserHub>): EventsPort {
  return {
    async publish(userId, event) {
      const data = encodeEvent(event);
      try {
        await ns.get(ns.idFromName(userId)).publish(data);
      } catch (e) {
        log.warn("live_event.not_delivered", { userId, type: event.type, ...errorFields(e) });
      }
    },
  };
}
