import { z } from "zod";

/**
 * The live events of spec 2 s7 (DESIGN D7), defined once. The worker validates what it publishes with
 * these schemas; the browser reads the same shapes with the dependency-free guards of ./parse.ts.
 * strId and btId travel as numeric strings, like every id on the wire.
 */
const id = z.string().regex(/^\d+$/);

/**
 * The close code of a live socket whose session ended (sign-out, password reset, expiry); 4000-4999 are the
 * application's. The hub sends it and the browser stops reconnecting on it: a new socket would only get 401.
 */
export const SESSION_ENDED_CODE = 4401;

/** The longest chat message (build tab): the browser tells the typist, the chat service refuses longer ones. */
export const MESSAGE_MAX_CHARS = 8_000;

export const chatMessageSchema = z.object({
  id: id,
  role: z.enum(["user", "agent"]),
  text: z.string(),
  followUpQuestion: z.string().nullable(),
  created: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const liveEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("strategy-message-user"), strId: id, message: chatMessageSchema }),
  z.object({
    type: z.literal("strategy-message-agent"),
    strId: id,
    messageId: id,
    /** While `stream` is true this is the text so far; the last event (stream false) carries it all. */
    clarifications: z.string(),
    followUpQuestion: z.string().nullable(),
    stream: z.boolean(),
  }),
  z.object({
    type: z.literal("strategy-message-list"),
    strId: id,
    messages: z.array(chatMessageSchema),
    hasCode: z.boolean(),
  }),
  z.object({ type: z.literal("strategy-outline"), strId: id, outline: z.string(), stream: z.boolean() }),
  z.object({
    type: z.literal("strategy-code"),
    strId: id,
    code: z.string().nullable(),
    state: z.number().int().nullable(),
  }),
  z.object({ type: z.literal("strategy-code-state"), strId: id, state: z.number().int() }),
  z.object({
    type: z.literal("strategy-backtest-processing"),
    strId: id,
    btId: id,
    /** 0, 1, 2 = steps; 100 completed; 200 error. */
    processing: z.number().int(),
    /** Percent within the run, for step 1 (0-85) and 2 (85-99); 100 when completed. */
    progress: z.number().min(0).max(100).optional(),
    /** Step 1 of a long run: the estimated seconds left, from the pace of the slices so far (issue 16). */
    etaSeconds: z.number().int().min(0).optional(),
    message: z.string().optional(),
  }),
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent["type"];

export const LIVE_EVENT_TYPES: readonly LiveEventType[] = [
  "strategy-message-user",
  "strategy-message-agent",
  "strategy-message-list",
  "strategy-outline",
  "strategy-code",
  "strategy-code-state",
  "strategy-backtest-processing",
];

/** Serialises an event after checking it against the union, so a malformed event never leaves the worker. */
export function encodeEvent(event: LiveEvent): string {
  return JSON.stringify(liveEventSchema.parse(event));
}
