/**
 * Versions of the StrategySpec document (DESIGN D4). v2 only adds constructs to v1 (price constructs,
 * arithmetic operands, exits, orders, filters), so a v1 document is a v2 document once its version says 2:
 * every v1 construct keeps its meaning. This is the one migration, used by parseSpec for anything read
 * (an old file, an LLM's answer) and mirrored by the D1 migration 0007_spec_v2.sql for stored rows.
 * Pure (DESIGN D9).
 */

/** The document with its version brought to 2; anything that is not a v1 document is returned as it is. */
export function migrateSpec(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  if (!("specVersion" in input) || input.specVersion !== 1) return input;
  return { ...input, specVersion: 2 };
}
