import { describe, expect, it } from "vitest";
import { checkSpec } from "./check-spec.fixture";
import { interpret } from "./index";
import type { OrderCase } from "./order-phrasings.fixture";

// Replays order-shaped phrasing cases (order, breakout-order and order-filter fixtures) as first descriptions:
// `expect` as in corpus.fixture.ts, `spec` a part the built spec must contain, `absent` paths that must be unset.

function at(value: unknown, path: string): unknown {
  let v = value;
  for (const key of path.split("."))
    v = v !== null && typeof v === "object" ? Reflect.get(v, key) : undefined;
  return v;
}

export function replayOrderCases(title: string, cases: readonly OrderCase[]): void {
  describe(title, () => {
    for (const c of cases) {
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
}
