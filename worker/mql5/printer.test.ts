import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkMql5 } from "./check/checker";
import { lex } from "./check/lexer";
import { and, bin, call, dbl, id, int, or, type Program, str } from "./ir";
import { formatNumber, printExpr, printProgram, quote } from "./printer";

describe("formatNumber", () => {
  it("always gives doubles a decimal point and ints none", () => {
    expect(formatNumber(1, "double")).toBe("1.0");
    expect(formatNumber(0.1, "double")).toBe("0.1");
    expect(formatNumber(1e-7, "double")).toBe("1.0e-7");
    expect(formatNumber(1.5e21, "double")).toBe("1.5e+21");
    expect(formatNumber(123456.789, "double")).toBe("123456.789");
    expect(formatNumber(-2.5, "double")).toBe("-2.5");
    // Exact round trip, never a rounded neighbour.
    expect(Number(formatNumber(0.1 + 0.2, "double"))).toBe(0.1 + 0.2);
    expect(formatNumber(12.9, "int")).toBe("12");
    expect(() => formatNumber(Number.NaN, "double")).toThrow();
  });
  it("prints every finite double as one MQL5 number token with the same value", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const text = printExpr(dbl(x));
        const digits = text.startsWith("-") ? text.slice(1) : text;
        const { tokens, errors } = lex(digits);
        expect(errors).toEqual([]);
        expect(tokens.map((t) => t.kind)).toEqual(["number", "eof"]);
        expect(Number(text)).toBe(x === 0 ? 0 : x);
        expect(digits).toMatch(/\./);
      }),
    );
  });
});

describe("printExpr", () => {
  it("adds parentheses only where precedence needs them", () => {
    expect(printExpr(bin("*", bin("+", id("a"), id("b")), id("c")))).toBe("(a + b) * c");
    expect(printExpr(bin("+", id("a"), bin("*", id("b"), id("c"))))).toBe("a + b * c");
    expect(printExpr(bin("-", id("a"), bin("-", id("b"), id("c"))))).toBe("a - (b - c)");
    expect(printExpr(bin("-", bin("-", id("a"), id("b")), id("c")))).toBe("a - b - c");
    expect(printExpr(bin("*", id("x"), dbl(-1)))).toBe("x * -1.0");
    expect(printExpr(bin("-", id("x"), dbl(-1)))).toBe("x - -1.0");
    expect(printExpr({ kind: "neg", operand: dbl(-1) })).toBe("-(-1.0)");
    expect(printExpr({ kind: "neg", operand: id("x") })).toBe("-x");
    expect(printExpr({ kind: "not", operand: bin("==", id("a"), int(1)) })).toBe("!(a == 1)");
  });

  it("brackets && inside || for the reader", () => {
    expect(printExpr(or(id("a"), and(id("b"), id("c"))))).toBe("a || (b && c)");
    expect(printExpr(and(id("a"), or(id("b"), id("c"))))).toBe("a && (b || c)");
  });

  it("prints calls, strings and conditionals", () => {
    expect(printExpr(call("f", int(1), str('say "hi"\n')))).toBe('f(1, "say \\"hi\\"\\n")');
    expect(printExpr({ kind: "cond", test: or(id("a"), id("b")), ifTrue: int(1), ifFalse: int(2) })).toBe(
      "(a || b) ? 1 : 2",
    );
    expect(quote("C:\\path")).toBe('"C:\\\\path"');
  });
});

describe("printProgram", () => {
  const program: Program = {
    header: ["Title"],
    properties: [{ name: "copyright", value: quote("X") }, { name: "strict" }],
    includes: ["<Trade\\Trade.mqh>"],
    inputGroups: [
      { title: "Main", inputs: [{ type: "int", name: "InpN", value: int(3), label: "count" }] },
      { title: "Empty", inputs: [] },
    ],
    globals: [{ type: "CTrade", name: "trade" }],
    functions: [
      {
        returnType: "void",
        name: "OnTick",
        params: [],
        doc: "tick",
        body: [
          { kind: "decl", type: "int", name: "k", init: id("InpN") },
          {
            kind: "if",
            test: bin(">", id("k"), int(0)),
            body: [{ kind: "return" }],
            orElse: [{ kind: "comment", text: "none" }],
          },
          { kind: "forDown", variable: "i", from: id("k"), body: [{ kind: "continue" }] },
        ],
      },
    ],
  };

  it("prints a program the checker accepts, skipping empty input groups", () => {
    const text = printProgram(program);
    expect(text).toContain('input group "Main"\ninput int InpN = 3; // count');
    expect(text).not.toContain("Empty");
    expect(text).toContain("   for(int i = k; i >= 0; i--)\n     {\n      continue;\n     }");
    expect(text.endsWith("}\n")).toBe(true);
    expect(checkMql5(text)).toEqual({ ok: true, errors: [] });
  });
});
