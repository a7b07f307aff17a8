/**
 * The checker against small corruptions of real generated code: each must be caught. This is the
 * evidence that a passing check means something for the code we ship.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSpec } from "../../strategy/spec";
import { generateMql5 } from "../generator";
import { KEYWORDS } from "./catalogue";
import { checkMql5 } from "./checker";
import { lex, type Token } from "./lexer";

const EXAMPLES = join(__dirname, "../../../examples/strategies");
const sources = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith(".json"))
  .map((f) => {
    const r = parseSpec(JSON.parse(readFileSync(join(EXAMPLES, f), "utf8")));
    if (!r.ok) throw new Error(f);
    return { file: f, code: generateMql5(r.spec, { strategyId: "5", title: f }) };
  });

/** Source offset of a token (the lexer gives line and column). */
function offsetOf(code: string, t: Token): number {
  const lines = code.split("\n");
  let offset = 0;
  for (let l = 1; l < t.line; l++) offset += lines[l - 1].length + 1;
  return offset + t.column - 1;
}
const replaceToken = (code: string, t: Token, text: string): string => {
  const at = offsetOf(code, t);
  return code.slice(0, at) + text + code.slice(at + t.text.length);
};

describe("checker against corrupted generated code", () => {
  it.each(sources)("$file: removing any semicolon is an error", ({ code }) => {
    const semis = lex(code).tokens.filter((t) => t.kind === "op" && t.text === ";");
    expect(semis.length).toBeGreaterThan(50);
    for (const t of semis) {
      expect(checkMql5(replaceToken(code, t, " ")).ok, `line ${t.line}`).toBe(false);
    }
  });

  it.each(sources)("$file: removing any bracket is an error", ({ code }) => {
    const brackets = lex(code).tokens.filter((t) => t.kind === "op" && "(){}[]".includes(t.text));
    for (const t of brackets) {
      const r = checkMql5(replaceToken(code, t, " "));
      expect(r.ok, `line ${t.line} '${t.text}'`).toBe(false);
    }
  });

  it.each(sources)("$file: misspelling any called function is an error on its line", ({ code }) => {
    const tokens = lex(code).tokens;
    let calls = 0;
    tokens.forEach((t, k) => {
      const isCall =
        t.kind === "ident" &&
        !KEYWORDS.has(t.text) &&
        tokens[k + 1]?.text === "(" &&
        tokens[k - 1]?.kind !== "ident";
      if (!isCall) return;
      calls++;
      const r = checkMql5(replaceToken(code, t, `${t.text}x`));
      expect(r.ok, `${t.text} at line ${t.line}`).toBe(false);
      expect(r.errors.map((e) => e.line)).toContain(t.line);
    });
    expect(calls).toBeGreaterThan(20);
  });

  it.each(sources)("$file: misspelling any variable read is an error on its line", ({ code }) => {
    const tokens = lex(code).tokens;
    const declared = new Set(["true", "false"]);
    let reads = 0;
    tokens.forEach((t, k) => {
      const prev = tokens[k - 1];
      const next = tokens[k + 1];
      // Reads only: not declarations (type before), calls, members, or directive text.
      const isRead =
        t.kind === "ident" &&
        !KEYWORDS.has(t.text) &&
        prev?.kind === "op" &&
        prev.text !== "." &&
        next?.text !== "(" &&
        // A reference parameter's name (`const MqlTradeTransaction &trans`) is a declaration.
        !(prev.text === "&" && /^Mql/.test(tokens[k - 2]?.text ?? "")) &&
        !declared.has(t.text);
      if (!isRead) return;
      reads++;
      const r = checkMql5(replaceToken(code, t, `${t.text}x`));
      expect(r.ok, `${t.text} at line ${t.line}`).toBe(false);
      expect(r.errors.map((e) => e.line)).toContain(t.line);
    });
    expect(reads).toBeGreaterThan(30);
  });
});
