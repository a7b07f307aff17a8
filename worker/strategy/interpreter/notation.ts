import type { Condition, Operand } from "../spec";

// The compact condition notation of the corpus: "<left> <op> <right>", op xa / xb / > / <,
// or "<operand> in lo..hi"; operands are indicator ids (".line" for a non-default line),
// price fields in lower case (after "h4." on another timeframe), or numbers; "[n]" after an operand read n bars back.

function operand(o: Operand): string {
  if (o.type === "constant") return String(o.value);
  if (o.type === "expression") {
    const b = o.b ? ` ${o.k < 0 ? "-" : "+"} ${Math.abs(o.k)}*${operand(o.b)}` : "";
    const off = o.offset
      ? ` ${o.offset.value < 0 ? "-" : "+"} ${Math.abs(o.offset.value)}${o.offset.unit}`
      : "";
    return `(${operand(o.a)}${b}${off})`;
  }
  const back = o.shift > 0 ? `[${o.shift}]` : "";
  // A price on another timeframe: "h4.high[1]".
  if (o.type === "price")
    return `${o.timeframe ? `${o.timeframe.toLowerCase()}.` : ""}${o.field.toLowerCase()}${back}`;
  if (o.type === "extreme") return `${o.side}(${o.bars})${back}`;
  if (o.type === "previousPeriod") return `${o.period}${o.back}.${o.field.toLowerCase()}${back}`;
  if (o.type === "timeWindow") return `window(${o.from}-${o.to}).${o.side}${back}`;
  if (o.type === "candle") return `${o.measure}${back}`;
  if (o.type === "swing") return `swing${o.side}${o.strength === 2 ? "" : `(${o.strength})`}${back}`;
  const name =
    o.line === undefined || o.line === "main" || o.line === "adx" || o.line === "middle"
      ? o.ref
      : `${o.ref}.${o.line}`;
  return `${name}${back}`;
}

const OPS: Record<string, string> = {
  crossesAbove: "xa",
  crossesBelow: "xb",
  greaterThan: ">",
  lessThan: "<",
};

export function notation(c: Condition): string {
  if (c.type === "allOf") return `(${c.conditions.map(notation).join(" & ")})`;
  if (c.type === "within") return `within ${c.bars} (${c.all.map(notation).join(" & ")})`;
  if (c.type === "candlePattern") return `${c.pattern}${c.shift > 0 ? `[${c.shift}]` : ""}`;
  if (c.type === "between") return `${operand(c.operand)} in ${operand(c.lower)}..${operand(c.upper)}`;
  return `${operand(c.left)} ${OPS[c.type]} ${operand(c.right)}`;
}
