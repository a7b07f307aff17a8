/**
 * Name resolution and program-shape checks over the parsed tree:
 * - every identifier is declared (catalogue constant, #define, enum member, input, global,
 *   parameter, or a local declared earlier in an enclosing block), and no name is declared twice
 *   in one scope;
 * - every called function is in the catalogue or defined in the file, with an argument count
 *   the catalogue (or the file's own definition) accepts;
 * - methods are called on objects of a known class and exist on it; fields are read from
 *   known structures;
 * - OnTick exists; OnInit exists when indicator handles are created, and handles are created
 *   only there; the event handlers have their MQL5 signatures; CTrade comes with its #include.
 *
 * Not checked: types of expressions, implicit conversions, return paths, constness, array
 * bounds. Globals are visible to every function wherever they are declared in the file.
 */
import { type Arity, CLASS_INCLUDES, CLASSES, CONSTANTS, FUNCTIONS, PROPERTIES, STRUCTS } from "./catalogue";
import type { Diagnostic } from "./lexer";
import type { DeclStmt, Expr, Param, Pos, Stmt, TopLevel } from "./syntax";

type Scope = Map<string, string>;

interface FunctionSig {
  readonly params: Param[];
  readonly pos: Pos;
}

const arityText = (a: Arity): string =>
  a.min === a.max ? `${a.min}` : a.max >= 64 ? `at least ${a.min}` : `${a.min} to ${a.max}`;

