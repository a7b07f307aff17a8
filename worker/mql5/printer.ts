/**
 * Prints the program representation (ir.ts) as MQL5 source in MetaEditor's house style
 * (3-space indentation, Allman braces for functions). Parentheses are added from operator
 * precedence, so the printed text means exactly what the tree says.
 */
import type { BinaryOp, Expr, FunctionDecl, GlobalDecl, InputDecl, Param, Program, Stmt } from "./ir";

const INDENT = "   ";

// Higher binds tighter (C precedence, which MQL5 follows).
const PRECEDENCE: Readonly<Record<BinaryOp, number>> = {
  "||": 1,
  "&&": 2,
  "==": 3,
  "!=": 3,
  "<": 4,
  ">": 4,
  "<=": 4,
  ">=": 4,
  "+": 5,
  "-": 5,
  "*": 6,
  "/": 6,
  "%": 6,
};
const UNARY = 7;
const POSTFIX = 8;

/**
 * A double always carries a decimal point so MQL5 never does integer arithmetic by accident.
 * The digits are JavaScript's shortest round-trip form, so the EA reads back exactly the number
 * of the spec (1e-7 becomes 1.0e-7, a form MQL5 accepts).
 */
export function formatNumber(value: number, type: "int" | "double"): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot print non-finite number ${value}`);
  if (type === "int") return String(Math.trunc(value));
  const text = String(value);
  const [mantissa, exponent] = text.split("e");
  const withPoint = mantissa.includes(".") ? mantissa : `${mantissa}.0`;
  return exponent === undefined ? withPoint : `${withPoint}e${exponent}`;
}

export function quote(value: string): string {
  const escaped = value
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")
    .replace(/\t/g, "\\t");
  return `"${escaped}"`;
}

function precedenceOf(e: Expr): number {
  switch (e.kind) {
    case "bin":
      return PRECEDENCE[e.op];
    case "not":
    case "neg":
    case "cast":
      return UNARY;
    case "cond":
      return 0;
    case "num":
      return e.value < 0 ? UNARY : POSTFIX;
    default:
      return POSTFIX;
  }
}

const args = (list: readonly Expr[]): string => list.map((a) => printExpr(a)).join(", ");

export function printExpr(e: Expr): string {
  const wrap = (inner: Expr, min: number): string => {
    const text = printExpr(inner);
    return precedenceOf(inner) < min ? `(${text})` : text;
  };
  switch (e.kind) {
    case "num":
      return formatNumber(e.value, e.type);
    case "str":
      return quote(e.value);
    case "id":
      return e.name;
    case "call":
      return `${e.callee}(${args(e.args)})`;
    case "method":
      return `${e.object}.${e.method}(${args(e.args)})`;
    case "field":
      return `${e.object}.${e.field}`;
    case "index":
      return `${e.array}[${printExpr(e.index)}]`;
    case "bin": {
      const p = PRECEDENCE[e.op];
      // "a || b && c" is correct but easy to misread: spell out the grouping.
      const side = (inner: Expr, min: number): string =>
        e.op === "||" && inner.kind === "bin" && inner.op === "&&"
          ? `(${printExpr(inner)})`
          : wrap(inner, min);
      // Left-associative: the right operand needs parentheses at equal precedence.
      return `${side(e.left, p)} ${e.op} ${side(e.right, p + 1)}`;
    }
    case "not":
      return `!${wrap(e.operand, UNARY)}`;
    case "neg": {
      // "--x" would lex as a decrement: bracket an operand that starts with a minus.
      const inner = wrap(e.operand, UNARY);
      return inner.startsWith("-") ? `-(${inner})` : `-${inner}`;
    }
    case "cast":
      return `(${e.type})${wrap(e.operand, UNARY)}`;
    case "cond":
      // The test is always bracketed: "a == 3 || a == 5 ? x : y" is legal but hard to read.
      return `${wrap(e.test, POSTFIX)} ? ${wrap(e.ifTrue, 1)} : ${wrap(e.ifFalse, 1)}`;
  }
}

function printStmts(stmts: readonly Stmt[], depth: number): string[] {
  return stmts.flatMap((s) => printStmt(s, depth));
}

function printStmt(s: Stmt, depth: number): string[] {
  const pad = INDENT.repeat(depth);
  switch (s.kind) {
    case "decl": {
      const init = s.init ? ` = ${printExpr(s.init)}` : "";
      return [`${pad}${s.isStatic ? "static " : ""}${s.type} ${s.name}${s.array ? "[]" : ""}${init};`];
    }
    case "assign":
      return [`${pad}${s.target} ${s.op} ${printExpr(s.value)};`];
    case "expr":
      return [`${pad}${printExpr(s.expr)};`];
    case "if": {
      const lines = [
        `${pad}if(${printExpr(s.test)})`,
        `${pad}  {`,
        ...printStmts(s.body, depth + 1),
        `${pad}  }`,
      ];
      if (s.orElse && s.orElse.length > 0) {
        lines.push(`${pad}else`, `${pad}  {`, ...printStmts(s.orElse, depth + 1), `${pad}  }`);
      }
      return lines;
    }
    case "forDown":
      return [
        `${pad}for(int ${s.variable} = ${printExpr(s.from)}; ${s.variable} >= 0; ${s.variable}--)`,
        `${pad}  {`,
        ...printStmts(s.body, depth + 1),
        `${pad}  }`,
      ];
    case "forUp":
      return [
        `${pad}for(int ${s.variable} = ${printExpr(s.from)}; ${s.variable} < ${printExpr(s.to)}; ${s.variable}++)`,
        `${pad}  {`,
        ...printStmts(s.body, depth + 1),
        `${pad}  }`,
      ];
    case "return":
      return [s.value ? `${pad}return(${printExpr(s.value)});` : `${pad}return;`];
    case "continue":
      return [`${pad}continue;`];
    case "break":
      return [`${pad}break;`];
    case "comment":
      return [`${pad}// ${s.text}`];
  }
}

