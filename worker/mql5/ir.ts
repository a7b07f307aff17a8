/**
 * A small typed representation of an MQL5 expert advisor (DESIGN D5). The generator builds
 * this tree and printer.ts turns it into text, so that quoting, number formatting, operator
 * precedence and indentation are decided once instead of in every string template.
 */

export type MqlType =
  | "void"
  | "bool"
  | "int"
  | "long"
  | "ulong"
  | "double"
  | "string"
  | "datetime"
  | "ENUM_TIMEFRAMES"
  | "ENUM_MA_METHOD"
  | "ENUM_APPLIED_PRICE"
  | "ENUM_STO_PRICE"
  | "ENUM_POSITION_TYPE"
  | "MqlDateTime"
  | "MqlTradeTransaction"
  | "MqlTradeRequest"
  | "MqlTradeResult"
  | "CTrade";

export type BinaryOp = "+" | "-" | "*" | "/" | "%" | "<" | ">" | "<=" | ">=" | "==" | "!=" | "&&" | "||";

export type Expr =
  /** `int` prints without a decimal point; `double` always with one (1.0, not 1). */
  | { readonly kind: "num"; readonly value: number; readonly type: "int" | "double" }
  | { readonly kind: "str"; readonly value: string }
  | { readonly kind: "id"; readonly name: string }
  | { readonly kind: "call"; readonly callee: string; readonly args: readonly Expr[] }
  | {
      readonly kind: "method";
      readonly object: string;
      readonly method: string;
      readonly args: readonly Expr[];
    }
  | { readonly kind: "field"; readonly object: string; readonly field: string }
  | { readonly kind: "index"; readonly array: string; readonly index: Expr }
  | { readonly kind: "bin"; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr }
  | { readonly kind: "not"; readonly operand: Expr }
  | { readonly kind: "neg"; readonly operand: Expr }
  | { readonly kind: "cast"; readonly type: MqlType; readonly operand: Expr }
  | { readonly kind: "cond"; readonly test: Expr; readonly ifTrue: Expr; readonly ifFalse: Expr };

export type Stmt =
  | {
      readonly kind: "decl";
      readonly type: MqlType;
      readonly name: string;
      /** Dynamic array (`double buf[];`). */
      readonly array?: boolean;
      readonly init?: Expr;
      readonly isStatic?: boolean;
    }
  | { readonly kind: "assign"; readonly target: string; readonly op: "=" | "+=" | "-="; readonly value: Expr }
  | { readonly kind: "expr"; readonly expr: Expr }
  | {
      readonly kind: "if";
      readonly test: Expr;
      readonly body: readonly Stmt[];
      readonly orElse?: readonly Stmt[];
    }
  | {
      /** for(int var = from; var >= 0; var--) — the only loop shape the generator needs:
       * walking positions backwards so that closing one does not shift the rest. */
      readonly kind: "forDown";
      readonly variable: string;
      readonly from: Expr;
      readonly body: readonly Stmt[];
    }
  | {
      /** for(int var = from; var < to; var++): walking series from the newest bar back in time. */
      readonly kind: "forUp";
      readonly variable: string;
      readonly from: Expr;
      readonly to: Expr;
      readonly body: readonly Stmt[];
    }
  | { readonly kind: "return"; readonly value?: Expr }
  | { readonly kind: "continue" }
  | { readonly kind: "break" }
  | { readonly kind: "comment"; readonly text: string };

export interface Param {
  readonly type: MqlType;
  readonly name: string;
  readonly byRef?: boolean;
  readonly isConst?: boolean;
  readonly array?: boolean;
}

export interface FunctionDecl {
  readonly returnType: MqlType;
  readonly name: string;
  readonly params: readonly Param[];
  readonly body: readonly Stmt[];
  /** One-line comment printed above the function: what it is for. */
  readonly doc: string;
}

export interface InputDecl {
  readonly type: MqlType;
  readonly name: string;
  readonly value: Expr;
  /** Shown by MetaTrader as the input's label in the settings dialog. */
  readonly label: string;
}

export interface InputGroup {
  /** Printed as `input group "title"`; without a title the inputs are listed plainly. */
  readonly title?: string;
  readonly inputs: readonly InputDecl[];
}

export interface GlobalDecl {
  readonly type: MqlType;
  readonly name: string;
  readonly array?: boolean;
  readonly init?: Expr;
  readonly comment?: string;
}

export interface Program {
  readonly properties: readonly { readonly name: string; readonly value?: string }[];
  /** Header comment lines (the description of the strategy, notes on semantics). */
  readonly header: readonly string[];
  readonly includes: readonly string[];
  readonly inputGroups: readonly InputGroup[];
  readonly globals: readonly GlobalDecl[];
  readonly functions: readonly FunctionDecl[];
}

// Small constructors keep the generator readable.
export const int = (value: number): Expr => ({ kind: "num", value: Math.trunc(value), type: "int" });
export const dbl = (value: number): Expr => ({ kind: "num", value, type: "double" });
export const str = (value: string): Expr => ({ kind: "str", value });
export const id = (name: string): Expr => ({ kind: "id", name });
export const call = (callee: string, ...args: Expr[]): Expr => ({ kind: "call", callee, args });
export const method = (object: string, name: string, ...args: Expr[]): Expr => ({
  kind: "method",
  object,
  method: name,
  args,
});
export const bin = (op: BinaryOp, left: Expr, right: Expr): Expr => ({ kind: "bin", op, left, right });
export const and = (...parts: Expr[]): Expr => parts.reduce((a, b) => bin("&&", a, b));
export const or = (...parts: Expr[]): Expr => parts.reduce((a, b) => bin("||", a, b));
export const not = (operand: Expr): Expr => ({ kind: "not", operand });
export const field = (object: string, name: string): Expr => ({ kind: "field", object, field: name });
export const index = (array: string, i: number): Expr => ({ kind: "index", array, index: int(i) });

export const expr = (e: Expr): Stmt => ({ kind: "expr", expr: e });
export const assign = (target: string, value: Expr): Stmt => ({ kind: "assign", target, op: "=", value });
export const decl = (type: MqlType, name: string, init?: Expr): Stmt => ({ kind: "decl", type, name, init });
export const ret = (value?: Expr): Stmt => ({ kind: "return", value });
export const ifThen = (test: Expr, body: readonly Stmt[], otherwise?: readonly Stmt[]): Stmt => ({
  kind: "if",
  test,
  body,
  orElse: otherwise,
});
export const comment = (text: string): Stmt => ({ kind: "comment", text });
