import { useFetcher } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { type ChatMessage, MESSAGE_MAX_CHARS } from "../../../worker/events/parse";
import { FormError } from "../ui/fields";

export interface ChatPanelProps {
  messages: ChatMessage[];
  /** Text of a no-JS post that failed ('Error sending message', a message too long). */
  error: string | null;
  /** What that post sent, shown again so nothing typed is lost. */
  draft?: string;
}

const count = (n: number) => n.toLocaleString("en-US");
/** The counter shows from here on, before the limit is reached. */
const COUNTER_FROM = MESSAGE_MAX_CHARS * 0.9;

/**
 * The build tab's chat (spec 2 s2): a plain POST form that works without JavaScript; with it, the form posts
 * through a fetcher, Enter sends and Shift+Enter inserts a newline. `messages` already merges the live
 * events, so a streamed reply shows as it arrives.
 */
export function ChatPanel({ messages, error, draft = "" }: ChatPanelProps) {
  const fetcher = useFetcher<{ error: string | null }>();
  const [hydrated, setHydrated] = useState(false);
  const [text, setText] = useState(draft);
  const formRef = useRef<HTMLFormElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const sending = fetcher.state !== "idle";
  const shownError = fetcher.state === "idle" && fetcher.data ? fetcher.data.error : error;
  // A message is never cut: one over the limit is held back with the reason (the server refuses it too).
  const length = text.trim().length;
  const tooLong = length > MESSAGE_MAX_CHARS;

  useEffect(() => setHydrated(true), []);
  // Keep the newest message in view as replies stream in.
  const last = messages.at(-1);
  const lastKey = `${messages.length}:${last?.text.length ?? 0}`;
  useEffect(() => {
    if (lastKey) endRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [lastKey]);

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (text.trim() && !sending && !tooLong) formRef.current?.requestSubmit();
  }

  return (
    <section className="chat-panel" aria-label="Chat">
      <ol className="chat-messages" aria-live="polite">
        {messages.length === 0 ? (
          <li className="muted chat-empty">Describe your strategy to start.</li>
        ) : null}
        {messages.map((m) => (
          <li key={m.id} className={`chat-message chat-${m.role}`} data-role={m.role}>
            <span className="sr-only">{m.role === "user" ? "You:" : "Assistant:"}</span>
            <div className="chat-text">{m.text}</div>
            {/* The assistant often ends its text with the question already; shown once. */}
            {m.followUpQuestion && !m.text.includes(m.followUpQuestion) ? (
              <div className="chat-followup">{m.followUpQuestion}</div>
            ) : null}
          </li>
        ))}
      </ol>
      <div ref={endRef} />
      <fetcher.Form
        method="post"
        ref={formRef}
        className="chat-form"
        onSubmit={(e) => {
          // Spec 2 s5: an empty message, or one while another is sending, is not sent; nor one too long.
          if (!text.trim() || sending || tooLong) {
            e.preventDefault();
            return;
          }
          // Cleared after the browser has read the form's values.
          setTimeout(() => setText(""), 0);
        }}
      >
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <input type="hidden" name="intent" value="message" />
        <FormError>{shownError}</FormError>
        <textarea
          name="message"
          aria-label="Message"
          placeholder="Type your message here"
          required
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong || undefined}
          aria-describedby={length >= COUNTER_FROM ? "chat-length" : undefined}
        />
        {length >= COUNTER_FROM ? (
          <p id="chat-length" className={tooLong ? "chat-length error" : "chat-length muted"} role="status">
            {tooLong
              ? `Messages can be at most ${count(MESSAGE_MAX_CHARS)} characters: this one has ${count(length)}. Shorten it or send it in parts.`
              : `${count(length)} of ${count(MESSAGE_MAX_CHARS)} characters`}
          </p>
        ) : null}
        <button
          type="submit"
          className="button primary"
          disabled={sending || (hydrated && (!text.trim() || tooLong))}
        >
          {sending ? "Sending..." : "Send"}
        </button>
      </fetcher.Form>
    </section>
  );
}
