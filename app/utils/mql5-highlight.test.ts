import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateMql5 } from "../../worker/mql5";
import { parseSpec } from "../../worker/strategy";
import { highlightLines, type Token, tokenizeMql5 } from "./mql5-highlight";

const EXAMPLE = join(__dirname, "../../examples/strategies/sma-cross-10-20.json");

const kinds = (tokens: Token[]) => tokens.filter((t) => t.kind !== "plain").map((t) => [t.kind, t.text]);

describe("tokenizeMql5", () => {
  it("colours keywords, types, numbers, strings and comments", () => {
    const src = 'input double Lots = 0.1; // size\nif(x > 1e-3) return "a\\"b";';
    expect(kinds(tokenizeMql5(src))).toEqual([
      ["keyword", "input"],
      ["type", "double"],
      ["number", "0.1"],
      ["comment", "// size"],
      ["keyword", "if"],
      ["number", "1e-3"],
      ["keyword", "return"],
      ["string", '"a\\"b"'],
    ]);
  });

  it("reads directives, include paths and library types", () => {
    const src = '#property copyright "StratForge"\n#include <Trade\\Trade.mqh>\nCTrade trade;\nMqlTick tick;';
    expect(kinds(tokenizeMql5(src))).toEqual([
      ["preprocessor", "#property"],
      ["string", '"StratForge"'],
      ["preprocessor", "#include"],
      ["string", "<Trade\\Trade.mqh>"],
      ["type", "CTrade"],
      ["type", "MqlTick"],
    ]);
  });

  it("keeps words that merely contain a keyword plain, and hex numbers whole", () => {
    expect(kinds(tokenizeMql5("int iffy = 0xFF; a < b > c;"))).toEqual([
      ["type", "int"],
      ["number", "0xFF"],
    ]);
  });

  it("gives back the input exactly, even unterminated or odd input", () => {
    for (const src of ['"open', "/* never closed", "x = 'c'; #", "a\r\nb", "@@ ``` \\", ".5 + 5."]) {
      expect(
        tokenizeMql5(src)
          .map((t) => t.text)
          .join(""),
      ).toBe(src);
    }
  });

  it("does not treat # inside an expression as a directive", () => {
    expect(kinds(tokenizeMql5("x = a # b;"))).toEqual([]);
  });
});

describe("highlightLines", () => {
  it("splits a block comment over its lines and keeps empty lines", () => {
    const lines = highlightLines("int a;\n/* one\ntwo */\n\nreturn;");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toEqual([{ kind: "comment", text: "/* one" }]);
    expect(lines[2]).toEqual([{ kind: "comment", text: "two */" }]);
    expect(lines[3]).toEqual([]);
    expect(lines[4][0]).toEqual({ kind: "keyword", text: "return" });
  });

  it("highlights a generated expert advisor line for line", () => {
    const parsed = parseSpec(JSON.parse(readFileSync(EXAMPLE, "utf8")));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const spec = parsed.spec;
    const code = generateMql5(spec, { strategyId: "1", title: "Test", mode: "full" });
    const lines = highlightLines(code);
    expect(lines).toHaveLength(code.split("\n").length);
    expect(lines.map((l) => l.map((t) => t.text).join(""))).toEqual(code.split("\n"));
    const all = lines.flat();
    expect(all.some((t) => t.kind === "preprocessor" && t.text === "#property")).toBe(true);
    expect(all.some((t) => t.kind === "type" && t.text === "void")).toBe(true);
    expect(all.some((t) => t.kind === "comment")).toBe(true);
  });
});
