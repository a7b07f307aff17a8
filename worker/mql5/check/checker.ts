/**
 * The MQL5 checker of the code state machine (DESIGN D5, spec 2 section 4).
 *
 * It is not a compiler. It runs, in order: the lexer, a bracket balance check, a parser for
 * the subset of MQL5 the generator writes, then name resolution and expert-advisor shape checks
 * (see resolve.ts for the exact list). Later stages run only when earlier ones succeed, because
 * a parse of unbalanced text would bury the real error under a cascade of invented ones.
 */
import { checkBalance } from "./balance";
import { type Diagnostic, lex } from "./lexer";
import { parse } from "./parser";
import { resolve } from "./resolve";

export interface CheckResult {
  readonly ok: boolean;
  readonly errors: Diagnostic[];
}

const result = (errors: Diagnostic[]): CheckResult => ({
  ok: errors.length === 0,
  errors: [...errors].sort((a, b) => a.line - b.line || a.column - b.column),
});

export function checkMql5(source: string): CheckResult {
  const { tokens, errors: lexErrors } = lex(source);
  if (lexErrors.length > 0) return result(lexErrors);
  const balanceErrors = checkBalance(tokens);
  if (balanceErrors.length > 0) return result(balanceErrors);
  const parsed = parse(tokens);
  if (parsed.error) return result([parsed.error]);
  return result(resolve(parsed.items));
}
