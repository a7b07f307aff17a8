import { describe, expect, it } from "vitest";
import type { StrategySpec } from "../spec";
import { checkSpec } from "./check-spec.fixture";
import { interpret } from "./index";
import { NAMED_PHRASINGS } from "./named-phrasings.fixture";

// Conditions defined in words and used by name, sequences cut over sentences, settings from an inputs list and
// channel breaks (named-phrasings.fixture.ts): each turn is a first message, checked field by field.
describe("named conditions, split sequences, inputs lists", () => {
  for (const c of NAMED_PHRASINGS) {
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
          if (turn.expect.reply) expect(r.clarifications).toMatch(turn.expect.reply);
        } catch (err) {
          throw new Error(`${where}\n${err instanceof Error ? err.message : String(err)}`);
        }
      }
    });
  }
});
