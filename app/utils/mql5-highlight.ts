/**
 * A small MQL5 tokenizer for the code tab's read-only viewer (spec 2 s2). Pure and dependency-free, so it
 * ships in the viewer's lazy chunk without a highlighting library. It only colours text: it never decides
 * whether the code is valid (the worker's checker does that), and every input, however broken, comes back
 * as tokens whose texts concatenate to the input exactly.
 */

export type TokenKind = "keyword" | "type" | "string" | "comment" | "number" | "preprocessor" | "plain";

export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set([
  "break",
  "case",
  "class",
  "const",
  "continue",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "extern",
  "false",
  "for",
  "if",
  "input",
  "new",
  "NULL",
  "operator",
  "override",
  "private",
  "protected",
  "public",
  "return",
  "sinput",
  "sizeof",
  "static",
  "struct",
  "switch",
  "template",
  "this",
  "true",
  "typename",
  "union",
  "virtual",
  "while",
]);

const TYPES = new Set([
  "bool",
  "char",
  "color",
  "datetime",
  "double",
  "float",
  "int",
  "long",
  "short",
  "string",
  "uchar",
  "uint",
  "ulong",
  "ushort",
  "void",
]);

/** Standard-library classes (CTrade, CPositionInfo) and MQL structures (MqlTick) read as types too. */
const LIBRARY_TYPE = /^(?:C[A-Z][A-Za-z]+|Mql[A-Z][A-Za-z]*)$/;

const IDENT_START = /[A-Za-z_]/;
const IDENT = /\w/;
const DIGIT = /\d/;
const NUMBER = /^(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/;

function identKind(word: string): TokenKind {
  if (KEYWORDS.has(word)) return "keyword";
  if (TYPES.has(word) || LIBRARY_TYPE.test(word)) return "type";
  return "plain";
}

/** Index just past a quoted literal starting at `at` (the quote), honouring escapes; stops at a newline. */
function endOfQuoted(src: string, at: number, quote: string): number {
  let i = at + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "\n") return i;
    i++;
    if (c === quote) return i;
  }
  return src.length;
}

/** True when only spaces or tabs precede `at` on its line: `#` there starts a directive. */
function atLineStart(src: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = src[i];
    if (c === "\n") return true;
    if (c !== " " && c !== "\t") return false;
  }
  return true;
}

export function tokenizeMql5(src: string): Token[] {
  const out: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    if (!text) return;
    const last = out.at(-1);
    // Neighbouring plain text is one token: fewer spans to render.
    if (last && last.kind === "plain" && kind === "plain") last.text += text;
    else out.push({ kind, text });
  };
  let i = 0;
  // After `#include`, a `<file>` is a path (coloured as a string), not two comparison operators.
  let includePath = false;
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === "/" && next === "/") {
      const end = src.indexOf("\n", i);
      const stop = end < 0 ? src.length : end;
      push("comment", src.slice(i, stop));
      i = stop;
      continue;
    }
    if (c === "/" && next === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end < 0 ? src.length : end + 2;
      push("comment", src.slice(i, stop));
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      const stop = endOfQuoted(src, i, c);
      push("string", src.slice(i, stop));
      i = stop;
      continue;
    }
    if (c === "<" && includePath) {
      const end = src.indexOf(">", i);
      const eol = src.indexOf("\n", i);
      if (end > 0 && (eol < 0 || end < eol)) {
        push("string", src.slice(i, end + 1));
        i = end + 1;
        includePath = false;
        continue;
      }
    }
    if (c === "#" && atLineStart(src, i)) {
      let j = i + 1;
      while (j < src.length && (src[j] === " " || src[j] === "\t")) j++;
      while (j < src.length && IDENT.test(src[j])) j++;
      const directive = src.slice(i, j);
      push("preprocessor", directive);
      includePath = /^#\s*include$/.test(directive);
      i = j;
      continue;
    }
    if (c === "\n") includePath = false;
    if (DIGIT.test(c) || (c === "." && next !== undefined && DIGIT.test(next))) {
      const match = NUMBER.exec(src.slice(i, i + 64));
      const text = match ? match[0] : c;
      push("number", text);
      i += text.length;
      continue;
    }
    if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < src.length && IDENT.test(src[j])) j++;
      const word = src.slice(i, j);
      push(identKind(word), word);
      i = j;
      continue;
    }
    push("plain", c);
    i++;
  }
  return out;
}

/**
 * The tokens line by line, for a viewer with line numbers: a token that spans lines (a block comment) is
 * split at each newline, and the newlines themselves are dropped. `n` lines of text give `n` arrays.
 */
export function highlightLines(src: string): Token[][] {
  const lines: Token[][] = [[]];
  for (const token of tokenizeMql5(src.replace(/\r\n?/g, "\n"))) {
    const parts = token.text.split("\n");
    parts.forEach((part, k) => {
      if (k > 0) lines.push([]);
      if (part) lines[lines.length - 1].push({ kind: token.kind, text: part });
    });
  }
  return lines;
}
