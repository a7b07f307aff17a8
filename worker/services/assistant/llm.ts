import { z } from "zod";
import { log } from "../../log";
import { renderOutline } from "../../strategy/outline";
import { formatSpecIssues, parseSpec, type StrategySpec, specJsonSchema } from "../../strategy/spec";
import type { AssistantPort, AssistantTurn } from "../strategies/ports";

/**
 * What both LLM providers share (DESIGN D4): the prompt, the JSON shape asked for, validation of the
 * answer against the StrategySpec schema, one retry with the problems spelled out, then an honest fallback
 * to the interpreter. The model never writes numbers about performance or code: only a spec and a reply.
 */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Long enough for a slow model's structured answer, short enough that the chat falls back in time. */
export const PROVIDER_TIMEOUT_MS = 30_000;

/** Sends the conversation with the JSON schema; answers the model's raw output (text or parsed JSON). */
export type Complete = (messages: ChatMessage[], schema: Record<string, unknown>) => Promise<unknown>;

export function turnSchema(): Record<string, unknown> {
  return {
    type: "object",
    additionalProperties: false,
    required: ["spec", "reply", "followUpQuestion"],
    properties: {
      spec: specJsonSchema(),
      reply: { type: "string", description: "What changed, in one to three plain sentences." },
      followUpQuestion: {
        type: ["string", "null"],
        description: "A question when an essential (entry, exit or stop) is missing or ambiguous; else null.",
      },
    },
  };
}

const answerShape = z.object({
  spec: z.unknown(),
  reply: z.string().max(4_000),
  followUpQuestion: z.string().max(1_000).nullable().optional(),
});

const SYSTEM = [
  "You turn a trader's plain-language message into a StrategySpec JSON document (the schema is given).",
  "Start from the current spec when there is one and change only what the message asks.",
  "Use only the schema's vocabulary. Never invent performance figures and never write code.",
  "Answer with one JSON object: {spec, reply, followUpQuestion}.",
].join(" ");

type Checked =
  | { ok: true; spec: StrategySpec; reply: string; followUpQuestion: string | null }
  | { ok: false; problem: string };

function check(raw: unknown): Checked {
  let json = raw;
  if (typeof raw === "string") {
    try {
      json = JSON.parse(raw);
    } catch {
      return { ok: false, problem: "The answer was not valid JSON." };
    }
  }
  const shape = answerShape.safeParse(json);
  if (!shape.success)
    return { ok: false, problem: "The answer must be an object with spec, reply and followUpQuestion." };
  const spec = parseSpec(shape.data.spec);
  if (!spec.ok)
    return { ok: false, problem: `The spec does not match the schema: ${formatSpecIssues(spec.issues)}` };
  return {
    ok: true,
    spec: spec.spec,
    reply: shape.data.reply,
    followUpQuestion: shape.data.followUpQuestion ?? null,
  };
}

export const FALLBACK_NOTE =
  "The AI model's answer could not be used this time, so the built-in interpreter handled your message.";

export function createLlmAssistant(name: string, complete: Complete, fallback: AssistantPort): AssistantPort {
  return {
    async turn(message: string, current: StrategySpec | null): Promise<AssistantTurn> {
      const schema = turnSchema();
      const messages: ChatMessage[] = [
        { role: "system", content: SYSTEM },
        {
          role: "user",
          content: `Current spec: ${current ? JSON.stringify(current) : "none yet"}\n\nMessage: ${message}`,
        },
      ];
      let problem = "";
      for (let attempt = 0; attempt < 2; attempt++) {
        let raw: unknown;
        try {
          raw = await complete(messages, schema);
        } catch (e) {
          problem = e instanceof Error ? e.message : String(e);
          break;
        }
        const checked = check(raw);
        if (checked.ok) {
          return {
            spec: checked.spec,
            changes: [],
            clarifications: checked.reply || `Updated the strategy:\n${renderOutline(checked.spec)}`,
            followUpQuestion: checked.followUpQuestion,
            understood: true,
            provider: name,
          };
        }
        problem = checked.problem;
        // The one retry: show the model its answer and what was wrong with it.
        messages.push(
          { role: "assistant", content: typeof raw === "string" ? raw : JSON.stringify(raw) },
          { role: "user", content: `${checked.problem} Answer again with a valid object.` },
        );
      }
      log.warn("assistant.fallback", { provider: name, problem });
      const turn = await fallback.turn(message, current);
      return {
        ...turn,
        clarifications: `${FALLBACK_NOTE}\n\n${turn.clarifications}`,
        provider: `${name}+interpreter`,
      };
    },
  };
}
