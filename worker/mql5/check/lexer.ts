/**
 * Lexer for the MQL5 subset the checker understands (DESIGN D5).
 *
 * It knows comments, string and character literals (including the C'..' colour and D'..'
 * date literals), numbers (decimal, float with exponent, hex), identifiers, the C-family
 * operators and whole preprocessor lines (with backslash continuations). Comments are dropped;
 * everything else becomes a token with its 1-based line and column, so every later error can
 * point at the source.
 */

export type TokenKind = "ident" | "number" | "string" | "char" | "op" | "preproc" | "eof";

export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

export interface Diagnostic {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface LexResult {
  readonly tokens: Token[];
  readonly errors: Diagnostic[];
}

// Longest first, so that "<<=" wins over "<<" and "<".
const OPERATORS = [
  "<<=",
  ">>=",
  "==",
  "!=",
  "<=",
  ">=",
  "&&",
  "||",
  "++",
  "--",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "<<",
  ">>",
  "::",
  "+",
  "-",
  "*",
  "/",
  "%",
  "=",
  "<",
  ">",
  "!",
  "&",
  "|",
  "^",
  "~",
  "?",
  ":",
  ";",
  ",",
  ".",
  "(",
  ")",
  "{",
  "}",
  "[",
  "]",
];

const isIdentStart = (c: string): boolean => /[A-Za-z_]/.test(c);
const isIdentPart = (c: string): boolean => /[A-Za-z0-9_]/.test(c);
const isDigit = (c: string): boolean => c >= "0" && c <= "9";

export function lex(source: string): LexResult {
  const tokens: Token[] = [];
  const errors: Diagnostic[] = [];
  let i = 0;
  let line = 1;
  let column = 1;
  // True while only whitespace has been seen on the current line: "#" then starts a directive.
  let lineStart = true;

  const advance = (n: number): void => {
    for (let k = 0; k < n && i < source.length; k++) {
      if (source[i] === "\n") {
        line++;
        column = 1;
        lineStart = true;
      } else {
        column++;
      }
      i++;
    }
  };
  const push = (kind: TokenKind, text: string, l: number, c: number): void => {
    tokens.push({ kind, text, line: l, column: c });
  };

  // Reads a quoted literal starting at i (source[i] is the quote); returns false if unterminated.
  const readQuoted = (quote: string): string | null => {
    let j = i + 1;
    while (j < source.length && source[j] !== quote) {
      if (source[j] === "\n") return null;
      if (source[j] === "\\") j++;
      j++;
    }
    if (j >= source.length) return null;
    return source.slice(i, j + 1);
  };

  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1] ?? "";
    if (c === "\n" || c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v") {
      advance(1);
      continue;
    }
    const l = line;
    const col = column;
    if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") advance(1);
      continue;
    }
    if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      if (end < 0) {
        errors.push({ line: l, column: col, message: "unterminated block comment" });
        advance(source.length - i);
        break;
      }
      advance(end + 2 - i);
      continue;
    }
    if (c === "#" && lineStart) {
      let j = i;
      // A trailing backslash continues the directive on the next line.
      while (j < source.length && source[j] !== "\n") {
        if (source[j] === "\\" && source[j + 1] === "\n") j += 2;
        else j++;
      }
      const text = source.slice(i, j).replace(/\/\/.*$/, "");
      push("preproc", text.trim(), l, col);
      advance(j - i);
      continue;
    }
    lineStart = false;
    if (c === '"' || c === "'") {
      const text = readQuoted(c);
      if (text === null) {
        errors.push({
          line: l,
          column: col,
          message: c === '"' ? "unterminated string literal" : "unterminated character literal",
        });
        while (i < source.length && source[i] !== "\n") advance(1);
        continue;
      }
      push(c === '"' ? "string" : "char", text, l, col);
      advance(text.length);
      continue;
    }
    if (isDigit(c) || (c === "." && isDigit(next))) {
      const m = /^(0[xX][0-9A-Fa-f]+|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)/.exec(source.slice(i, i + 64));
      const text = m ? m[0] : c;
      if (isIdentStart(source[i + text.length] ?? "")) {
        errors.push({
          line: l,
          column: col,
          message: `malformed number '${text}${source[i + text.length]}'`,
        });
      }
      push("number", text, l, col);
      advance(text.length);
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < source.length && isIdentPart(source[j])) j++;
      const word = source.slice(i, j);
      // C'0,0,255' and D'2024.01.01' are colour and datetime literals.
      if ((word === "C" || word === "D") && source[j] === "'") {
        advance(1);
        const text = readQuoted("'");
        if (text === null) {
          errors.push({ line: l, column: col, message: "unterminated literal" });
          continue;
        }
        push("number", `${word}${text}`, l, col);
        advance(text.length);
        continue;
      }
      push("ident", word, l, col);
      advance(word.length);
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op) {
      push("op", op, l, col);
      advance(op.length);
      continue;
    }
    errors.push({ line: l, column: col, message: `unexpected character '${c}'` });
    advance(1);
  }
  tokens.push({ kind: "eof", text: "", line, column });
  return { tokens, errors };
}
