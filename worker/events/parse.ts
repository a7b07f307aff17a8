/**
 * The browser's reader of live events (DESIGN D7): plain type guards, no zod, so the client bundle stays
 * small. Mirrors ./index.ts; anything that does not match answers null and the client ignores it.
 */
import type { ChatMessage, LiveEvent } from "./index";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^\d+$/.test(v);
const isStr = (v: unknown): v is string => typeof v === "string";
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isBool = (v: unknown): v is boolean => typeof v === "boolean";
const isStrOrNull = (v: unknown): v is string | null => v === null || isStr(v);
const isIntOrNull = (v: unknown): v is number | null => v === null || isInt(v);

function chatMessage(v: unknown): ChatMessage | null {
  if (!isObj(v)) return null;
  const { id, role, text, followUpQuestion, created } = v;
  if (!isId(id) || (role !== "user" && role !== "agent") || !isStr(text)) return null;
  if (!isStrOrNull(followUpQuestion) || !isStr(created)) return null;
  return { id, role, text, followUpQuestion, created };
}

function fromObject(v: Obj): LiveEvent | null {
  const strId = v.strId;
  if (!isId(strId)) return null;
  switch (v.type) {
    case "strategy-message-user": {
      const message = chatMessage(v.message);
      return message ? { type: v.type, strId, message } : null;
    }
    case "strategy-message-agent": {
      const { messageId, clarifications, followUpQuestion, stream } = v;
      if (!isId(messageId) || !isStr(clarifications) || !isStrOrNull(followUpQuestion) || !isBool(stream))
        return null;
      return { type: v.type, strId, messageId, clarifications, followUpQuestion, stream };
    }
    case "strategy-message-list": {
      if (!Array.isArray(v.messages) || !isBool(v.hasCode)) return null;
      const messages: ChatMessage[] = [];
      for (const m of v.messages) {
        const parsed = chatMessage(m);
        if (!parsed) return null;
        messages.push(parsed);
      }
      return { type: v.type, strId, messages, hasCode: v.hasCode };
    }
    case "strategy-outline":
      return isStr(v.outline) && isBool(v.stream)
        ? { type: v.type, strId, outline: v.outline, stream: v.stream }
        : null;
    case "strategy-code":
      return isStrOrNull(v.code) && isIntOrNull(v.state)
        ? { type: v.type, strId, code: v.code, state: v.state }
        : null;
    case "strategy-code-state":
      return isInt(v.state) ? { type: v.type, strId, state: v.state } : null;
    case "strategy-backtest-processing": {
      const { btId, processing, progress, message, etaSeconds } = v;
      if (!isId(btId) || !isInt(processing)) return null;
      if (progress !== undefined && (typeof progress !== "number" || progress < 0 || progress > 100))
        return null;
      if (message !== undefined && !isStr(message)) return null;
      if (etaSeconds !== undefined && (!isInt(etaSeconds) || etaSeconds < 0)) return null;
      return {
        type: v.type,
        strId,
        btId,
        processing,
        ...(progress === undefined ? {} : { progress }),
        ...(message === undefined ? {} : { message }),
        ...(etaSeconds === undefined ? {} : { etaSeconds }),
      };
    }
    default:
      return null;
  }
}

/** One WebSocket message to an event, or null when it is not one we know (the client ignores those). */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  return isObj(json) ? fromObject(json) : null;
}
