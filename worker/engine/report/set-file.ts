/**
 * The EA's inputs as a MetaTrader 5 `.set` file (issue 16): one `name=value` line per input of the
 * generated EA, with the generator's own input names, so the Strategy Tester loads the inputs the backtest
 * used. Enumerations are written as MT5 stores them, by number (PERIOD_H1 = 16385). Pure.
 */
import { compile } from "../../mql5/generate/program";
import type { Expr, InputGroup } from "../../mql5/ir";
import { formatNumber } from "../../mql5/printer";
import type { StrategySpec } from "../../strategy/spec";

/** ENUM_TIMEFRAMES values (MQL5 reference), the only enumeration among the generator's inputs. */
const ENUM_VALUES: Readonly<Record<string, number>> = {
  PERIOD_M1: 1,
  PERIOD_M5: 5,
  PERIOD_M15: 15,
  PERIOD_M30: 30,
  PERIOD_H1: 16385,
  PERIOD_H4: 16388,
  PERIOD_D1: 16408,
  PERIOD_W1: 32769,
  PERIOD_MN1: 49153,
};

function valueText(e: Expr): string {
  switch (e.kind) {
    case "num":
      return formatNumber(e.value, e.type);
    case "neg":
      return `-${valueText(e.operand)}`;
    case "str":
      return e.value.replace(/[\r\n]/g, " ");
    case "id":
      return e.name in ENUM_VALUES ? String(ENUM_VALUES[e.name]) : e.name;
    default:
      throw new Error(`an input's default is not a constant (${e.kind})`);
  }
}

/** `; comment` header lines, then `name=value` lines, CRLF as MetaTrader writes them. */
export function setFile(groups: readonly InputGroup[], comment: readonly string[] = []): string {
  const lines = comment.map((c) => `; ${c.replace(/[\r\n]/g, " ")}`);
  for (const g of groups) for (const i of g.inputs) lines.push(`${i.name}=${valueText(i.value)}`);
  return `${lines.join("\r\n")}\r\n`;
}

/** The inputs of the EA the generator writes for `spec` (the "full" build, whose inputs the tester sees). */
export function eaSetFile(spec: StrategySpec, strategyId: string, title: string): string {
  const program = compile(spec, {
    strategyId,
    title,
    mode: "full",
    copyright: "StratForge",
    link: "https://stratforge.example",
  });
  return setFile(program.inputGroups, [`${title} (${strategyId}): inputs of the generated EA`]);
}
