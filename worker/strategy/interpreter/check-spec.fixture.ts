/**
 * Test-only: checks an interpreted spec field by field against an Expect, in the compact notation documented
 * in corpus.fixture.ts (the corpus and the exit-phrasings tests), and builds the spec of a first message.
 */
import { expect } from "vitest";
import type { Distance, Rule, StrategySpec } from "../spec";
import type { Expect } from "./corpus.fixture";
import { interpret } from "./index";
import { notation } from "./notation";

function rule(r: Rule | undefined): string[] | null {
  return r ? r.all.map(notation) : null;
}

function distance(d: Distance | undefined): string | null {
  if (!d) return null;
  if (d.unit === "atr") return `${d.multiple} ${d.ref}`;
  if (d.unit === "percent") return `${d.value}%`;
  return `${d.value} ${d.unit}`;
}

export function checkSpec(spec: StrategySpec | null, e: Expect): void {
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
  if (e.longAny !== undefined) expect((spec.entry.long?.any ?? []).map(notation)).toEqual(e.longAny);
  if (e.shortAny !== undefined) expect((spec.entry.short?.any ?? []).map(notation)).toEqual(e.shortAny);
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

/** The spec of a first chat message; throws with the assistant's reply when it builds none. */
export function build(message: string): StrategySpec {
  const r = interpret(message, null);
  if (!r.spec) throw new Error(`no spec for ${message}: ${r.clarifications}`);
  return r.spec;
}
