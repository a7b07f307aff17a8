import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { interpret } from "../../strategy/interpreter";
import type { StrategySpec } from "../../strategy/spec";
import { createAssistant } from "./index";
import { createInterpreterAssistant } from "./interpreter";
import { createLlmAssistant, FALLBACK_NOTE, QUESTION_POLICY, turnSchema } from "./llm";
import { openAiComplete } from "./openai";
import { workersAiComplete } from "./workers-ai";

// The LLM providers of DESIGN D4 against stand-ins at the network edge: a FAKE OpenAI-compatible endpoint
// (a real HTTP server on 127.0.0.1, random port) that the openai provider reaches with its real fetch,
// and a FAKE Workers AI binding object. Covered: valid output, invalid output retried once, then the
// interpreter's fallback with an honest note, transport errors and timeouts.

const MESSAGE =
  "Buy when the 10 SMA crosses above the 30 SMA, sell when it crosses below. Stop 30 pips, TP 60 pips.";

function goodSpec(): StrategySpec {
  const spec = interpret(MESSAGE, null).spec;
  if (!spec) throw new Error("the interpreter should build the reference spec");
  return { ...spec, timeframe: "H4" };
}
const good = () => JSON.stringify({ spec: goodSpec(), reply: "Done on H4.", followUpQuestion: null });
const bad = JSON.stringify({ spec: { timeframe: "H7" }, reply: "?", followUpQuestion: null });

/** What the fake endpoint does with the next request. */
type Reply = { content: string } | { status: number } | "hang";

const requestSchema = z.object({
  model: z.string(),
  messages: z.array(z.object({ role: z.string(), content: z.string() })),
  response_format: z.object({
    type: z.literal("json_schema"),
    json_schema: z.object({ name: z.string(), schema: z.record(z.string(), z.unknown()) }),
  }),
});

