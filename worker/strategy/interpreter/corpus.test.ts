import { describe, expect, it } from "vitest";
import type { StrategySpec } from "../spec";
import { checkSpec } from "./check-spec.fixture";
import { CORPUS } from "./corpus.fixture";
import { ENTRY_PHRASINGS } from "./entry-phrasings.fixture";
import { FORUM_PHRASINGS } from "./forum-phrasings.fixture";
import { interpret } from "./index";
import { INDEXED_PRICE_PHRASINGS } from "./indexed-prices-phrasings.fixture";
import { PHRASINGS } from "./phrasings.fixture";
import { PLATFORM_PHRASINGS } from "./platform-phrasings.fixture";
import { SEQUENCE_PHRASINGS } from "./sequence-phrasings.fixture";
import { SMOOTHING_PHRASINGS } from "./smoothing-phrasings.fixture";
import { TIMEFRAME_PHRASINGS } from "./timeframe-phrasings.fixture";

// Every corpus case is replayed turn by turn; each turn's spec is checked field by field
// in the compact notation documented in corpus.fixture.ts.

describe("interpreter corpus", () => {
  it("has at least 80 cases", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(80);
  });

  for (const c of [
    ...CORPUS,
    ...PHRASINGS,
    ...ENTRY_PHRASINGS,
    ...SMOOTHING_PHRASINGS,
    ...SEQUENCE_PHRASINGS,
    ...TIMEFRAME_PHRASINGS,
    ...FORUM_PHRASINGS,
    ...PLATFORM_PHRASINGS,
    ...INDEXED_PRICE_PHRASINGS,
  ]) {
    it(c.name, () => {
      let spec: StrategySpec | null = null;
      for (const [i, turn] of c.turns.entries()) {
        const r = interpret(turn.say, spec);
        const where = `turn ${i + 1}: "${turn.say}"\nreply: ${r.clarifications}\nspec: ${JSON.stringify(r.spec)}`;
        try {
          checkSpec(r.spec, turn.expect);
          const q = turn.expect.question;
          if (q === true) expect(r.followUpQuestion).not.toBeNull();
          if (q === false) expect(r.followUpQuestion).toBeNull();
          if (q instanceof RegExp) expect(r.followUpQuestion ?? "").toMatch(q);
          if (turn.expect.reply) expect(r.clarifications).toMatch(turn.expect.reply);
          if (turn.expect.change) expect(r.changes.join("\n")).toMatch(turn.expect.change);
          if (r.followUpQuestion) expect(r.clarifications).toContain(r.followUpQuestion);
        } catch (err) {
          throw new Error(`${where}\n${err instanceof Error ? err.message : String(err)}`);
        }
        spec = r.spec;
      }
    });
  }
});
