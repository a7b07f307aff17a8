/**
 * A recursive-descent parser for the MQL5 subset the generator writes: directives, enums,
 * input and global declarations, functions, and C-style statements and expressions.
 *
 * Honest limits: no classes, structs, templates, macros with parameters, pointers or
 * function-style casts. It stops at the first syntax error (one precise error beats a cascade)
 * and runs only after the bracket balance check, so unbalanced input never reaches it.
 */
import { CLASSES, ENUM_TYPES, KEYWORDS, PRIMITIVE_TYPES, STRUCTS } from "./catalogue";
import type { Diagnostic, Token } from "./lexer";
import type { DeclStmt, Expr, Param, Pos, Stmt, TopLevel, TypeRef, VarDecl } from "./syntax";

class ParseError extends Error {
  constructor(
    readonly pos: Pos,
    message: string,
  ) {
    super(message);
  }
}

export interface ParseResult {
  readonly items: TopLevel[];
  readonly error?: Diagnostic;
}

const ASSIGN_OPS = new Set(["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]);
// Binary operator precedence, loosest first (C rules, which MQL5 follows).
const BINARY_LEVELS: string[][] = [
  ["||"],
  ["&&"],
  ["|"],
  ["^"],
  ["&"],
  ["==", "!="],
  ["<", ">", "<=", ">="],
  ["<<", ">>"],
  ["+", "-"],
  ["*", "/", "%"],
];
const DECL_MODIFIERS = new Set(["const", "static", "input", "sinput", "extern"]);

export function parse(tokens: Token[]): ParseResult {
  let p = 0;
  // User enums are types too; collect their names first so that use before definition parses.
  const userTypes = new Set<string>();
  for (let k = 0; k + 1 < tokens.length; k++) {
    if (tokens[k].kind === "ident" && tokens[k].text === "enum" && tokens[k + 1].kind === "ident") {
      userTypes.add(tokens[k + 1].text);
    }
  }
  const isType = (name: string): boolean =>
    PRIMITIVE_TYPES.has(name) ||
    ENUM_TYPES.has(name) ||
    STRUCTS.has(name) ||
    CLASSES.has(name) ||
    userTypes.has(name);

  const peek = (o = 0): Token => tokens[Math.min(p + o, tokens.length - 1)];
  const pos = (t: Token): Pos => ({ line: t.line, column: t.column });
  const describe = (t: Token): string => (t.kind === "eof" ? "end of file" : `'${t.text}'`);
  const fail = (t: Token, message: string): never => {
    throw new ParseError(pos(t), message);
  };
  const isOp = (text: string, o = 0): boolean => peek(o).kind === "op" && peek(o).text === text;
  const isWord = (text: string, o = 0): boolean => peek(o).kind === "ident" && peek(o).text === text;
  const take = (): Token => tokens[p++];
  const expectOp = (text: string): Token => {
    if (!isOp(text)) fail(peek(), `expected '${text}' but found ${describe(peek())}`);
    return take();
  };
  const expectName = (what: string): Token => {
    const t = peek();
    if (t.kind !== "ident") return fail(t, `expected ${what} but found ${describe(t)}`);
    if (KEYWORDS.has(t.text) || isType(t.text)) fail(t, `'${t.text}' cannot be used as ${what}`);
    return take();
  };
  const typeRef = (): TypeRef => {
    const t = peek();
    if (t.kind !== "ident") return fail(t, `expected a type but found ${describe(t)}`);
    if (!isType(t.text)) fail(t, `unknown type '${t.text}'`);
    take();
    return { name: t.text, pos: pos(t) };
  };

  // ---- expressions ----
  const args = (): Expr[] => {
    expectOp("(");
    const list: Expr[] = [];
    if (!isOp(")")) {
      list.push(assignment());
      while (isOp(",")) {
        take();
        list.push(assignment());
      }
    }
    expectOp(")");
    return list;
  };
  const primary = (): Expr => {
    const t = peek();
    if (t.kind === "number" || t.kind === "string" || t.kind === "char") {
      take();
      // Adjacent string literals concatenate, as in C.
      while (t.kind === "string" && peek().kind === "string") take();
      return { k: "literal", pos: pos(t) };
    }
    if (t.kind === "ident") {
      if (KEYWORDS.has(t.text)) fail(t, `unexpected keyword '${t.text}' in expression`);
      take();
      if (isOp("(")) return { k: "call", callee: t.text, args: args(), pos: pos(t) };
      return { k: "ident", name: t.text, pos: pos(t) };
    }
    if (isOp("(")) {
      take();
      const e = assignment();
      expectOp(")");
      return e;
    }
    return fail(t, `expected an expression but found ${describe(t)}`);
  };
  const postfix = (): Expr => {
    let e = primary();
    for (;;) {
      const t = peek();
      if (isOp(".")) {
        take();
        const name = peek();
        if (name.kind !== "ident") fail(name, `expected a member name but found ${describe(name)}`);
        take();
        e = isOp("(")
          ? { k: "method", object: e, name: name.text, args: args(), pos: pos(name) }
          : { k: "member", object: e, name: name.text, pos: pos(name) };
      } else if (isOp("[")) {
        take();
        const index = assignment();
        expectOp("]");
        e = { k: "index", target: e, index, pos: pos(t) };
      } else if (isOp("++") || isOp("--")) {
        take();
        e = { k: "unary", arg: e, pos: pos(t) };
      } else if (isOp("(")) {
        fail(t, "only named functions and methods can be called");
      } else {
        return e;
      }
    }
  };
  const unary = (): Expr => {
    const t = peek();
    if (t.kind === "op" && ["!", "-", "+", "~", "++", "--"].includes(t.text)) {
      take();
      return { k: "unary", arg: unary(), pos: pos(t) };
    }
    if (isOp("(") && peek(1).kind === "ident" && isType(peek(1).text) && isOp(")", 2)) {
      take();
      const type = typeRef();
      expectOp(")");
      return { k: "cast", type, arg: unary(), pos: pos(t) };
    }
    return postfix();
  };
  const binary = (level: number): Expr => {
    if (level >= BINARY_LEVELS.length) return unary();
    let left = binary(level + 1);
    while (peek().kind === "op" && BINARY_LEVELS[level].includes(peek().text)) {
      const op = take();
      const right = binary(level + 1);
      left = { k: "binary", op: op.text, left, right, pos: pos(op) };
    }
    return left;
  };
  const ternary = (): Expr => {
    const test = binary(0);
    if (!isOp("?")) return test;
    const q = take();
    const ifTrue = assignment();
    expectOp(":");
    return { k: "ternary", test, ifTrue, ifFalse: assignment(), pos: pos(q) };
  };
  function assignment(): Expr {
    const left = ternary();
    if (peek().kind === "op" && ASSIGN_OPS.has(peek().text)) {
      const op = take();
      if (left.k !== "ident" && left.k !== "member" && left.k !== "index") {
        fail(op, `left side of '${op.text}' is not assignable`);
      }
      return { k: "binary", op: op.text, left, right: assignment(), pos: pos(op) };
    }
    return left;
  }

  // ---- declarations ----
  const initializer = (): Expr | Expr[] => {
    if (!isOp("{")) return assignment();
    take();
    const list: Expr[] = [];
    while (!isOp("}")) {
      list.push(assignment());
      if (!isOp(",")) break;
      take();
    }
    expectOp("}");
    return list;
  };
  const declRest = (type: TypeRef, first: Token): DeclStmt => {
    const vars: VarDecl[] = [];
    let name = first;
    for (;;) {
      const dims: Expr[] = [];
      while (isOp("[")) {
        const b = take();
        dims.push(isOp("]") ? { k: "literal", pos: pos(b) } : assignment());
        expectOp("]");
      }
      let init: Expr | Expr[] | undefined;
      if (isOp("=")) {
        take();
        init = initializer();
      }
      vars.push({ name: name.text, pos: pos(name), dims, init });
      if (!isOp(",")) break;
      take();
      name = expectName("a variable name");
    }
    expectOp(";");
    return { k: "decl", type, vars, pos: type.pos };
  };
  const declaration = (): DeclStmt => {
    while (peek().kind === "ident" && DECL_MODIFIERS.has(peek().text)) take();
    const type = typeRef();
    return declRest(type, expectName("a variable name"));
  };
  const startsDeclaration = (): boolean => {
    const t = peek();
    if (t.kind !== "ident") return false;
    if (DECL_MODIFIERS.has(t.text)) return true;
    if (isType(t.text)) return true;
    // "Foo bar" can only be a declaration with an unknown type: say so rather than "expected ;".
    if (!KEYWORDS.has(t.text) && peek(1).kind === "ident") fail(t, `unknown type '${t.text}'`);
    return false;
  };

  // ---- statements ----
  const block = (): Stmt & { k: "block" } => {
    const open = expectOp("{");
    const body: Stmt[] = [];
    while (!isOp("}")) {
      if (peek().kind === "eof") fail(peek(), "unexpected end of file inside a block");
      body.push(statement());
    }
    take();
    return { k: "block", body, pos: pos(open) };
  };
  const parenExpr = (): Expr => {
    expectOp("(");
    const e = assignment();
    expectOp(")");
    return e;
  };
  function statement(): Stmt {
    const t = peek();
    if (t.kind === "preproc") fail(t, "preprocessor directives inside functions are not supported");
    if (isOp("{")) return block();
    if (isOp(";")) {
      take();
      return { k: "empty", pos: pos(t) };
    }
    if (t.kind === "ident") {
      switch (t.text) {
        case "if": {
          take();
          const test = parenExpr();
          const consequent = statement();
          if (isWord("else")) {
            take();
            return { k: "if", test, consequent, alternate: statement(), pos: pos(t) };
          }
          return { k: "if", test, consequent, pos: pos(t) };
        }
        case "for": {
          take();
          expectOp("(");
          let init: Stmt | undefined;
          if (isOp(";")) take();
          else if (startsDeclaration()) init = declaration();
          else {
            init = { k: "expr", expr: assignment(), pos: pos(peek()) };
            expectOp(";");
          }
          const test = isOp(";") ? undefined : assignment();
          expectOp(";");
          const update: Expr[] = [];
          if (!isOp(")")) {
            update.push(assignment());
            while (isOp(",")) {
              take();
              update.push(assignment());
            }
          }
          expectOp(")");
          return { k: "for", init, test, update, body: statement(), pos: pos(t) };
        }
        case "while": {
          take();
          const test = parenExpr();
          return { k: "while", test, body: statement(), pos: pos(t) };
        }
        case "do": {
          take();
          const body = statement();
          if (!isWord("while")) fail(peek(), `expected 'while' but found ${describe(peek())}`);
          take();
          const test = parenExpr();
          expectOp(";");
          return { k: "do", body, test, pos: pos(t) };
        }
        case "return": {
          take();
          const value = isOp(";") ? undefined : assignment();
          expectOp(";");
          return { k: "return", value, pos: pos(t) };
        }
        case "break":
        case "continue":
          take();
          expectOp(";");
          return { k: "jump", pos: pos(t) };
        case "switch": {
          take();
          const test = parenExpr();
          expectOp("{");
          const cases: { test?: Expr; body: Stmt[] }[] = [];
          while (!isOp("}")) {
            let caseTest: Expr | undefined;
            if (isWord("case")) {
              take();
              caseTest = ternary();
            } else if (isWord("default")) take();
            else fail(peek(), `expected 'case' or 'default' but found ${describe(peek())}`);
            expectOp(":");
            const body: Stmt[] = [];
            while (!isOp("}") && !isWord("case") && !isWord("default")) body.push(statement());
            cases.push({ test: caseTest, body });
          }
          take();
          return { k: "switch", test, cases, pos: pos(t) };
        }
        case "else":
          return fail(t, "'else' without a matching 'if'");
        default:
          if (startsDeclaration()) return declaration();
      }
    }
    const expr = assignment();
    expectOp(";");
    return { k: "expr", expr, pos: pos(t) };
  }

  // ---- top level ----
  const params = (): Param[] => {
    expectOp("(");
    const list: Param[] = [];
    if (isWord("void") && isOp(")", 1)) take();
    while (!isOp(")")) {
      if (isWord("const")) take();
      const type = typeRef();
      if (isOp("&")) take();
      const name = expectName("a parameter name");
      if (isOp("[")) {
        take();
        expectOp("]");
      }
      let defaultValue: Expr | undefined;
      if (isOp("=")) {
        take();
        defaultValue = ternary();
      }
      list.push({
        type,
        name: name.text,
        pos: pos(name),
        hasDefault: defaultValue !== undefined,
        defaultValue,
      });
      if (!isOp(",")) break;
      take();
    }
    expectOp(")");
    return list;
  };
  const enumDecl = (): TopLevel => {
    const start = take();
    const name = take();
    expectOp("{");
    const members: { name: string; pos: Pos; value?: Expr }[] = [];
    while (!isOp("}")) {
      const m = expectName("an enum member");
      let value: Expr | undefined;
      if (isOp("=")) {
        take();
        value = ternary();
      }
      members.push({ name: m.text, pos: pos(m), value });
      if (!isOp(",")) break;
      take();
    }
    expectOp("}");
    expectOp(";");
    return { k: "enum", name: name.text, members, pos: pos(start) };
  };
  const topLevel = (): TopLevel | null => {
    const t = peek();
    if (t.kind === "preproc") {
      take();
      return { k: "directive", text: t.text, pos: pos(t) };
    }
    if (isOp(";")) {
      take();
      return null;
    }
    if (isWord("enum")) return enumDecl();
    if (isWord("struct") || isWord("class"))
      fail(t, `'${t.text}' declarations are not supported by this checker`);
    // input group "Title" (a heading in the inputs dialog, not a variable).
    if ((isWord("input") || isWord("sinput")) && isWord("group", 1)) {
      take();
      take();
      if (peek().kind !== "string") fail(peek(), "expected the group title string");
      take();
      // MQL5 writes it without a semicolon; tolerate one.
      if (isOp(";")) take();
      return null;
    }
    const input = isWord("input") || isWord("sinput");
    while (peek().kind === "ident" && DECL_MODIFIERS.has(peek().text)) take();
    if (t.kind === "ident" && !isType(peek().text) && peek(1).kind === "ident") {
      fail(peek(), `unknown type '${peek().text}'`);
    }
    const type = typeRef();
    const name = expectName("a name");
    if (isOp("(")) {
      if (input) fail(name, "an input cannot be a function");
      const ps = params();
      if (isOp(";")) {
        take();
        return { k: "function", returnType: type, name: name.text, params: ps, pos: pos(name) };
      }
      return { k: "function", returnType: type, name: name.text, params: ps, body: block(), pos: pos(name) };
    }
    return { k: "global", decl: declRest(type, name), input };
  };

  const items: TopLevel[] = [];
  try {
    while (peek().kind !== "eof") {
      const item = topLevel();
      if (item) items.push(item);
    }
    return { items };
  } catch (e) {
    if (e instanceof ParseError) return { items, error: { ...e.pos, message: e.message } };
    throw e;
  }
}
