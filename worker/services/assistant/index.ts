import type { AssistantPort } from "../strategies/ports";
import { createInterpreterAssistant } from "./interpreter";
import { createLlmAssistant } from "./llm";
import { openAiComplete } from "./openai";
import { isAiBinding, workersAiComplete } from "./workers-ai";

export interface AssistantConfig {
  ASSISTANT_PROVIDER: "interpreter" | "workers-ai" | "openai";
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL?: string;
  WORKERS_AI_MODEL: string;
}

/**
 * The configured assistant (DESIGN D4). A provider that is chosen but not configured (no AI binding, no
 * key) falls back to the interpreter, so a misconfiguration never breaks the chat.
 */
export function createAssistant(
  config: AssistantConfig,
  ai: unknown,
  fetchImpl?: typeof fetch,
): AssistantPort {
  const interpreter = createInterpreterAssistant();
  if (
    config.ASSISTANT_PROVIDER === "openai" &&
    config.OPENAI_BASE_URL &&
    config.OPENAI_API_KEY &&
    config.OPENAI_MODEL
  ) {
    const complete = openAiComplete({
      baseUrl: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_MODEL,
      fetch: fetchImpl,
    });
    return createLlmAssistant("openai", complete, interpreter);
  }
  if (config.ASSISTANT_PROVIDER === "workers-ai" && isAiBinding(ai)) {
    return createLlmAssistant("workers-ai", workersAiComplete(ai, config.WORKERS_AI_MODEL), interpreter);
  }
  return interpreter;
}
