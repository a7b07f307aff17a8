import { z } from "zod";
import { BAD } from "./readers";
import { type ChatMessage, type LiveEvent, readChatMessage, readLiveEvent } from "./shapes";

/**
 * The worker's face of the live events of spec 2 s7 (DESIGN D7): zod schemas that run the one zod-free
 * declaration of ./shapes.ts (which the browser reads through ./parse.ts), so the two cannot drift apart.
 */
// The types and constants, with the browser's reader, come through the zod-free entry.
export * from "./parse";

export const chatMessageSchema = z.unknown().transform((v, ctx): ChatMessage => {
  const message = readChatMessage(v);
  if (message !== BAD) return message;
  ctx.addIssue({
    code: "custom",
    message: "Not a chat message (id, role, text, followUpQuestion, created).",
  });
  return z.NEVER;
});

export const liveEventSchema = z.unknown().transform((v, ctx): LiveEvent => {
  const event = readLiveEvent(v);
  if (event) return event;
  ctx.addIssue({ code: "custom", message: "Not a live event of spec 2 s7 (unknown type or a field off)." });
  return z.NEVER;
});

/** Serialises an event after checking it against the declaration, so a malformed event never leaves the worker. */
export function encodeEvent(event: LiveEvent): string {
  return JSON.stringify(liveEventSchema.parse(event));
}
