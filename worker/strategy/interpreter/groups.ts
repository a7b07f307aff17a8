import type { Condition as SpecCondition } from "../spec";
import { GROUP_MAX, leavesOf } from "../spec";
import { type Builder, type Ctx, same } from "./builder";
import type { Clause, Condition, Facts } from "./facts";

// An OR of AND groups (issue 15): "close when either A and B, or C", "exit when A or when B and C", a list
// introduced by "any of the following" / "(any of the conditions)" whose items are alternatives, an item that
// ends in "or". Each alternative is read as a clause of its own; clauses of one alternative set share an
// `orGroup` id, and collapseGroups turns them into one clause whose `groups` the rule's `any` receives (an
// allOf per alternative of several conditions, spec-groups.ts). Plain "A and B" and plain "A or B" are left
// to the readings that already had them. Normalised text.

/** "any of the following", "(any of the conditions)", "one of these", "at least one of": alternatives follow. */
export const ANY_MARKER =
  /\b(?:any|one|either)\s+of\s+(?:the\s+|these\s+)?(?:following|conditions?|these|below|signals?|rules?|criteria)\b|\bat\s+least\s+one\s+of\b|\bwhichever\s+comes\s+first\b/;
/** "(all conditions must be met)", "all of the following": the items are ANDed. */
export const ALL_MARKER =
  /\ball\s+(?:of\s+)?(?:the\s+)?(?:following\s+)?(?:conditions?|rules?|criteria)\s+(?:must|should|have to|need to)\b|\ball\s+of\s+the\s+following\b/;

/**
 * The alternatives of one clause's text split at a top-level "or" (", or", "or when", "or if"), "either" left
 * out, and at numbered items ("1) ... 2) ...") after an "any of" marker; null when there is only one.
 */
export function splitAlternatives(text: string): string[] | null {
  const any = ANY_MARKER.test(text);
  let t = text.replace(/\beither\b\s*/g, "");
  if (any) t = t.replace(ANY_MARKER, " ").replace(/\s\d\s*\)\s*/g, " or ");
  const parts = t
    .split(/\s*,?\s*\bor\b\s*(?=(?:else\s+)?(?:when|if|where|after|once|the|a|an|price|close|[a-z0-9]))/)
    .map((p) => p.replace(/^(?:else\s+)?/, "").trim())
    .filter((p) => p.length > 0 && !/^[(),\s]*$/.test(p));
  return parts.length > 1 ? parts : null;
}

interface RawLike {
  text: string;
  clause: Clause;
}

/**
 * Splits the clauses of one sentence whose "or" joins groups of conditions ("exit when A or when B and C"):
 * each alternative is read again (`read`), keeps the clause's role and side, and shares a new orGroup id. A
 * split is kept only when every alternative reads as at least one condition and together they read as many
 * as the whole clause (nothing lost to the split), and when one alternative has several conditions or the
 * text says "either"/"any of" (a plain "A or B" keeps its reading).
 */
export function splitGroups<R extends RawLike>(
  raws: R[],
  read: (text: string) => R,
  nextId: () => number,
): R[] {
  const out: R[] = [];
  for (const raw of raws) {
    const c = raw.clause;
    // A clause whose alternatives its grammar already read ("a hammer or an engulfing candle") is not split.
    const parts =
      c.conditions.length >= 2 && c.orGroup === undefined && c.groups === undefined
        ? splitAlternatives(raw.text)
        : null;
    const reads = parts?.map(read) ?? [];
    const counts = reads.map((r) => r.clause.conditions.length);
    const total = counts.reduce((n, k) => n + k, 0);
    // An entry's "A or B" with no "and" is also two ways in: read as AND it would ask both at once.
    const stated =
      /\beither\b/.test(raw.text) ||
      ANY_MARKER.test(raw.text) ||
      (c.role === "entry" && !/\band\b|&/.test(raw.text));
    if (
      reads.length < 2 ||
      counts.some((k) => k === 0) ||
      total !== c.conditions.length ||
      (!counts.some((k) => k >= 2) && !stated)
    ) {
      out.push(raw);
      continue;
    }
    const id = nextId();
    for (const r of reads) {
      r.clause.role = c.role;
      r.clause.side = c.side;
      r.clause.additive = c.additive;
      r.clause.orGroup = id;
      delete r.clause.dangling;
      out.push(r);
    }
  }
  return out;
}

