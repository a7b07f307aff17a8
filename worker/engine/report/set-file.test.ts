import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateMql5 } from "../../mql5/generator";
import { parseSpec } from "../../strategy/spec";
import { eaSetFile } from "./set-file";

const dir = path.resolve(process.cwd(), "examples/strategies");
const PERIODS: Record<string, string> = {
  PERIOD_H1: "16385",
  PERIOD_H4: "16388",
  PERIOD_M15: "15",
  PERIOD_D1: "16408",
};

describe("the EA's inputs as a .set file", () => {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    it(`${file}: one name=value line per input of the generated EA, same names and values`, () => {
      const parsed = parseSpec(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
      if (!parsed.ok) throw new Error(`${file} does not parse`);
      const code = generateMql5(parsed.spec, { strategyId: "str-1", title: "Test" });
      const inputs = [...code.matchAll(/^input (?!group)\S+ (\w+) = ([^;]+);/gm)].map((m) => [
        m[1],
        PERIODS[m[2]] ?? m[2].replace(/^"(.*)"$/, "$1"),
      ]);
      const set = eaSetFile(parsed.spec, "str-1", "Test");
      expect(set.endsWith("\r\n")).toBe(true);
      const lines = set
        .split("\r\n")
        .filter((l) => l && !l.startsWith(";"))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]);
      expect(inputs.length).toBeGreaterThan(3);
      expect(lines).toEqual(inputs);
    });
  }
});
