/**
 * Issue 14: the D1 migration 0007_spec_v2 brings stored v1 specs to v2. Real v1 rows (the documents v1
 * writers stored) are written as a strategy's versions, the migration's own statements run on them, and
 * the rows and the strategy's details read back as v2, equal to migrateSpec's answer.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { V1_DOCUMENTS } from "../../worker/strategy/spec-v1.fixture";
import { migrateSpec } from "../../worker/strategy/spec-version";
import { data } from "./answers";
import { ai, freeUser } from "./strategies-helpers";

const MIGRATION = "0007_spec_v2.sql";

async function runMigration(): Promise<void> {
  const m = env.TEST_MIGRATIONS.find((x) => x.name === MIGRATION);
  if (!m) throw new Error(`${MIGRATION} is not among the migrations`);
  for (const q of m.queries) await env.DB.prepare(q).run();
}

async function storedSpecs(strategyId: number): Promise<Map<number, string>> {
  const rows = await env.DB.prepare(
    "SELECT version, spec FROM strategy_specs WHERE strategy_id = ? ORDER BY version",
  )
    .bind(strategyId)
    .all<{ version: number; spec: string }>();
  return new Map(rows.results.map((r) => [r.version, r.spec]));
}

describe("D1 migration 0007: stored StrategySpec v1 rows become v2", () => {
  it("migrates every v1 version of a strategy, leaves v2 rows byte for byte, and the details read v2", async () => {
    const cookie = await freeUser();
    const { strId } = z
      .object({ strId: z.string() })
      .parse(data(await ai("strategy/new", { title: "Old strategy", description: "Trend" }, cookie)));
    const id = Number(strId);
    const user = await env.DB.prepare("SELECT user_id FROM strategies WHERE id = ?")
      .bind(id)
      .first<{ user_id: string }>();
    if (!user) throw new Error("strategy row missing");
    // Versions 1..3 as v1 wrote them (whitespace and key order as stored), version 4 already v2.
    const v2Row = JSON.stringify({ ...V1_DOCUMENTS[0], specVersion: 2 });
    const rows = [...V1_DOCUMENTS.map((d) => JSON.stringify(d, null, 1)), v2Row];
    for (const [k, spec] of rows.entries())
      await env.DB.prepare(
        "INSERT INTO strategy_specs (strategy_id, version, user_id, spec, created_at) VALUES (?, ?, ?, ?, ?)",
      )
        .bind(id, k + 1, user.user_id, spec, 1_700_000_000_000 + k)
        .run();
    await env.DB.prepare("UPDATE strategies SET spec_version = 3 WHERE id = ?").bind(id).run();

    await runMigration();
    const after = await storedSpecs(id);
    for (const [k, v1] of V1_DOCUMENTS.entries()) {
      const stored: unknown = JSON.parse(after.get(k + 1) ?? "null");
      expect(stored).toEqual(migrateSpec(v1));
      expect(stored).toMatchObject({ specVersion: 2 });
    }
    expect(after.get(4)).toBe(v2Row);

    // Running it again changes nothing (a re-applied or partly applied migration is harmless).
    await runMigration();
    expect(await storedSpecs(id)).toEqual(after);

    // The strategy's details serve the migrated version 3 (the previous-bar breakout at night).
    const details = z
      .object({
        main: z.object({
          spec: z.object({ specVersion: z.number(), name: z.string() }),
          version: z.number(),
        }),
      })
      .parse(data(await ai("strategy/details", { strId }, cookie)));
    expect(details.main).toMatchObject({ version: 3, spec: { specVersion: 2, name: V1_DOCUMENTS[2].name } });
  });
});
