/**
 * Test-only: the generator tests' shared steps. A spec read from a repository file or given as a
 * document, the EA generated from it (strategy 1042, "Test strategy"), and the text of one of its functions.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { parseSpec, type StrategySpec } from "../../strategy/spec";
import { generateMql5, type Mode } from "../generator";

/** A valid spec from a document; throws with the issues otherwise. */
export function specOf(doc: unknown): StrategySpec {
  const r = parseSpec(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

/** The spec of a JSON file named by its path from the repository root (examples/..., tests/...). */
export function loadSpec(path: string): StrategySpec {
  const doc: unknown = JSON.parse(readFileSync(join(__dirname, "../../..", path), "utf8"));
  try {
    return specOf(doc);
  } catch (e) {
    throw new Error(`${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export const gen = (s: StrategySpec, mode: Mode = "full"): string =>
  generateMql5(s, { strategyId: "1042", title: "Test strategy", mode });

/** The body of one generated function, for assertions about where code lives. */
export function body(code: string, signature: string): string {
  const start = code.indexOf(`${signature}\n  {`);
  expect(start, `function ${signature}`).toBeGreaterThanOrEqual(0);
  return code.slice(start, code.indexOf("\n  }\n", start));
}