/** FAKE chat-completions endpoint: answers from a script, records what it was sent. */
function fakeOpenAi() {
  const script: Reply[] = [];
  const seen: Array<{ path: string; auth: string | undefined; body: z.infer<typeof requestSchema> }> = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString("utf8");
    });
    req.on("end", () => {
      seen.push({
        path: req.url ?? "",
        auth: req.headers.authorization,
        body: requestSchema.parse(JSON.parse(raw)),
      });
      const next = script.shift() ?? { status: 500 };
      if (next === "hang") {
        hanging.push(res);
        return;
      }
      if ("status" in next) {
        res.writeHead(next.status, { "content-type": "application/json" }).end('{"error":"fake failure"}');
        return;
      }
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ choices: [{ message: { role: "assistant", content: next.content } }] }));
    });
  });
  return {
    script,
    seen,
    url: () => {
      const address = server.address();
      if (address === null || typeof address === "string") throw new Error("the fake is not listening");
      return `http://127.0.0.1:${address.port}/v1`;
    },
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const r of hanging) r.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("openai provider against a fake local endpoint", () => {
  const fake = fakeOpenAi();
  beforeAll(fake.start);
  afterAll(fake.stop);
  beforeEach(() => {
    fake.script.length = 0;
    fake.seen.length = 0;
  });
  const configured = () =>
    createAssistant(
      {
        ASSISTANT_PROVIDER: "openai",
        OPENAI_BASE_URL: fake.url(),
        OPENAI_API_KEY: "fake-key",
        OPENAI_MODEL: "fake-model",
        WORKERS_AI_MODEL: "unused",
      },
      undefined,
    );

  it("sends the conversation with the JSON schema and uses a valid answer", async () => {
    fake.script.push({ content: good() });
    const turn = await configured().turn(MESSAGE, null);
    expect(turn.provider).toBe("openai");
    expect(turn.spec).toEqual(goodSpec());
    // The model's words, then what really changed, from the documents.
    expect(turn.clarifications.startsWith("Done on H4.")).toBe(true);
    expect(turn.clarifications).toContain("Timeframe set to H4");
    expect(turn.changes).toContain("Timeframe set to H4 (4-hour bars).");
    expect(fake.seen).toHaveLength(1);
    const [req] = fake.seen;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.auth).toBe("Bearer fake-key");
    expect(req.body.model).toBe("fake-model");
    expect(req.body.messages.at(-1)?.content).toContain(MESSAGE);
  });

  it("asks for the StrategySpec v2 JSON Schema from zod, every reference resolvable, under the question policy", async () => {
    fake.script.push({ content: good() });
    await configured().turn(MESSAGE, null);
    const [req] = fake.seen;
    expect(req.body.response_format.json_schema.schema).toEqual(turnSchema());
    const schema = turnSchema();
    const refs = JSON.stringify(schema).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const path = ref.slice(8, -1).replace(/^#\//, "").split("/");
      let node: unknown = schema;
      for (const key of path)
        node = typeof node === "object" && node !== null ? Reflect.get(node, key) : undefined;
      expect(node, ref).toBeTypeOf("object");
    }
    expect(req.body.messages[0]).toMatchObject({ role: "system" });
    expect(req.body.messages[0].content).toContain(QUESTION_POLICY);
  });

  it("a first message that needs a question gives the question and no spec", async () => {
    const q = "Which lengths should the two moving averages use?";
    fake.script.push({ content: JSON.stringify({ spec: null, reply: "", followUpQuestion: q }) });
    const turn = await configured().turn("buy when the fast ma crosses the slow ma", null);
    expect(turn.provider).toBe("openai");
    expect(turn.spec).toBeNull();
    expect(turn.followUpQuestion).toBe(q);
    expect(turn.clarifications).toContain(q);
  });

  it("a question in a chat leaves the spec as it was, whatever spec the model sent", async () => {
    const current = goodSpec();
    const q = "Which moving average should become 40: the 10 or the 30?";
    fake.script.push({
      content: JSON.stringify({ spec: { ...current, timeframe: "D1" }, reply: "", followUpQuestion: q }),
    });
    const turn = await configured().turn("make it 40", current);
    expect(turn.spec).toEqual(current);
    expect(turn.followUpQuestion).toBe(q);
    expect(turn.changes).toEqual([]);
  });

  it("retries a null spec without a question (neither built nor asked)", async () => {
    fake.script.push(
      { content: JSON.stringify({ spec: null, reply: "hm", followUpQuestion: null }) },
      { content: good() },
    );
    const turn = await configured().turn(MESSAGE, null);
    expect(fake.seen).toHaveLength(2);
    expect(fake.seen[1].body.messages.at(-1)?.content).toMatch(/build the spec or ask/);
    expect(turn.spec?.timeframe).toBe("H4");
  });

  it("retries an invalid answer once, showing the model what was wrong", async () => {
    fake.script.push({ content: bad }, { content: good() });
    const turn = await configured().turn(MESSAGE, null);
    expect(turn.provider).toBe("openai");
    expect(turn.spec?.timeframe).toBe("H4");
    expect(fake.seen).toHaveLength(2);
    const retry = fake.seen[1].body.messages;
    expect(retry.at(-2)).toMatchObject({ role: "assistant", content: bad });
    expect(retry.at(-1)?.content).toMatch(/does not match the schema/);
  });

  it("falls back to the interpreter with an honest note after a second invalid answer", async () => {
    fake.script.push({ content: "not json at all" }, { content: bad });
    const turn = await configured().turn(MESSAGE, null);
    expect(fake.seen).toHaveLength(2);
    expect(turn.provider).toBe("openai+interpreter");
    expect(turn.clarifications.startsWith(FALLBACK_NOTE)).toBe(true);
    expect(turn.spec).toEqual(interpret(MESSAGE, null).spec);
  });

  it("falls back when the endpoint fails (HTTP 500), without retrying the transport", async () => {
    fake.script.push({ status: 500 });
    const turn = await configured().turn(MESSAGE, null);
    expect(fake.seen).toHaveLength(1);
    expect(turn.provider).toBe("openai+interpreter");
    expect(turn.spec).toEqual(interpret(MESSAGE, null).spec);
  });

  it("gives up on a hanging endpoint after its timeout and falls back", async () => {
    fake.script.push("hang");
    const assistant = createLlmAssistant(
      "openai",
      openAiComplete({ baseUrl: fake.url(), apiKey: "k", model: "m", timeoutMs: 300 }),
      createInterpreterAssistant(),
    );
    const turn = await assistant.turn(MESSAGE, null);
    expect(fake.seen).toHaveLength(1);
    expect(turn.provider).toBe("openai+interpreter");
    expect(turn.clarifications.startsWith(FALLBACK_NOTE)).toBe(true);
  });
});

