import { z } from "zod";
import type { Complete } from "./llm";

/** The part of the Workers AI binding we use. */
export interface AiBinding {
  run(model: string, input: Record<string, unknown>): Promise<unknown>;
}

export function isAiBinding(value: unknown): value is AiBinding {
  return typeof value === "object" && value !== null && "run" in value && typeof value.run === "function";
}

const answer = z.object({ response: z.unknown() });

/** Workers AI (env.AI) with JSON-mode output (DESIGN D4). */
export function workersAiComplete(ai: AiBinding, model: string): Complete {
  return async (messages, schema) => {
    const out = answer.safeParse(
      await ai.run(model, { messages, response_format: { type: "json_schema", json_schema: schema } }),
    );
    if (!out.success) throw new Error("Workers AI answer has no response");
    return out.data.response;
  };
}
