import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkMql5, runGeneration } from "../worker/mql5";
import { parseSpec } from "../worker/strategy/spec";
import { main } from "./generate";

const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), "generate-cli-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const SPEC = "examples/strategies/macd-rsi-london-atr.json";

describe("npm run generate", () => {
  it("writes the service's generation for the strategy id and title given", () => {
    const out = path.join(tmp(), "ea.mq5");
    main(["--spec", SPEC, "--out", out, "--id", "42", "--title", "My London MACD"]);
    const parsed = parseSpec(JSON.parse(readFileSync(SPEC, "utf8")));
    if (!parsed.ok) throw new Error("example spec invalid");
    const service = runGeneration(parsed.spec, { strategyId: "42", title: "My London MACD" }, checkMql5);
    const text = readFileSync(out, "utf8");
    expect(text).toBe(service.code);
    expect(text).toContain("// My London MACD");
    expect(text).toContain('"StratForge 42"');
    expect(checkMql5(text).ok).toBe(true);
  });

  it("titles the EA with the spec's name by default", () => {
    const out = path.join(tmp(), "ea.mq5");
    main(["--spec", SPEC, "--out", out]);
    expect(readFileSync(out, "utf8").split("\n")[0]).toBe(
      "// MACD cross with RSI filter, London session, ATR stop",
    );
  });

  it("refuses an invalid spec with its issues and writes nothing", () => {
    const dir = tmp();
    const spec = path.join(dir, "bad.json");
    writeFileSync(spec, JSON.stringify({ specVersion: 2, timeframe: "H1", entry: {}, maxOpenPositions: 0 }));
    const out = path.join(dir, "ea.mq5");
    expect(() => main(["--spec", spec, "--out", out])).toThrow(/maxOpenPositions/);
    expect(existsSync(out)).toBe(false);
  });

  it("says what is wrong with the arguments", () => {
    expect(() => main(["--spec", SPEC])).toThrow("--out FILE.mq5 is required");
    expect(() => main(["--spec", SPEC, "--out", "x.mq5", "--id", "abc"])).toThrow(/--id must be a positive/);
  });
});
