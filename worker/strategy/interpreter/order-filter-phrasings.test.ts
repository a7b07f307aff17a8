import { describe, expect, it } from "vitest";
import { checkSpec } from "./check-spec.fixture";
import { interpret } from "./index";
import { ORDER_FILTER_PHRASINGS } from "./order-filter-phrasings.fixture";

// Each of the project's order-filter and tier wordings (order-filter-phrasings.fixture.ts) is read as a first description.

function at(value: unknown, path: string): unknown {
  let v = value;
  for (const key of path.split("."))
    v = v !== null && typeof v === "object" ? Reflect.get(v, key) : undefined;
  return v;
}

describe("order-management filter and equity tier phrasings", () => {
  for (const c of ORDER_FILTER_PHRASINGS) {
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
