/**
 * Condition groups (issue 15): "close when either the price is above EMA 50 and EMA 14 is above EMA 50,
 * or the price is above EMA 200" is an OR of AND groups. A rule is all(...) AND any(...); an `allOf`
 * condition inside `any` is one alternative made of several conditions, so (A and B) or C is
 * `any: [allOf(A, B), C]`. Every AND/OR formula has such a form (an OR of ANDs), so groups hold plain
 * conditions only: one level of nesting, which keeps the outline, the EA and the chat readable.
 * Pure: no I/O (DESIGN D9).
 */
import { z } from "zod";

/** At most this many conditions in one group (a trader's alternative has two or three). */
export const GROUP_MAX = 8;

/** The group schema over the plain (non-group) conditions of spec.ts. */
export function allOfConditionSchema<T extends z.ZodType>(leaf: T) {
  return z
    .object({
      type: z.literal("allOf"),
      conditions: z
        .array(leaf)
        .min(2)
        .max(GROUP_MAX)
        .describe("every one must hold; plain conditions only (a group holds no group)"),
    })
    .describe(
      "a group of conditions that must all hold: put groups in a rule's `any` for (A and B) or C = any: [allOf(A, B), C]",
    );
}

// Type-only: spec.ts builds its schemas from this file's; the types come back from it.
import type { Condition, LeafCondition } from "./spec";

/** The plain conditions of a condition: a group's members, or the condition itself. */
export function leavesOf(c: Condition): LeafCondition[] {
  return c.type === "allOf" ? c.conditions : [c];
}

/** A condition with `f` applied to each plain condition in it (a group keeps its shape). */
export function mapLeaves(c: Condition, f: (leaf: LeafCondition) => LeafCondition): Condition {
  return c.type === "allOf" ? { ...c, conditions: c.conditions.map(f) } : f(c);
}
