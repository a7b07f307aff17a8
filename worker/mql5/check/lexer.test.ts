import { describe, expect, it } from "vitest";
import { lex } from "./lexer";

const kinds = (src: string) => lex(src).tokens.map((t) => `${t.kind}:${t.text}`);

describe("lex", () => {
  it("drops comments and keeps positions of the tokens around them", () => {
    const { tokens, errors } = lex("int a; // note {\n/* { ( */ double b;");
    expect(errors).toEqual([]);
    expect(tokens.map((t) => [t.text, t.line, t.column])).toEqual([
      ["int", 1, 1],
      ["a", 1, 5],
      [";", 1, 6],
      ["double", 2, 11],
      ["b", 2, 18],
      [";", 2, 19],
      ["", 2, 20],
    ]);
  });

  it("reads a preprocessor line whole, with continuations, only at the start of a line", () => {
    expect(kinds('  #property copyright "x" // c\n#define A \\\n 1\nint x;')).toEqual([
      'preproc:#property copyright "x"',
      "preproc:#define A \\\n 1",
      "ident:int",
      "ident:x",
      "op:;",
      "eof:",
    ]);
  });

  it("reads strings with escapes, characters, colour and date literals", () => {
    expect(kinds(`Print("a \\"b\\" {"); c = 'x'; d = C'1,2,3'; e = D'2024.01.01';`)).toEqual([
      "ident:Print",
      "op:(",
      'string:"a \\"b\\" {"',
      "op:)",
      "op:;",
      "ident:c",
      "op:=",
      "char:'x'",
      "op:;",
      "ident:d",
      "op:=",
      "number:C'1,2,3'",
      "op:;",
      "ident:e",
      "op:=",
      "number:D'2024.01.01'",
      "op:;",
      "eof:",
    ]);
  });

  it("reads numbers in their MQL5 forms", () => {
    expect(kinds("1 2.5 .5 1e-7 3.0E+2 0xFF")).toEqual([
      "number:1",
      "number:2.5",
      "number:.5",
      "number:1e-7",
      "number:3.0E+2",
      "number:0xFF",
      "eof:",
    ]);
  });

  it("prefers the longest operator", () => {
    expect(kinds("a<<=b>=c&&d||e!=f++")).toEqual([
      "ident:a",
      "op:<<=",
      "ident:b",
      "op:>=",
      "ident:c",
      "op:&&",
      "ident:d",
      "op:||",
      "ident:e",
      "op:!=",
      "ident:f",
      "op:++",
      "eof:",
    ]);
  });

  it("reports unterminated literals and comments, and stray characters, where they start", () => {
    expect(lex('int a;\n  Print("oops);\n').errors).toEqual([
      { line: 2, column: 9, message: "unterminated string literal" },
    ]);
    expect(lex("int a;\n/* open").errors).toEqual([
      { line: 2, column: 1, message: "unterminated block comment" },
    ]);
    expect(lex("int a = 1 @ 2;").errors).toEqual([
      { line: 1, column: 11, message: "unexpected character '@'" },
    ]);
    expect(lex("int a = 12abc;").errors).toEqual([{ line: 1, column: 9, message: "malformed number '12a'" }]);
  });
});
