import { z } from "zod";
import { log } from "../../log";
import { describeChanges } from "../../strategy/interpreter/changes";
import { renderOutline } from "../../strategy/outline";
import { formatSpecIssues, parseSpec, type StrategySpec, specJsonSchema } from "../../strategy/spec";
import type { AssistantPort, AssistantTurn, TurnContext } from "../strategies/ports";

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
  // The StrategySpec v2 JSON Schema exported from zod (spec.ts). Its "#/$defs/..." references resolve from
  // the document root, so its definitions move up to this schema's root when it is nested under `spec`.
  const { $defs, $schema: _draft, ...spec } = specJsonSchema();
  return {
    type: "object",
    additionalProperties: false,
    required: ["spec", "reply", "followUpQuestion"],
    ...($defs === undefined ? {} : { $defs }),
    properties: {
      // Null only when a question is the whole answer (the question policy).
      spec: { anyOf: [spec, { type: "null" }] },
      reply: { type: "string", description: "What changed, in one to three plain sentences." },
      followUpQuestion: {
        type: ["string", "null"],
        description:
          "One question, only when the answer changes the trades and no sound default exists; else null.",
      },
    },
  };
}

const answerShape = z.object({
  spec: z.unknown().nullable(),
  reply: z.string().max(4_000),
  followUpQuestion: z.string().max(1_000).nullable().optional(),
});

/**
 * The embedded interpreter's question policy (issue 15), given to the model in words: build with
 * MetaTrader's defaults and say what was assumed; ask one question only when the answer changes the trades
 * and nothing sound can be assumed.
 */
export const QUESTION_POLICY = [
  "Question policy: ask only when the answer changes the trades and no sound default exists:",
  "a moving average with no length, a contradiction, a pattern with no definition, or something the schema cannot express.",
  "Then ask exactly one clear question in followUpQuestion; with no current spec set spec to null, in a chat keep the current spec unchanged.",
  "Otherwise build the spec and set followUpQuestion to null, using MetaTrader's defaults for what is not stated",
  "(RSI 14, CCI 14, ADX 14, ATR 14, MACD 12/26/9, Bollinger Bands 20/2, Stochastic 5/3/3, the H1 chart, 0.1 lots),",
  "and say in one line of the reply what was assumed. A missing stop loss is never a reason to ask.",
  "A two-sided system without an exit is stop-and-reverse (closeOnOpposite true). 'The opposite' or 'vice versa' mirrors the rule to the other side.",
].join(" ");

const SYSTEM = [
  "You turn a trader's plain-language message into a StrategySpec v2 JSON document (the schema is given).",
  "Start from the current spec when there is one and change only what the message asks; keep every other field as it is.",
  "Use only the schema's vocabulary. Times are the broker's server time. Never invent performance figures and never write code.",
  QUESTION_POLICY,
  "Answer with one JSON object: {spec, reply, followUpQuestion}.",
].join(" ");

type Checked =
  | { ok: true; spec: StrategySpec | null; reply: string; followUpQuestion: string | null }
  | { ok: false; problem: string };

function check(raw: unknown, current: StrategySpec | null): Checked {
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
  const question = shape.data.followUpQuestion?.trim() || null;
  if (shape.data.spec === null || shape.data.spec === undefined) {
    // No spec is an answer only together with the one question it needs (the question policy).
    if (question === null)
      return {
        ok: false,
        problem: "The spec is null but there is no followUpQuestion: build the spec or ask.",
      };
    return { ok: true, spec: current, reply: shape.data.reply, followUpQuestion: question };
  }
  const spec = parseSpec(shape.data.spec);
  if (!spec.ok)
    return { ok: false, problem: `The spec does not match the schema: ${formatSpecIssues(spec.issues)}` };
  // A question in a chat leaves the strategy as it was: the change waits for the answer.
  if (question !== null && current !== null)
    return { ok: true, spec: current, reply: shape.data.reply, followUpQuestion: question };
  return { ok: true, spec: spec.spec, reply: shape.data.reply, followUpQuestion: question };
}

/** The reply: the model's words, then what really changed (from the documents, not from the model). */
function replyOf(
  reply: string,
  current: StrategySpec | null,
  spec: StrategySpec | null,
): { text: string; changes: string[] } {
  const changes = spec ? describeChanges(current, spec) : [];
  const lines =
    changes.length > 0
      ? [current ? "Updated:" : "Here is the strategy:", ...changes.map((c) => `- ${c}`)]
      : [];
  const text = [reply.trim(), ...lines].filter(Boolean).join("\n");
  return { text: text || (spec ? `Updated the strategy:\n${renderOutline(spec)}` : ""), changes };
}

export const FALLBACK_NOTE =
  "The AI model's answer could not be used this time, so the built-in interpreter handled your message.";

export function createLlmAssistant(name: string, complete: Complete, fallback: AssistantPort): AssistantPort {
  return {
    async turn(message: string, current: StrategySpec | null, context?: TurnContext): Promise<AssistantTurn> {
      const schema = turnSchema();
      const messages: ChatMessage[] = [
        { role: "system", content: SYSTEM },
        {
          role: "user",
          content: [
            `Current spec: ${current ? JSON.stringify(current) : "none yet"}`,
            ...(context?.earlier && context.earlier.length > 0 && !current
              ? [`Earlier messages (the assistant asked a question): ${context.earlier.join(" | ")}`]
              : []),
            `Message: ${message}`,
          ].join("\n\n"),
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
        const checked = check(raw, current);
        if (checked.ok) {
          const reply = replyOf(checked.reply, current, checked.spec);
          return {
            spec: checked.spec,
            changes: reply.changes,
            clarifications: [reply.text, checked.followUpQuestion].filter(Boolean).join("\n"),
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
      const turn = await fallback.turn(message, current, context);
      return {
        ...turn,
        clarifications: `${FALLBACK_NOTE}\n\n${turn.clarifications}`,
        provider: `${name}+interpreter`,
      };
    },
  };
}
