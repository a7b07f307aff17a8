import { type ActionFunctionArgs, data, redirect } from "@remix-run/cloudflare";
import { useActionData, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../worker/events";
import { ChatPanel } from "../components/strategies/chat-panel";
import { OutlinePanel } from "../components/strategies/outline-panel";
import {
  instructionsSchema,
  isMissingStrategy,
  notFound,
  strategyId,
} from "../components/strategies/strategies.server";
import { requireSubscriber } from "../utils/auth.server";
import { readForm } from "../utils/form.server";
import { useLiveEvents } from "../utils/live-events";
import type { StrategyLoader } from "./_app.strategy.$sid";

const SEND_FAILED = "Error sending message";

/**
 * A chat message (spec 2 s2 build tab). Without JavaScript the page posts and is redirected back (the reply
 * is then stored and rendered); a scripted post (js=1) stays put and the reply streams in as live events.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireSubscriber(request, context);
  const id = strategyId(params.sid);
  const values = await readForm(request);
  const message = values.message ?? "";
  const parsed = instructionsSchema.safeParse({ instructions: message });
  const scripted = values.js === "1";
  // Spec 2 s5: an empty message is simply not sent; one too long is refused with the reason and kept.
  if (!parsed.success && message.trim() !== "") {
    const reason = parsed.error.issues[0]?.message ?? SEND_FAILED;
    return data({ error: reason, draft: scripted ? "" : message }, 400);
  }
  if (parsed.success) {
    try {
      await context.services.strategies.chat.update(user.id, id, parsed.data.instructions);
    } catch (e) {
      if (isMissingStrategy(e)) throw notFound();
      console.error(e);
      return data({ error: SEND_FAILED, draft: scripted ? "" : message }, 500);
    }
  }
  if (scripted) return { error: null, draft: "" };
  return redirect(`/strategy/${id}/build`);
}

/** Messages from the server with the live ones appended; the server's copy wins once it has one. */
function merge(server: ChatMessage[], live: ChatMessage[]): ChatMessage[] {
  const known = new Set(server.map((m) => m.id));
  const extra = live.filter((m) => !known.has(m.id));
  return [...server, ...extra].sort((a, b) => Number(a.id) - Number(b.id));
}

function upsert(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const at = list.findIndex((m) => m.id === message.id);
  if (at < 0) return [...list, message];
  const next = [...list];
  next[at] = message;
  return next;
}

export default function BuildTab() {
  const parent = useRouteLoaderData<StrategyLoader>("routes/_app.strategy.$sid");
  const actionData = useActionData<typeof action>();
  const strategy = parent?.strategy;
  const strId = strategy?.strId ?? "";
  const serverMessages = strategy?.messages ?? [];
  const serverOutline = strategy?.outline ?? "";
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [outline, setOutline] = useState(serverOutline);
  const [arrivals, setArrivals] = useState(0);
  const revalidator = useRevalidator();

  // The last complete outline this page knows, so a reload bringing a different one counts as an arrival
  // (the live event may have been missed while the socket reconnected).
  const lastOutline = useRef({ strId, outline: serverOutline });

  // A fresh load (after a post, or another strategy) is the truth again.
  useEffect(() => {
    setOutline(serverOutline);
    const last = lastOutline.current;
    if (last.strId === strId && serverOutline !== last.outline && serverOutline !== "") {
      setArrivals((n) => n + 1);
    }
    lastOutline.current = { strId, outline: serverOutline };
  }, [serverOutline, strId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: live messages belong to one strategy
  useEffect(() => setLive([]), [strId]);

  useLiveEvents((event) => {
    if (event.strId !== strId) return;
    if (event.type === "strategy-message-user") setLive((l) => upsert(l, event.message));
    if (event.type === "strategy-message-agent") {
      const message: ChatMessage = {
        id: event.messageId,
        role: "agent",
        text: event.clarifications,
        followUpQuestion: event.followUpQuestion,
        created: new Date().toISOString(),
      };
      setLive((l) => upsert(l, message));
    }
    if (event.type === "strategy-message-list") {
      setLive(event.messages);
      // The turn cleared the code: reload the shell so the Code tab reads 'Generate Code' again.
      if (event.hasCode !== strategy?.hasCode) revalidator.revalidate();
    }
    if (event.type === "strategy-outline") {
      setOutline(event.outline);
      // Streamed chunks are the same outline filling in: only the complete one is an arrival.
      if (!event.stream && event.outline !== "" && event.outline !== lastOutline.current.outline) {
        lastOutline.current = { strId, outline: event.outline };
        setArrivals((n) => n + 1);
      }
    }
  });

  const messages = merge(serverMessages, live);
  return (
    <div className="build-tab">
      <ChatPanel messages={messages} error={actionData?.error ?? null} draft={actionData?.draft ?? ""} />
      <OutlinePanel
        key={strId}
        outline={outline}
        arrivals={arrivals}
        rulesHref={`/strategy/${strId}/rules`}
      />
    </div>
  );
}
