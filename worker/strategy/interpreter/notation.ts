import type { Condition, Operand } from "../spec";

// The compact condition notation of the corpus: "<left> <op> <right>", op xa / xb / > / <,
// or "<operand> in lo..hi"; operands are indicator ids (".line" for a non-default line),
// price fields in lower case, or numbers.

function operand(o: Operand): string {
  if (o.type === "constant") return String(o.value);
  if (o.type === "price") return o.field.toLowerCase();
  return o.line === undefined || o.line === "main" || o.line === "adx" || o.line === "middle"
    ? o.ref
    : `${o.ref}.${o.line}`;
}

const OPS: Record<string, string> = {
  crossesAbove: "xa",
  crossesBelow: "xb",
  greaterThan: ">",
  lessThan: "<",
};

export function notation(c: Condition): string {
  if (c.type === "between") return `${operand(c.operand)} in ${operand(c.lower)}..${operand(c.upper)}`;
  return `${operand(c.left)} ${OPS[c.type]} ${operand(c.right)}`;
}
