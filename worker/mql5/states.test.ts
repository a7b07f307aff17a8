import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../strategy/spec";
import { checkMql5 } from "./check/checker";
import { type GenerateOptions, generateMql5 } from "./generator";
import {
  CODE_STATE,
  codeStateMessage,
  completeCode,
  consumesCredits,
  isCodeReady,
  isCodeState,
  isFinalState,
  runGeneration,
} from "./states";

const parsed = parseSpec(
  JSON.parse(readFileSync(join(__dirname, "../../examples/strategies/sma-cross-10-20.json"), "utf8")),
);
if (!parsed.ok) throw new Error("example spec does not parse");
const spec: StrategySpec = parsed.spec;
const opts = { strategyId: "77", title: "SMA cross" };

/** The full build is broken (an unknown call slipped in); the conservative one is fine. */
const brokenFull = (s: StrategySpec, o: GenerateOptions): string => {
  const code = generateMql5(s, o);
  return o.mode === "conservative" ? code : code.replace("   g_dataOk = true;\n", "   SendNow();\n");
};
const alwaysBroken = (s: StrategySpec, o: GenerateOptions): string =>
  `${generateMql5(s, o)}\nvoid Extra() { Oops(); }\n`;

describe("state numbers", () => {
  it("are the spec's", () => {
    // Spec 2 s4's table: started 0; generated 10, ok 11, error 12; rebuilt 20, 21, 22; ok 100; error 200.
    const spec = [0, 10, 11, 12, 20, 21, 22, 100, 200];
    expect(Object.values(CODE_STATE)).toEqual(spec);
    expect(Object.keys(CODE_STATE).join(" ")).toBe(
      "STARTED GENERATED GENERATED_OK GENERATED_ERROR REBUILDED REBUILDED_OK REBUILDED_ERROR OK ERROR",
    );
    expect(isCodeState(21)).toBe(true);
    expect(isCodeState(13)).toBe(false);
    expect(isCodeState("11")).toBe(false);
  });

  it("charge credits only for a ready generation, and complete only from one", () => {
    expect([0, 10, 11, 12, 20, 21, 22, 100, 200].filter((s) => isCodeState(s) && consumesCredits(s))).toEqual(
      [11, 21],
    );
    expect([0, 10, 11, 12, 20, 21, 22, 100, 200].filter((s) => isCodeState(s) && isCodeReady(s))).toEqual([
      11, 21, 100,
    ]);
    expect([0, 10, 11, 12, 20, 21, 22, 100, 200].filter((s) => isCodeState(s) && isFinalState(s))).toEqual([
      11, 21, 22, 100, 200,
    ]);
    expect(completeCode(CODE_STATE.GENERATED_OK)).toBe(CODE_STATE.OK);
    expect(completeCode(CODE_STATE.REBUILDED_OK)).toBe(CODE_STATE.OK);
    expect(completeCode(CODE_STATE.REBUILDED_ERROR)).toBeNull();
    expect(completeCode(CODE_STATE.OK)).toBeNull();
  });

  it("carry the spec's failure messages", () => {
    expect(codeStateMessage(CODE_STATE.ERROR)).toBe(
      "There is an error generating the code. No credits have been used.",
    );
    expect(codeStateMessage(CODE_STATE.REBUILDED_ERROR)).toBe(
      "It is not possible to fix the errors automatically. No credits have been used.",
    );
    expect(codeStateMessage(CODE_STATE.GENERATED_OK)).toBeNull();
  });
});

describe("runGeneration", () => {
  it("STARTED -> GENERATED -> GENERATED_OK with the real generator and checker", () => {
    const run = runGeneration(spec, opts);
    expect(run.states).toEqual([0, 10, 11]);
    expect(run.final).toBe(CODE_STATE.GENERATED_OK);
    expect(run.errors).toEqual([]);
    expect(run.code).toBe(generateMql5(spec, { ...opts, mode: "full" }));
  });

  it("GENERATED_ERROR -> REBUILDED -> REBUILDED_OK when the conservative build passes", () => {
    const run = runGeneration(spec, opts, checkMql5, brokenFull);
    expect(run.states).toEqual([0, 10, 12, 20, 21]);
    expect(run.final).toBe(CODE_STATE.REBUILDED_OK);
    expect(run.code).toBe(generateMql5(spec, { ...opts, mode: "conservative" }));
    expect(run.errors).toEqual([]);
  });

  it("the broken build really is rejected by the checker (the test above is not vacuous)", () => {
    const result = checkMql5(brokenFull(spec, { ...opts, mode: "full" }));
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => e.message)).toContain("unknown function 'SendNow'");
  });

  it("REBUILDED_ERROR with the checker's findings when both builds fail", () => {
    const run = runGeneration(spec, opts, checkMql5, alwaysBroken);
    expect(run.states).toEqual([0, 10, 12, 20, 22]);
    expect(run.final).toBe(CODE_STATE.REBUILDED_ERROR);
    expect(run.errors).toEqual([
      expect.objectContaining({
        message: "unknown function 'Oops'",
        line: (run.code ?? "").split("\n").length - 1,
      }),
    ]);
  });

  it("passes the mode to the generator: full first, conservative on the rebuild", () => {
    const modes: (string | undefined)[] = [];
    runGeneration(
      spec,
      opts,
      () => ({ ok: false, errors: [{ line: 1, column: 1, message: "no" }] }),
      (s, o) => {
        modes.push(o.mode);
        return generateMql5(s, o);
      },
    );
    expect(modes).toEqual(["full", "conservative"]);
  });

  it("ERROR when the generator throws, with no code", () => {
    const run = runGeneration(spec, opts, checkMql5, () => {
      throw new Error("boom");
    });
    expect(run.states).toEqual([0, 200]);
    expect(run.final).toBe(CODE_STATE.ERROR);
    expect(run.failure).toBe("boom");
    expect(run.code).toBeNull();
  });

  it("ERROR when the rebuild throws after a failed check", () => {
    const run = runGeneration(spec, opts, checkMql5, (s, o) => {
      if (o.mode === "conservative") throw new Error("no fallback");
      return alwaysBroken(s, o);
    });
    expect(run.states).toEqual([0, 10, 12, 200]);
    expect(run.failure).toBe("no fallback");
  });
});
