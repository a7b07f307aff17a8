import { describe, expect, it } from "vitest";
import { z } from "zod";
import { data } from "./answers";
import { ai, freeUser, STRATEGY_TEXT } from "./strategies-helpers";

// The chat service gives the assistant what a turn needs beyond the current spec (issue 15): the version
// before it ("undo that" stores it again as the next version) and the trader's earlier messages (an answer
// to a question keeps the chart and sides the first message settled).

const created = z.object({ strId: z.string() });
const turn = z.object({
  specVersion: z.number(),
  outline: z.string(),
  messages: z.array(z.object({ role: z.string(), text: z.string() })),
});

async function send(strId: string, instructions: string, cookie: string) {
  return turn.parse(data(await ai("strategy/update", { strId, instructions }, cookie)));
}

describe("chat context", () => {
  it("'undo that' stores the previous version again", async () => {
    const cookie = await freeUser();
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "Undo", description: "d" }, cookie)),
    );
    const first = await send(strId, STRATEGY_TEXT, cookie);
    const changed = await send(strId, "make the stop 45 pips", cookie);
    expect(changed.specVersion).toBe(first.specVersion + 1);
    expect(changed.outline).toContain("45 pips");
    const undone = await send(strId, "undo that", cookie);
    expect(undone.specVersion).toBe(changed.specVersion + 1);
    expect(undone.outline).toBe(first.outline);
    expect(undone.messages.at(-1)?.text).toMatch(/Undone/);
  }, 60_000);

  it("an answer to a question keeps what the first message settled", async () => {
    const cookie = await freeUser();
    const { strId } = created.parse(
      data(await ai("strategy/new", { title: "Answer", description: "d" }, cookie)),
    );
    const asked = await send(
      strId,
      "H4: buy when price is above the ichimoku cloud, sell the opposite",
      cookie,
    );
    expect(asked.specVersion).toBe(0);
    const built = await send(strId, "never mind the cloud, take a 10/30 sma cross, stop 50 pips", cookie);
    expect(built.specVersion).toBe(1);
    expect(built.outline).toMatch(/H4/);
    expect(built.outline).toMatch(/Long and short/);
  }, 60_000);
});
