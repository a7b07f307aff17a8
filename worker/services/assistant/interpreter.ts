import { interpret } from "../../strategy/interpreter";
import type { AssistantPort } from "../strategies/ports";

/** The embedded, offline, deterministic provider (DESIGN D4). */
export function createInterpreterAssistant(): AssistantPort {
  return {
    async turn(message, current, context) {
      return { ...interpret(message, current, context), provider: "interpreter" };
    },
  };
}
