import { describe, expect, it } from "vitest";
import { parseSpec, SPEC_VERSION, specJsonSchema } from "./spec";
import { V1_DOCUMENTS } from "./spec-v1.fixture";
import { migrateSpec } from "./spec-version";

describe("StrategySpec versions", () => {
  it.each(V1_DOCUMENTS.map((d) => [String(d.name), d]))(
    "a v1 document (%s) reads as the same v2 spec",
    (_, v1) => {
      const r = parseSpec(v1);
      if (!r.ok) throw new Error(JSON.stringify(r.issues));
      expect(r.spec.specVersion).toBe(2);
      // Everything but the version is what v1 said: v2 only adds constructs.
      const { specVersion: _v1, ...rest } = v1;
      expect(r.spec).toMatchObject(rest);
      // The migration is the identity on a v2 document, and the migrated document parses on its own.
      const migrated = migrateSpec(v1);
      expect(migrateSpec(migrated)).toEqual(migrated);
      expect(parseSpec(migrated)).toEqual(r);
    },
  );

  it("leaves an unknown version alone, so the schema refuses it by name", () => {
    const r = parseSpec({ ...V1_DOCUMENTS[0], specVersion: 3 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0].path).toBe("specVersion");
    expect(migrateSpec(null)).toBe(null);
    expect(migrateSpec([1])).toEqual([1]);
  });

  it("the JSON Schema for the LLM providers asks for version 2 only", () => {
    expect(SPEC_VERSION).toBe(2);
    const schema = specJsonSchema() as { properties: { specVersion: { const: number } } };
    expect(schema.properties.specVersion.const).toBe(2);
  });
});