const printParam = (p: Param): string =>
  `${p.isConst ? "const " : ""}${p.type}${p.byRef ? " &" : " "}${p.name}${p.array ? "[]" : ""}`;

function printFunction(f: FunctionDecl): string[] {
  const rule = `//+${"-".repeat(66)}+`;
  return [
    rule,
    `//| ${f.doc.padEnd(65)}|`,
    rule,
    `${f.returnType} ${f.name}(${f.params.map(printParam).join(", ")})`,
    "  {",
    ...printStmts(f.body, 1),
    "  }",
    "",
  ];
}

const printInput = (i: InputDecl): string =>
  `input ${i.type} ${i.name} = ${printExpr(i.value)}; // ${i.label}`;

function printGlobal(g: GlobalDecl): string {
  const init = g.init ? ` = ${printExpr(g.init)}` : "";
  const note = g.comment ? ` // ${g.comment}` : "";
  return `${g.type} ${g.name}${g.array ? "[]" : ""}${init};${note}`;
}

export function printProgram(program: Program): string {
  const lines: string[] = [];
  for (const h of program.header) lines.push(h ? `// ${h}` : "//");
  if (program.header.length > 0) lines.push("");
  for (const p of program.properties)
    lines.push(p.value === undefined ? `#property ${p.name}` : `#property ${p.name} ${p.value}`);
  lines.push("");
  for (const inc of program.includes) lines.push(`#include ${inc}`);
  if (program.includes.length > 0) lines.push("");
  for (const g of program.inputGroups) {
    if (g.inputs.length === 0) continue;
    if (g.title !== undefined) lines.push(`input group ${quote(g.title)}`);
    for (const i of g.inputs) lines.push(printInput(i));
    lines.push("");
  }
  for (const g of program.globals) lines.push(printGlobal(g));
  if (program.globals.length > 0) lines.push("");
  for (const f of program.functions) lines.push(...printFunction(f));
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
