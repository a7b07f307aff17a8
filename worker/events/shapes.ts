/**
 * The live events of spec 2 s7 (DESIGN D7), declared once and zod-free. The browser reads them with
 * ./parse.ts and the worker checks what it publishes with the zod schema of ./index.ts; both run this
 * declaration, and the LiveEvent type is read off it.
 */
import {
  array,
  BAD,
  boolean,
  type Fields,
  id,
  isObject,
  nullable,
  number,
  object,
  oneOf,
  optional,
  type Read,
  readFields,
  string,
} from "./readers";

/**
 * The close code of a live socket whose session ended (sign-out, password reset, expiry); 4000-4999 are the
 * application's. The hub sends it and the browser stops reconnecting on it: a new socket would only get 401.
 */
export const SESSION_ENDED_CODE = 4401;

/** The longest chat message (build tab): the browser tells the typist, the chat service refuses longer ones. */
export const MESSAGE_MAX_CHARS = 8_000;

const chatMessageFields = {
  id,
  role: oneOf("user", "agent"),
  text: string,
  followUpQuestion: nullable(string),
  created: string,
} satisfies Fields;
export type ChatMessage = Read<typeof chatMessageFields>;
export const readChatMessage = object(chatMessageFields);

const int = number({ int: true });

/** Each event's fields besides `type`, by type. */
const EVENT_FIELDS = {
  "strategy-message-user": { strId: id, message: readChatMessage },
  "strategy-message-agent": {
    strId: id,
    messageId: id,
    /** While `stream` is true this is the text so far; the last event (stream false) carries it all. */
    clarifications: string,
    followUpQuestion: nullable(string),
    stream: boolean,
  },
  "strategy-message-list": { strId: id, messages: array(readChatMessage), hasCode: boolean },
  "strategy-outline": { strId: id, outline: string, stream: boolean },
  "strategy-code": { strId: id, code: nullable(string), state: nullable(int) },
  "strategy-code-state": { strId: id, state: int },
  "strategy-backtest-processing": {
    strId: id,
    btId: id,
    /** 0, 1, 2 = steps; 100 completed; 200 error. */
    processing: int,
    /** Percent within the run, for step 1 (0-85) and 2 (85-99); 100 when completed. */
    progress: optional(number({ min: 0, max: 100 })),
    /** Step 1 of a long run: the estimated seconds left, from the pace of the slices so far (issue 16). */
    etaSeconds: optional(number({ int: true, min: 0 })),
    message: optional(string),
  },
  /** An optimisation's state (issue 17): progress while it runs, then completed, cancelled or error. */
  "strategy-optimisation-progress": {
    strId: id,
    optId: id,
    status: oneOf("queued", "running", "completed", "cancelled", "error"),
    /** Percent of the planned runs made. */
    progress: number({ min: 0, max: 100 }),
    runsDone: number({ int: true, min: 0 }),
    plannedRuns: number({ int: true, min: 0 }),
    /** The estimated seconds left, from the pace so far. */
    etaSeconds: optional(number({ int: true, min: 0 })),
    /** The best run's criterion value so far (MT5's Result column). */
    bestResult: optional(number()),
    message: optional(string),
  },
} satisfies Record<string, Fields>;

type EventFields = typeof EVENT_FIELDS;
export type LiveEventType = keyof EventFields;
export type LiveEvent = { [T in LiveEventType]: { type: T } & Read<EventFields[T]> }[LiveEventType];

export const LIVE_EVENT_TYPES: readonly LiveEventType[] = Object.keys(EVENT_FIELDS).filter(isEventType);

function isEventType(t: unknown): t is LiveEventType {
  return typeof t === "string" && Object.hasOwn(EVENT_FIELDS, t);
}

/** A value to the live event it is (a fresh copy holding only the declared fields), or null. */
export function readLiveEvent(v: unknown): LiveEvent | null {
  if (!isObject(v) || !isEventType(v.type)) return null;
  return readVariant(v.type, v);
}

function readVariant<T extends LiveEventType>(type: T, v: unknown): LiveEvent | null {
  const fields = readFields(EVENT_FIELDS[type], v);
  // `{ type, ...fields }` is the member of the union for `type`; TypeScript does not pair a generic key with
  // its own member, so the spread is checked by the declaration above rather than by the compiler.
  return fields === BAD ? null : ({ type, ...fields } as LiveEvent);
}
