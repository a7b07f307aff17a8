import { describe, expect, it } from "vitest";
import type { Distance, Rule } from "../spec";
import { EXIT_PHRASINGS } from "./exit-phrasings.fixture";
import { interpret } from "./index";
import { notation } from "./notation";

// Each of the project's exit and risk wordings (exit-phrasings.fixture.ts) is read as a first description.

const rule = (r: Rule | undefined) => (r ? r.all.map(notation) : null);
function distance(d: Distance | undefined): string | null {
  if (!d) return null;
  if (d.unit === "atr") return `${d.multiple} ${d.ref}`;
  if (d.unit === "percent") return `${d.value}%`;
  return `${d.value} ${d.unit}`;
}

describe("exit and risk phrasings", () => {
  for (const c of EXIT_PHRASINGS) {
    it(c.name, () => {
      const r = interpret(c.say, null);
      const spec = r.spec;
      const e = c.expect;
      expect(spec, r.clarifications).not.toBeNull();
      if (!spec) return;
      if (e.direction !== undefined) expect(spec.direction).toBe(e.direction);
      if (e.indicators !== undefined)
        expect(spec.indicators.map((i) => i.id).sort()).toEqual([...e.indicators].sort());
      if (e.long !== undefined) expect(rule(spec.entry.long)).toEqual(e.long);
      if (e.short !== undefined) expect(rule(spec.entry.short)).toEqual(e.short);
      if (e.longExit !== undefined) expect(rule(spec.exit.long)).toEqual(e.longExit);
      if (e.shortExit !== undefined) expect(rule(spec.exit.short)).toEqual(e.shortExit);
      if (e.stopLoss !== undefined) expect(distance(spec.stopLoss)).toBe(e.stopLoss);
      if (e.takeProfit !== undefined) expect(distance(spec.takeProfit)).toBe(e.takeProfit);
      if (e.trailing !== undefined) {
        const t = spec.trailingStop;
        expect(t ? `${distance(t.distance)}${t.start ? ` from ${distance(t.start)}` : ""}` : null).toBe(
          e.trailing,
        );
      }
      if (e.breakEven !== undefined) {
        const b = spec.breakEven;
        expect(b ? `${distance(b.trigger)}${b.offset ? ` +${distance(b.offset)}` : ""}` : null).toBe(
          e.breakEven,
        );
      }
      if (e.sizing !== undefined) {
        const s = spec.sizing;
        expect(
          s.type === "fixed" ? `${s.lots} lots` : s.type === "riskPercent" ? `${s.percent}% risk` : s.type,
        ).toBe(e.sizing);
      }
      if (e.hours !== undefined) {
        const h = spec.timeFilter?.hours;
        expect(h ? [h.from, h.to] : null).toEqual(e.hours);
      }
      if (e.maxPositions !== undefined) expect(spec.maxOpenPositions).toBe(e.maxPositions);
      if (c.spec) expect(spec).toMatchObject(c.spec);
      if (e.question === false) expect(r.followUpQuestion).toBeNull();
      if (e.question === true) expect(r.followUpQuestion).not.toBeNull();
      if (e.reply) expect(r.clarifications).toMatch(e.reply);
    });
  }
});
