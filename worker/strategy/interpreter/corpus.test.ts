import { describe, expect, it } from "vitest";
import type { Distance, Rule, StrategySpec } from "../spec";
import { CORPUS, type Expect } from "./corpus.fixture";
import { ENTRY_PHRASINGS } from "./entry-phrasings.fixture";
import { interpret } from "./index";
import { notation } from "./notation";
import { PHRASINGS } from "./phrasings.fixture";

// Every corpus case is replayed turn by turn; each turn's spec is checked field by field
// in the compact notation documented in corpus.fixture.ts.

function rule(r: Rule | undefined): string[] | null {
  return r ? r.all.map(notation) : null;
}

function distance(d: Distance | undefined): string | null {
  if (!d) return null;
  if (d.unit === "atr") return `${d.multiple} ${d.ref.replace(/^atr/, "atr")}`;
  if (d.unit === "percent") return `${d.value}%`;
  return `${d.value} ${d.unit}`;
}

function check(spec: StrategySpec | null, e: Expect): void {
  if (e.noSpec) {
    expect(spec).toBeNull();
    return;
  }
  expect(spec).not.toBeNull();
  if (!spec) return;
  if (e.timeframe !== undefined) expect(spec.timeframe).toBe(e.timeframe);
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
    const text = t ? `${distance(t.distance)}${t.start ? ` from ${distance(t.start)}` : ""}` : null;
    expect(text).toBe(e.trailing);
  }
  if (e.breakEven !== undefined) {
    const b = spec.breakEven;
    const text = b ? `${distance(b.trigger)}${b.offset ? ` +${distance(b.offset)}` : ""}` : null;
    expect(text).toBe(e.breakEven);
  }
  if (e.sizing !== undefined) {
    const s = spec.sizing;
    expect(
      s.type === "fixed" ? `${s.lots} lots` : s.type === "riskPercent" ? `${s.percent}% risk` : s.type,
    ).toBe(e.sizing);
  }
  if (e.sessions !== undefined) expect(spec.timeFilter?.sessions ?? null).toEqual(e.sessions);
  if (e.hours !== undefined) {
    const h = spec.timeFilter?.hours;
    expect(h ? [h.from, h.to] : null).toEqual(e.hours);
  }
  if (e.weekdays !== undefined) expect(spec.timeFilter?.weekdays ?? null).toEqual(e.weekdays);
  if (e.maxPositions !== undefined) expect(spec.maxOpenPositions).toBe(e.maxPositions);
  if (e.closeOnOpposite !== undefined) expect(spec.closeOnOpposite).toBe(e.closeOnOpposite);
}

describe("interpreter corpus", () => {
  it("has at least 80 cases", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(80);
  });

  for (const c of [...CORPUS, ...PHRASINGS, ...ENTRY_PHRASINGS]) {
    it(c.name, () => {
      let spec: StrategySpec | null = null;
      for (const [i, turn] of c.turns.entries()) {
        const r = interpret(turn.say, spec);
        const where = `turn ${i + 1}: "${turn.say}"\nreply: ${r.clarifications}\nspec: ${JSON.stringify(r.spec)}`;
        try {
          check(r.spec, turn.expect);
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
