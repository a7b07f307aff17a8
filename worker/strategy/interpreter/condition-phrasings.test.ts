import { describe, expect, it } from "vitest";
import type { StrategySpec } from "../spec";
import { checkSpec } from "./check-spec.fixture";
import { CONDITION_PHRASINGS } from "./condition-phrasings.fixture";
import { interpret } from "./index";

// Each case is replayed turn by turn against a fresh chat (every turn is a first message); the spec is checked
// field by field in the notation of corpus.fixture.ts.
describe("condition phrasings", () => {
  for (const c of CONDITION_PHRASINGS) {
    it(c.name, () => {
      for (const [i, turn] of c.turns.entries()) {
        const r = interpret(turn.say, null);
        const spec: StrategySpec | null = r.spec;
        const where = `turn ${i + 1}: "${turn.say}"\nreply: ${r.clarifications}\nspec: ${JSON.stringify(spec)}`;
        try {
          checkSpec(spec, turn.expect);
          const q = turn.expect.question;
          if (q === true) expect(r.followUpQuestion).not.toBeNull();
          if (q === false) expect(r.followUpQuestion).toBeNull();
          if (q instanceof RegExp) expect(r.followUpQuestion ?? "").toMatch(q);
        } catch (err) {
          throw new Error(`${where}\n${err instanceof Error ? err.message : String(err)}`);
        }
      }
    });
  }
});
