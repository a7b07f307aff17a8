import { z } from "zod";
import { type Complete, PROVIDER_TIMEOUT_MS } from "./llm";

/** The part of the Workers AI binding we use. */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>): Promise<unknown>;
}

export function isAiBinding(value: unknown): value is AiBinding {
  return typeof value === "object" && value !== null && "run" in value && typeof value.run === "function";
}

const answer = z.object({ response: z.unknown() });

/**
 * Workers AI (env.AI) with JSON-mode output (DESIGN D4). The binding takes no abort signal, so the wait is
 * bounded by racing it against AbortSignal.timeout: a hanging model never hangs the chat.
 */
export function workersAiComplete(ai: AiBinding, model: string, timeoutMs = PROVIDER_TIMEOUT_MS): Complete {
  return async (messages, schema) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = new Promise<never>((_, reject) =>
      signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
    );
    const out = answer.safeParse(
      await Promise.race([
        ai.run(model, { messages, response_format: { type: "json_schema", json_schema: schema } }),
        timedOut,
      ]),
    );
    if (!out.success) throw new Error("Workers AI answer has no response");
    return out.data.response;
  };
}