export function resolve(items: TopLevel[]): Diagnostic[] {
  const errors: Diagnostic[] = [];
  const report = (pos: Pos, message: string): void => {
    errors.push({ line: pos.line, column: pos.column, message });
  };

  const includes = new Set<string>();
  const globals: Scope = new Map();
  const functions = new Map<string, FunctionSig[]>();
  const definedBodies = new Map<string, number[]>();

  const declareIn = (scope: Scope, name: string, type: string, pos: Pos): void => {
    if (scope.has(name)) report(pos, `'${name}' is already declared in this scope`);
    else scope.set(name, type);
  };
  const checkType = (type: string, pos: Pos): void => {
    const include = CLASS_INCLUDES.get(type);
    if (include && !includes.has(include)) report(pos, `'${type}' needs #include ${include}`);
  };

  // Pass 1: directives, globals, enums and function signatures (order-independent).
  for (const item of items) {
    if (item.k === "directive") {
      const m = /^#\s*(\w+)\s*(.*)$/.exec(item.text);
      const [, word = "", rest = ""] = m ?? [];
      if (word === "property") {
        const name = /^\w+/.exec(rest)?.[0] ?? "";
        if (!PROPERTIES.has(name)) report(item.pos, `unknown #property '${name}'`);
      } else if (word === "include") {
        const target = /^(<[^>]+>|"[^"]+")/.exec(rest.trim())?.[0];
        if (!target) report(item.pos, "malformed #include");
        else includes.add(target);
      } else if (word === "define") {
        const name = /^\w+/.exec(rest)?.[0];
        if (!name) report(item.pos, "malformed #define");
        else if (rest.startsWith(`${name}(`)) report(item.pos, "macros with parameters are not supported");
        else declareIn(globals, name, "define", item.pos);
      } else {
        report(item.pos, `unsupported preprocessor directive '#${word}'`);
      }
    } else if (item.k === "enum") {
      for (const m of item.members) declareIn(globals, m.name, item.name, m.pos);
    } else if (item.k === "global") {
      for (const v of item.decl.vars) declareIn(globals, v.name, item.decl.type.name, v.pos);
    } else {
      const list = functions.get(item.name) ?? [];
      list.push({ params: item.params, pos: item.pos });
      functions.set(item.name, list);
      if (item.body) {
        const counts = definedBodies.get(item.name) ?? [];
        if (counts.includes(item.params.length)) report(item.pos, `function '${item.name}' is defined twice`);
        counts.push(item.params.length);
        definedBodies.set(item.name, counts);
      }
    }
  }

  const lookup = (scopes: Scope[], name: string): string | undefined => {
    for (let k = scopes.length - 1; k >= 0; k--) {
      const t = scopes[k].get(name);
      if (t !== undefined) return t;
    }
    return CONSTANTS.has(name) ? "constant" : undefined;
  };

  // Where indicator handles get created, for the OnInit rules.
  const handleCalls: { pos: Pos; inFunction: string }[] = [];
  let currentFunction = "";

  const checkArity = (name: string, got: number, arity: Arity, pos: Pos): void => {
    if (got < arity.min || got > arity.max) {
      report(pos, `wrong number of arguments to '${name}': expected ${arityText(arity)}, got ${got}`);
    }
  };

  const expr = (e: Expr, scopes: Scope[]): void => {
    switch (e.k) {
      case "literal":
        return;
      case "ident":
        if (lookup(scopes, e.name) === undefined) {
          report(
            e.pos,
            functions.has(e.name) || FUNCTIONS.has(e.name)
              ? `'${e.name}' is a function; call it with ()`
              : `undeclared identifier '${e.name}'`,
          );
        }
        return;
      case "call": {
        const own = functions.get(e.callee);
        const known = FUNCTIONS.get(e.callee);
        if (own) {
          const fits = own.some(
            (f) =>
              e.args.length <= f.params.length &&
              e.args.length >= f.params.filter((p) => !p.hasDefault).length,
          );
          if (!fits) {
            const f = own[0];
            const arity = { min: f.params.filter((p) => !p.hasDefault).length, max: f.params.length };
            checkArity(e.callee, e.args.length, arity, e.pos);
          }
        } else if (known) {
          checkArity(e.callee, e.args.length, known, e.pos);
          if (known.createsHandle) handleCalls.push({ pos: e.pos, inFunction: currentFunction });
        } else if (lookup(scopes, e.callee) !== undefined) {
          report(e.pos, `'${e.callee}' is not a function`);
        } else {
          report(e.pos, `unknown function '${e.callee}'`);
        }
        for (const a of e.args) expr(a, scopes);
        return;
      }
      case "method": {
        expr(e.object, scopes);
        const type = e.object.k === "ident" ? lookup(scopes, e.object.name) : undefined;
        const methods = type === undefined ? undefined : CLASSES.get(type);
        if (!methods) {
          if (type !== undefined) report(e.pos, `'${type}' has no methods (calling '${e.name}')`);
          else if (e.object.k !== "ident") report(e.pos, `cannot check the method call '${e.name}'`);
        } else {
          const arity = methods.get(e.name);
          if (!arity) report(e.pos, `unknown method '${type}.${e.name}'`);
          else checkArity(`${type}.${e.name}`, e.args.length, arity, e.pos);
        }
        for (const a of e.args) expr(a, scopes);
        return;
      }
      case "member": {
        expr(e.object, scopes);
        if (e.object.k !== "ident") return;
        const type = lookup(scopes, e.object.name);
        if (type === undefined) return;
        const fields = STRUCTS.get(type);
        if (!fields) report(e.pos, `'${e.object.name}' is not a structure`);
        else if (!fields.has(e.name)) report(e.pos, `'${type}' has no field '${e.name}'`);
        return;
      }
      case "index":
        expr(e.target, scopes);
        expr(e.index, scopes);
        return;
      case "unary":
        expr(e.arg, scopes);
        return;
      case "binary":
        expr(e.left, scopes);
        expr(e.right, scopes);
        return;
      case "ternary":
        expr(e.test, scopes);
        expr(e.ifTrue, scopes);
        expr(e.ifFalse, scopes);
        return;
      case "cast":
        expr(e.arg, scopes);
        return;
    }
  };

  const decl = (d: DeclStmt, scopes: Scope[], scope: Scope): void => {
    checkType(d.type.name, d.type.pos);
    for (const v of d.vars) {
      for (const dim of v.dims) expr(dim, scopes);
      const inits = v.init === undefined ? [] : Array.isArray(v.init) ? v.init : [v.init];
      for (const i of inits) expr(i, scopes);
      declareIn(scope, v.name, d.type.name, v.pos);
    }
  };

  const stmt = (s: Stmt, scopes: Scope[]): void => {
    switch (s.k) {
      case "block": {
        const inner = [...scopes, new Map<string, string>()];
        for (const b of s.body) stmt(b, inner);
        return;
      }
      case "decl":
        decl(s, scopes, scopes[scopes.length - 1]);
        return;
      case "expr":
        expr(s.expr, scopes);
        return;
      case "if":
        expr(s.test, scopes);
        stmt(s.consequent, scopes);
        if (s.alternate) stmt(s.alternate, scopes);
        return;
      case "for": {
        const inner = [...scopes, new Map<string, string>()];
        if (s.init) stmt(s.init, inner);
        if (s.test) expr(s.test, inner);
        for (const u of s.update) expr(u, inner);
        stmt(s.body, inner);
        return;
      }
      case "while":
      case "do":
        expr(s.test, scopes);
        stmt(s.body, scopes);
        return;
      case "return":
        if (s.value) expr(s.value, scopes);
        return;
      case "switch":
        expr(s.test, scopes);
        for (const c of s.cases) {
          if (c.test) expr(c.test, scopes);
          const inner = [...scopes, new Map<string, string>()];
          for (const b of c.body) stmt(b, inner);
        }
        return;
      case "jump":
      case "empty":
        return;
    }
  };

  // Pass 2: bodies and initialisers.
  for (const item of items) {
    if (item.k === "global") {
      checkType(item.decl.type.name, item.decl.type.pos);
      for (const v of item.decl.vars) {
        const inits = v.init === undefined ? [] : Array.isArray(v.init) ? v.init : [v.init];
        for (const i of inits) expr(i, [globals]);
        for (const dim of v.dims) expr(dim, [globals]);
      }
    } else if (item.k === "enum") {
      for (const m of item.members) if (m.value) expr(m.value, [globals]);
    } else if (item.k === "function") {
      currentFunction = item.name;
      const paramScope: Scope = new Map();
      for (const prm of item.params) {
        checkType(prm.type.name, prm.type.pos);
        if (prm.defaultValue) expr(prm.defaultValue, [globals]);
        declareIn(paramScope, prm.name, prm.type.name, prm.pos);
      }
      if (item.body) stmt(item.body, [globals, paramScope]);
      currentFunction = "";
    }
  }

  // Pass 3: the shape of an expert advisor.
  const defined = (name: string): FunctionSig | undefined =>
    items.find(
      (i): i is TopLevel & { k: "function" } => i.k === "function" && i.name === name && i.body !== undefined,
    );
  const onTick = defined("OnTick");
  if (!onTick) report({ line: 1, column: 1 }, "missing OnTick(): an expert advisor needs an OnTick function");
  const onInit = defined("OnInit");
  const firstHandle = handleCalls[0];
  if (firstHandle && !onInit)
    report(firstHandle.pos, "indicator handles are created but OnInit() is missing");
  for (const h of handleCalls) {
    if (h.inFunction !== "OnInit" && onInit) report(h.pos, "indicator handles must be created in OnInit()");
  }
  for (const item of items) {
    if (item.k !== "function" || !item.body) continue;
    const expect: Record<string, [string, number]> = {
      OnTick: ["void", 0],
      OnInit: ["int", 0],
      OnDeinit: ["void", 1],
      OnTradeTransaction: ["void", 3],
    };
    const want = expect[item.name];
    if (want && (item.returnType.name !== want[0] || item.params.length !== want[1])) {
      report(
        item.pos,
        `${item.name} must be declared as ${want[0]} ${item.name}(${want[1] ? "const int reason" : ""})`,
      );
    }
  }
  return errors;
}
