/** worker/mql5: the StrategySpec -> MQL5 compiler, its checker and the code state machine (DESIGN D5). */
export { type CheckResult, checkMql5 } from "./check/checker";
export type { Diagnostic } from "./check/lexer";
export { type GenerateOptions, generateMql5, type Mode } from "./generator";
export {
  type Checker,
  CODE_STATE,
  type CodeState,
  codeStateMessage,
  completeCode,
  consumesCredits,
  type GenerationRun,
  isCodeReady,
  isCodeState,
  isFinalState,
  runGeneration,
} from "./states";
