/**
 * Bracket balance over the token stream (so brackets inside strings and comments never count).
 * Each error points at the bracket that has no partner: an opener that is never closed, or a
 * closer that closes nothing.
 */
import type { Diagnostic, Token } from "./lexer";

const PAIRS: Readonly<Record<string, string>> = { ")": "(", "]": "[", "}": "{" };

export function checkBalance(tokens: Token[]): Diagnostic[] {
  const errors: Diagnostic[] = [];
  const stack: Token[] = [];
  const unclosed = (t: Token): Diagnostic => ({
    line: t.line,
    column: t.column,
    message: `unmatched '${t.text}': it is never closed`,
  });
  for (const t of tokens) {
    if (t.kind !== "op") continue;
    if (t.text === "(" || t.text === "[" || t.text === "{") {
      stack.push(t);
      continue;
    }
    const opener = PAIRS[t.text];
    if (opener === undefined) continue;
    const depth = stack.map((s) => s.text).lastIndexOf(opener);
    if (depth < 0) {
      errors.push({ line: t.line, column: t.column, message: `unmatched '${t.text}': nothing to close` });
      continue;
    }
    // Openers above the partner were left open (e.g. "f(a }" leaves "(" open).
    for (const s of stack.splice(depth).slice(1)) errors.push(unclosed(s));
  }
  for (const s of stack) errors.push(unclosed(s));
  return errors.sort((a, b) => a.line - b.line || a.column - b.column);
}
