import { describe, expect, it } from "vitest";
import { checkSpec } from "./check-spec.fixture";
import { EXIT_PHRASINGS } from "./exit-phrasings.fixture";
import { interpret } from "./index";

// Each of the project's exit and risk wordings (exit-phrasings.fixture.ts) is read as a first description.

describe("exit and risk phrasings", () => {
  for (const c of EXIT_PHRASINGS) {
    it(c.name, () => {
      const r = interpret(c.say, null);
      const spec = r.spec;
      const e = c.expect;
      expect(spec, r.clarifications).not.toBeNull();
      if (!spec) return;
      checkSpec(spec, e);
      if (c.spec) expect(spec).toMatchObject(c.spec);
      if (e.question === false) expect(r.followUpQuestion).toBeNull();
      if (e.question === true) expect(r.followUpQuestion).not.toBeNull();
      if (e.reply) expect(r.clarifications).toMatch(e.reply);
    });
  }
});
