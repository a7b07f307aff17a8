import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAssistant } from "../../worker/services/assistant";
import { FALLBACK_NOTE } from "../../worker/services/assistant/llm";
import { interpret } from "../../worker/strategy/interpreter";
import { STRATEGY_TEXT } from "./strategies-helpers";

const good = interpret(STRATEGY_TEXT, null).spec;

const requestBody = z.object({
  model: z.string(),
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
  response_format: z.object({
    type: z.literal("json_schema"),
    json_schema: z.object({ schema: z.object({}).passthrough() }),
  }),
});

/** A local stand-in for an OpenAI-compatible endpoint: answers the scripted contents in order, records calls. */
function fakeChatCompletions(contents: (string | { status: number })[]) {
  const calls: { url: string; auth: string | null; body: z.infer<typeof requestBody> }[] = [];
  const fetchFake: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    calls.push({
      url: request.url,
      auth: request.headers.get("authorization"),
      body: requestBody.parse(await request.json()),
    });
    const next = contents[calls.length - 1] ?? "";
    if (typeof next !== "string") return new Response("boom", { status: next.status });
    return Response.json({ choices: [{ message: { role: "assistant", content: next } }] });
  };
  return { fetchFake, calls };
}

const openAiConfig = {
  ASSISTANT_PROVIDER: "openai" as const,
  OPENAI_BASE_URL: "http://fake-llm.test/v1/",
  OPENAI_API_KEY: "sk-test",
  OPENAI_MODEL: "fake-model",
  WORKERS_AI_MODEL: "@cf/unused",
};

describe("assistant providers (DESIGN D4)", () => {
  it("uses a valid answer of the OpenAI-compatible endpoint, sent with the spec's JSON schema", async () => {
    const { fetchFake, calls } = fakeChatCompletions([
      JSON.stringify({ spec: good, reply: "Done.", followUpQuestion: null }),
    ]);
    const turn = await createAssistant(openAiConfig, undefined, fetchFake).turn("sma cross please", null);
    expect(turn).toMatchObject({ provider: "openai", understood: true });
    // The model's words first, then the changes diffed from the documents (never the model's own list).
    expect(turn.clarifications.startsWith("Done.\nHere is the strategy:")).toBe(true);
    expect(turn.changes.length).toBeGreaterThan(0);
    expect(turn.spec).toEqual(good);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("http://fake-llm.test/v1/chat/completions");
    expect(calls[0].auth).toBe("Bearer sk-test");
    expect(calls[0].body.model).toBe("fake-model");
    expect(JSON.stringify(calls[0].body.response_format.json_schema.schema)).toContain("timeframe");
  });

  it("retries once with the problem when the model's spec is invalid", async () => {
    const { fetchFake, calls } = fakeChatCompletions([
      JSON.stringify({ spec: { timeframe: "H7" }, reply: "?", followUpQuestion: null }),
      JSON.stringify({ spec: good, reply: "Fixed.", followUpQuestion: "Which session?" }),
    ]);
    const turn = await createAssistant(openAiConfig, undefined, fetchFake).turn("sma cross", null);
    expect(turn).toMatchObject({ provider: "openai", followUpQuestion: "Which session?" });
    expect(turn.clarifications.startsWith("Fixed.")).toBe(true);
    expect(turn.clarifications.endsWith("Which session?")).toBe(true);
    expect(calls).toHaveLength(2);
    expect(calls[1].body.messages.at(-1)?.content).toMatch(/does not match the schema/);
  });

  it("falls back to the interpreter, saying so, after two invalid answers", async () => {
    const { fetchFake, calls } = fakeChatCompletions([
      "not json at all",
      JSON.stringify({ reply: "no spec" }),
    ]);
    const turn = await createAssistant(openAiConfig, undefined, fetchFake).turn(STRATEGY_TEXT, null);
    expect(calls).toHaveLength(2);
    expect(turn.provider).toBe("openai+interpreter");
    expect(turn.clarifications.startsWith(FALLBACK_NOTE)).toBe(true);
    expect(turn.spec).toEqual(good);
  });

  it("falls back to the interpreter when the endpoint fails", async () => {
    const { fetchFake } = fakeChatCompletions([{ status: 500 }]);
    const turn = await createAssistant(openAiConfig, undefined, fetchFake).turn(STRATEGY_TEXT, null);
    expect(turn.provider).toBe("openai+interpreter");
    expect(turn.spec).toEqual(good);
  });

  it("runs Workers AI through the AI binding with JSON-schema output", async () => {
    const seen: string[] = [];
    const fakeAi = {
      async run(model: string, input: Record<string, unknown>) {
        seen.push(model, JSON.stringify(input.response_format).slice(0, 30));
        return { response: { spec: good, reply: "From Workers AI.", followUpQuestion: null } };
      },
    };
    const turn = await createAssistant(
      { ...openAiConfig, ASSISTANT_PROVIDER: "workers-ai", WORKERS_AI_MODEL: "@cf/x" },
      fakeAi,
    ).turn("x", null);
    expect(turn).toMatchObject({ provider: "workers-ai" });
    expect(turn.clarifications.startsWith("From Workers AI.")).toBe(true);
    expect(seen[0]).toBe("@cf/x");
    expect(seen[1]).toContain("json_schema");
  });

  it("uses the interpreter when the chosen provider is not configured", async () => {
    const turn = await createAssistant({ ...openAiConfig, OPENAI_API_KEY: undefined }, undefined).turn(
      STRATEGY_TEXT,
      null,
    );
    expect(turn.provider).toBe("interpreter");
    const noBinding = await createAssistant(
      { ...openAiConfig, ASSISTANT_PROVIDER: "workers-ai" },
      undefined,
    ).turn("x", null);
    expect(noBinding.provider).toBe("interpreter");
  });
});