/**
 * Alternatives across the items of a list: after a sentence that says "any of the conditions" (and has none of
 * its own), the items with the same role and side are alternatives until another role, side or marker; an
 * item ending in "or" makes the next item its alternative. Called per sentence with its clauses (role and side
 * settled) in order.
 */
export class ListAlternatives {
  private open: { role: Clause["role"]; side: Clause["side"]; id: number } | null = null;
  private trailing: Clause | null = null;
  constructor(private readonly nextId: () => number) {}

  sentence(text: string, clauses: readonly Clause[]): void {
    const withConds = clauses.filter((c) => c.conditions.length > 0);
    const trailing = this.trailing;
    this.trailing = null;
    if (withConds.length === 0) {
      const c = clauses[0];
      if (c && ANY_MARKER.test(text)) this.open = { role: c.role, side: c.side, id: this.nextId() };
      else if (
        ALL_MARKER.test(text) ||
        (c && this.open && (c.role !== this.open.role || c.side !== this.open.side))
      )
        this.open = null;
      return;
    }
    const one = withConds.length === 1 || withConds.every((c) => c.orGroup === withConds[0].orGroup);
    const first = withConds[0];
    const open = this.open;
    if (open && one && first.role === open.role && first.side === open.side) {
      for (const c of withConds) c.orGroup = open.id;
    } else {
      this.open = null;
      if (trailing && one && first.role === trailing.role && first.side === trailing.side) {
        const id = trailing.orGroup ?? this.nextId();
        trailing.orGroup = id;
        for (const c of withConds) c.orGroup = id;
      }
    }
    // "... (2 conditions) or": the next item is this one's alternative.
    if (/\bor\s*$/.test(text) && one) this.trailing = withConds[withConds.length - 1];
  }
}

/** Clauses of one orGroup as one clause: its `groups` the alternatives, its conditions all of them. */
export function collapseGroups(facts: Facts): void {
  const byId = new Map<number, Clause>();
  const keep: Clause[] = [];
  for (const c of facts.clauses) {
    if (c.orGroup === undefined) {
      keep.push(c);
      continue;
    }
    const head = byId.get(c.orGroup);
    if (!head) {
      byId.set(c.orGroup, c);
      c.groups = [c.conditions];
      keep.push(c);
      continue;
    }
    head.groups = [...(head.groups ?? []), c.conditions];
    head.conditions = [...head.conditions, ...c.conditions];
  }
  // A "group" of one alternative is a plain clause.
  for (const c of keep)
    if (c.groups && c.groups.length < 2) {
      delete c.groups;
      delete c.orGroup;
    }
  facts.clauses = keep;
}

/** The alternatives as a rule's `any` conditions: a plain condition, or an allOf of several. */
export function alternatives(
  b: Builder,
  groups: readonly (readonly Condition[])[],
  ctx: Ctx,
): SpecCondition[] | null {
  const out: SpecCondition[] = [];
  for (const g of groups) {
    const cs = b.conditions(g, ctx);
    if (!cs || cs.length === 0) return null;
    const leaves = cs.flatMap(leavesOf).slice(0, GROUP_MAX);
    const alt: SpecCondition = leaves.length === 1 ? leaves[0] : { type: "allOf", conditions: leaves };
    // "a hammer or a bullish pin bar" name one pattern twice: one alternative.
    if (!out.some((o) => same(o, alt))) out.push(alt);
  }
  return out;
}