describe("workers-ai provider with a fake AI binding", () => {
  /** FAKE env.AI: answers from a script, records the calls. */
  function fakeBinding(script: Array<unknown | "hang">) {
    const calls: Array<{ model: string; input: Record<string, unknown> }> = [];
    return {
      calls,
      binding: {
        run(model: string, input: Record<string, unknown>): Promise<unknown> {
          calls.push({ model, input });
          const next = script.shift();
          return next === "hang" ? new Promise(() => {}) : Promise.resolve({ response: next });
        },
      },
    };
  }

  it("uses a valid answer (parsed JSON, as Workers AI returns it)", async () => {
    const fake = fakeBinding([JSON.parse(good())]);
    const turn = await createAssistant(
      { ASSISTANT_PROVIDER: "workers-ai", WORKERS_AI_MODEL: "@cf/fake/model" },
      fake.binding,
    ).turn(MESSAGE, null);
    expect(turn.provider).toBe("workers-ai");
    expect(turn.spec).toEqual(goodSpec());
    expect(fake.calls[0].model).toBe("@cf/fake/model");
    expect(fake.calls[0].input).toMatchObject({ response_format: { type: "json_schema" } });
  });

  it("a question from the model leaves a chat's spec unchanged", async () => {
    const current = goodSpec();
    const fake = fakeBinding([
      { spec: null, reply: "", followUpQuestion: "Which session: London or New York?" },
    ]);
    const turn = await createAssistant(
      { ASSISTANT_PROVIDER: "workers-ai", WORKERS_AI_MODEL: "m" },
      fake.binding,
    ).turn("only trade the main session", current);
    expect(turn.provider).toBe("workers-ai");
    expect(turn.spec).toEqual(current);
    expect(turn.followUpQuestion).toMatch(/London or New York/);
  });

  it("retries an invalid answer once", async () => {
    const fake = fakeBinding([JSON.parse(bad), good()]);
    const turn = await createAssistant(
      { ASSISTANT_PROVIDER: "workers-ai", WORKERS_AI_MODEL: "m" },
      fake.binding,
    ).turn(MESSAGE, null);
    expect(fake.calls).toHaveLength(2);
    expect(turn.provider).toBe("workers-ai");
    expect(turn.spec?.timeframe).toBe("H4");
  });

  it("falls back to the interpreter with an honest note after two invalid answers", async () => {
    const fake = fakeBinding([JSON.parse(bad), { reply: "no spec here" }]);
    const turn = await createAssistant(
      { ASSISTANT_PROVIDER: "workers-ai", WORKERS_AI_MODEL: "m" },
      fake.binding,
    ).turn(MESSAGE, null);
    expect(fake.calls).toHaveLength(2);
    expect(turn.provider).toBe("workers-ai+interpreter");
    expect(turn.clarifications.startsWith(FALLBACK_NOTE)).toBe(true);
    expect(turn.spec).toEqual(interpret(MESSAGE, null).spec);
  });

  it("gives up on a binding that never answers and falls back", async () => {
    const fake = fakeBinding(["hang"]);
    const assistant = createLlmAssistant(
      "workers-ai",
      workersAiComplete(fake.binding, "m", 100),
      createInterpreterAssistant(),
    );
    const turn = await assistant.turn(MESSAGE, null);
    expect(turn.provider).toBe("workers-ai+interpreter");
    expect(turn.spec).toEqual(interpret(MESSAGE, null).spec);
  });
});
