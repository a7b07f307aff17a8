import { z } from "zod";
import { type Complete, PROVIDER_TIMEOUT_MS } from "./llm";

export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Injectable; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** A hanging endpoint must not hang the chat: the call is abandoned after this long. */
  timeoutMs?: number;
}

const completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** Any OpenAI-compatible chat-completions endpoint with JSON-schema structured output (DESIGN D4). */
export function openAiComplete(o: OpenAiOptions): Complete {
  const doFetch = o.fetch ?? fetch;
  return async (messages, schema) => {
    const res = await doFetch(`${o.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${o.apiKey}` },
      signal: AbortSignal.timeout(o.timeoutMs ?? PROVIDER_TIMEOUT_MS),
      body: JSON.stringify({
        model: o.model,
        messages,
        temperature: 0,
        response_format: {
          type: "json_schema",
          json_schema: { name: "strategy_turn", schema, strict: false },
        },
      }),
    });
    // A timeout rejects the fetch (or the body read below) with a TimeoutError: the turn falls back.
    if (!res.ok) throw new Error(`chat completions answered ${res.status}`);
    const body = completion.safeParse(await res.json());
    if (!body.success) throw new Error("chat completions answer has no message");
    return body.data.choices[0].message.content ?? "";
  };
}
