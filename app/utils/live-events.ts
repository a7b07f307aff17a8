/**
 * The browser's live-event connection (DESIGN D7): one WebSocket to /ai/connect per tab, shared by every
 * component that listens, reconnecting with capped exponential backoff and jitter. Messages that do not parse are
 * ignored.
 */
import { useEffect, useRef } from "react";
import { type LiveEvent, parseLiveEvent, SESSION_ENDED_CODE } from "../../worker/events/parse";

export type LiveListener = (event: LiveEvent) => void;

const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/** Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export function backoffDelay(attempt: number): number {
  if (!Number.isFinite(attempt) || attempt < 0) return BASE_DELAY_MS;
  return Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(attempt, 16));
}

/**
 * The wait before reconnect attempt `attempt`: a random point in the upper half of the backoff ("equal
 * jitter"). When a deploy or a hub restart drops every socket at once, the tabs then come back spread over
 * that interval instead of all in the same second, and no tab waits less than half the backoff.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const backoff = backoffDelay(attempt);
  return Math.round(backoff / 2 + (backoff / 2) * Math.min(Math.max(random(), 0), 1));
}

/** The socket URL for a page address: same host, ws or wss to match the page's scheme. */
export function connectUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ai/connect`;
}

const listeners = new Set<LiveListener>();
let socket: WebSocket | null = null;
let attempt = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

function open() {
  timer = null;
  if (listeners.size === 0 || socket) return;
  const ws = new WebSocket(connectUrl(window.location));
  socket = ws;
  ws.addEventListener("open", () => {
    attempt = 0;
  });
  ws.addEventListener("message", (m) => {
    const event = parseLiveEvent(m.data);
    if (!event) return;
    for (const l of [...listeners]) l(event);
  });
  ws.addEventListener("close", (e) => {
    if (socket === ws) socket = null;
    // Nobody listening any more: stay closed until the next subscriber. A session that ended (signed out in
    // another tab, password reset) stays closed too: reconnecting would only be refused, every 30 s.
    if (listeners.size === 0 || timer || e.code === SESSION_ENDED_CODE) return;
    timer = setTimeout(open, reconnectDelay(attempt++));
  });
}

/** Adds a listener (opening the shared socket if needed); the returned function removes it. */
export function subscribe(listener: LiveListener): () => void {
  listeners.add(listener);
  if (!socket && !timer) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    if (timer) clearTimeout(timer);
    timer = null;
    const ws = socket;
    socket = null;
    ws?.close();
  };
}

/** Calls `onEvent` with every live event while the component is mounted; the latest callback is used. */
export function useLiveEvents(onEvent: LiveListener): void {
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => subscribe((e) => ref.current(e)), []);
}
