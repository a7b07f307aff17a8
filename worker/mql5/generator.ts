/**
 * Public entry of the MQL5 generator (DESIGN D5): StrategySpec -> .mq5 source text, through the
 * typed program representation (generate/program.ts builds it, printer.ts prints it).
 *
 * "full" is the normal build. "conservative" is the state machine's fallback after a checker
 * error: the same trading logic written with older, plainer constructs only (no input groups,
 * no #property strict, no conditional operator, no casts). Both must trade identically.
 */
import type { StrategySpec } from "../strategy/spec";
import type { Mode } from "./generate/context";
import { compile } from "./generate/program";
import { printProgram } from "./printer";

export type { Mode } from "./generate/context";

export interface GenerateOptions {
  readonly strategyId: string;
  readonly title: string;
  readonly mode?: Mode;
  /** #property copyright; defaults to the product name. */
  readonly copyright?: string;
  /** #property link; pass the deployment's public URL. */
  readonly link?: string;
}

export function generateMql5(spec: StrategySpec, opts: GenerateOptions): string {
  return printProgram(
    compile(spec, {
      strategyId: opts.strategyId,
      title: opts.title,
      mode: opts.mode ?? "full",
      copyright: opts.copyright ?? "StratForge",
      link: opts.link ?? "https://stratforge.example",
    }),
  );
}
