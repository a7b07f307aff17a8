/**
 * The syntax tree the checker's parser builds from arbitrary source text. It is separate from
 * the generator's program representation (../ir.ts) on purpose: the checker must judge any
 * text, including hand-edited or broken code, so it cannot trust the generator's types.
 * Every node keeps the position of its first token for error messages.
 */

export interface Pos {
  readonly line: number;
  readonly column: number;
}

export interface TypeRef {
  readonly name: string;
  readonly pos: Pos;
}

export type Expr =
  | { readonly k: "ident"; readonly name: string; readonly pos: Pos }
  | { readonly k: "literal"; readonly pos: Pos }
  | { readonly k: "call"; readonly callee: string; readonly args: Expr[]; readonly pos: Pos }
  | {
      readonly k: "method";
      readonly object: Expr;
      readonly name: string;
      readonly args: Expr[];
      readonly pos: Pos;
    }
  | { readonly k: "member"; readonly object: Expr; readonly name: string; readonly pos: Pos }
  | { readonly k: "index"; readonly target: Expr; readonly index: Expr; readonly pos: Pos }
  | { readonly k: "unary"; readonly arg: Expr; readonly pos: Pos }
  | {
      readonly k: "binary";
      readonly op: string;
      readonly left: Expr;
      readonly right: Expr;
      readonly pos: Pos;
    }
  | {
      readonly k: "ternary";
      readonly test: Expr;
      readonly ifTrue: Expr;
      readonly ifFalse: Expr;
      readonly pos: Pos;
    }
  | { readonly k: "cast"; readonly type: TypeRef; readonly arg: Expr; readonly pos: Pos };

export interface VarDecl {
  readonly name: string;
  readonly pos: Pos;
  readonly dims: Expr[];
  readonly init?: Expr | Expr[];
}

export interface DeclStmt {
  readonly k: "decl";
  readonly type: TypeRef;
  readonly vars: VarDecl[];
  readonly pos: Pos;
}

export type Stmt =
  | { readonly k: "block"; readonly body: Stmt[]; readonly pos: Pos }
  | DeclStmt
  | { readonly k: "expr"; readonly expr: Expr; readonly pos: Pos }
  | {
      readonly k: "if";
      readonly test: Expr;
      readonly consequent: Stmt;
      readonly alternate?: Stmt;
      readonly pos: Pos;
    }
  | {
      readonly k: "for";
      readonly init?: Stmt;
      readonly test?: Expr;
      readonly update: Expr[];
      readonly body: Stmt;
      readonly pos: Pos;
    }
  | { readonly k: "while"; readonly test: Expr; readonly body: Stmt; readonly pos: Pos }
  | { readonly k: "do"; readonly body: Stmt; readonly test: Expr; readonly pos: Pos }
  | { readonly k: "return"; readonly value?: Expr; readonly pos: Pos }
  | { readonly k: "jump"; readonly pos: Pos }
  | {
      readonly k: "switch";
      readonly test: Expr;
      readonly cases: { readonly test?: Expr; readonly body: Stmt[] }[];
      readonly pos: Pos;
    }
  | { readonly k: "empty"; readonly pos: Pos };

export interface Param {
  readonly type: TypeRef;
  readonly name: string;
  readonly pos: Pos;
  readonly hasDefault: boolean;
  readonly defaultValue?: Expr;
}

export type TopLevel =
  | {
      readonly k: "function";
      readonly returnType: TypeRef;
      readonly name: string;
      readonly params: Param[];
      readonly body?: Stmt & { k: "block" };
      readonly pos: Pos;
    }
  | { readonly k: "global"; readonly decl: DeclStmt; readonly input: boolean }
  | {
      readonly k: "enum";
      readonly name: string;
      readonly members: { name: string; pos: Pos; value?: Expr }[];
      readonly pos: Pos;
    }
  | { readonly k: "directive"; readonly text: string; readonly pos: Pos };
