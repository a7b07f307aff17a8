import { describe, expect, it } from "vitest";
import { checkSpec } from "./check-spec.fixture";
import { interpret } from "./index";
import { RISK_PHRASINGS } from "./risk-phrasings.fixture";

// Each of the project's stop, target and sizing wordings (risk-phrasings.fixture.ts) read as a first description.

describe("stop, target and sizing phrasings", () => {
  for (const c of RISK_PHRASINGS) {
    it(c.name, () => {
      const r = interpret(c.say, null);
      expect(r.spec, r.clarifications).not.toBeNull();
      checkSpec(r.spec, c.expect);
      if (c.spec) expect(r.spec).toMatchObject(c.spec);
      if (c.not) expect(r.spec).not.toMatchObject(c.not);
      if (c.expect.question === false) expect(r.followUpQuestion).toBeNull();
    });
  }
});
