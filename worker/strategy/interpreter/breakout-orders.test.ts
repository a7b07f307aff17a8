import { describe, expect, it } from "vitest";
import { BREAKOUT_ORDER_PHRASINGS } from "./breakout-order-phrasings.fixture";
import { checkSpec } from "./check-spec.fixture";
import { interpret } from "./index";

// Each of the project's breakout-order wordings (breakout-order-phrasings.fixture.ts) is read as a first description.

function at(value: unknown, path: string): unknown {
  let v = value;
  for (const key of path.split("."))
    v = v !== null && typeof v === "object" ? Reflect.get(v, key) : undefined;
  return v;
}

describe("entry orders at levels, breakout margins, other-side and candle stops", () => {
  for (const c of BREAKOUT_ORDER_PHRASINGS) {
    it(c.name, () => {
      const r = interpret(c.say, null);
      const spec = r.spec;
      const e = c.expect;
      expect(spec, r.clarifications).not.toBeNull();
      if (!spec) return;
      checkSpec(spec, e);
      if (c.spec) expect(spec).toMatchObject(c.spec);
      for (const path of c.absent ?? []) expect(at(spec, path), path).toBeUndefined();
      if (e.question === false) expect(r.followUpQuestion).toBeNull();
      if (e.reply) expect(r.clarifications).toMatch(e.reply);
    });
  }
});
