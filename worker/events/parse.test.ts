import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { chatMessageSchema, encodeEvent, LIVE_EVENT_TYPES, type LiveEvent, liveEventSchema } from "./index";
import { parseLiveEvent } from "./parse";

const message = {
  id: "7",
  role: "user" as const,
  text: "hi",
  followUpQuestion: null,
  created: "2026-01-01T00:00:00.000Z",
};

const samples: LiveEvent[] = [
  { type: "strategy-message-user", strId: "1", message },
  {
    type: "strategy-message-agent",
    strId: "1",
    messageId: "8",
    clarifications: "Done",
    followUpQuestion: "Stop?",
    stream: false,
  },
  { type: "strategy-message-list", strId: "1", messages: [message], hasCode: true },
  { type: "strategy-outline", strId: "1", outline: "Buy when ...", stream: true },
  { type: "strategy-code", strId: "1", code: null, state: null },
  { type: "strategy-code", strId: "1", code: "void OnTick(){}", state: 11 },
  { type: "strategy-code-state", strId: "1", state: 10 },
  { type: "strategy-backtest-processing", strId: "1", btId: "3", processing: 1, progress: 20 },
  { type: "strategy-backtest-processing", strId: "1", btId: "3", processing: 1, progress: 42, etaSeconds: 7 },
  { type: "strategy-backtest-processing", strId: "1", btId: "3", processing: 200, message: "No data" },
  {
    type: "strategy-optimisation-progress",
    strId: "1",
    optId: "4",
    status: "running",
    progress: 35,
    runsDone: 14,
    plannedRuns: 40,
    etaSeconds: 2,
    bestResult: 1234.5,
  },
  {
    type: "strategy-optimisation-progress",
    strId: "1",
    optId: "4",
    status: "completed",
    progress: 100,
    runsDone: 40,
    plannedRuns: 40,
  },
];

describe("parseLiveEvent (the browser's zod-free reader) and the worker's zod schema", () => {
  it("reads every event the worker's zod union accepts, unchanged", () => {
    for (const e of samples) {
      expect(liveEventSchema.parse(e)).toEqual(e);
      expect(parseLiveEvent(JSON.stringify(e))).toEqual(e);
    }
  });

  it("answers null for anything else, as the zod union does", () => {
    const bad: unknown[] = [
      "not json",
      "[]",
      "null",
      JSON.stringify({ type: "unknown", strId: "1" }),
      JSON.stringify({ type: "strategy-code-state", strId: 1, state: 10 }),
      JSON.stringify({ type: "strategy-code-state", strId: "1", state: "10" }),
      JSON.stringify({ type: "strategy-outline", strId: "1", outline: "x" }),
      JSON.stringify({ type: "strategy-backtest-processing", strId: "1", btId: "x", processing: 1 }),
      JSON.stringify({
        type: "strategy-backtest-processing",
        strId: "1",
        btId: "2",
        processing: 1,
        progress: 101,
      }),
      JSON.stringify({
        type: "strategy-backtest-processing",
        strId: "1",
        btId: "2",
        processing: 1,
        etaSeconds: -3,
      }),
      JSON.stringify({ type: "strategy-message-list", strId: "1", messages: [{ id: "1" }], hasCode: false }),
    ];
    for (const b of bad) {
      expect(parseLiveEvent(b), String(b)).toBeNull();
      if (typeof b === "string" && b.startsWith("{"))
        expect(liveEventSchema.safeParse(JSON.parse(b)).success).toBe(false);
    }
    expect(parseLiveEvent(42)).toBeNull();
  });
});

describe("one declaration for the worker and the browser", () => {
  it("the zod schema's output is the LiveEvent type the browser reads", () => {
    expectTypeOf<z.output<typeof liveEventSchema>>().toEqualTypeOf<LiveEvent>();
    expectTypeOf(parseLiveEvent).returns.toEqualTypeOf<LiveEvent | null>();
  });

  it("lists the seven events of spec 2 s7 and issue 17's optimisation progress, each covered above", () => {
    expect(LIVE_EVENT_TYPES).toHaveLength(8);
    expect(new Set(samples.map((e) => e.type))).toEqual(new Set(LIVE_EVENT_TYPES));
  });

  it("drops fields the declaration does not name, on both sides", () => {
    const wire = { type: "strategy-code-state", strId: "1", state: 10, userId: "secret" };
    expect(parseLiveEvent(JSON.stringify(wire))).toEqual({
      type: "strategy-code-state",
      strId: "1",
      state: 10,
    });
    expect(JSON.parse(encodeEvent(liveEventSchema.parse(wire)))).not.toHaveProperty("userId");
  });

  it("the worker refuses to publish a malformed event, with a message", () => {
    const bad = { type: "strategy-backtest-processing", strId: "1", btId: "2", processing: 1.5 };
    const result = liveEventSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/live event/);
    expect(chatMessageSchema.safeParse({ ...message, role: "system" }).success).toBe(false);
    expect(chatMessageSchema.parse(message)).toEqual(message);
  });
});
