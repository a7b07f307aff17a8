/**
 * The service layer as the app sees it (its only entry point into worker/services and worker/db): the
 * services' type, the schemas the app's forms share with the API, and the few helpers its loaders call.
 * Route modules reach these through `.server` files, so none of it lands in the browser bundle.
 */
export { outbox } from "../db/schema";
// The optimiser's pure pieces the Optimise screens read (issue 17): the form checks ranges as the search does.
export { CRITERIA, CRITERION_LABELS, type Criterion } from "../optimise/criteria";
export { listInputs } from "../optimise/inputs";
export { SEARCHES, type Search } from "../optimise/optimise";
export { ForwardSchema, splitPeriods } from "../optimise/periods";
export { buildSpace, type ParamRange } from "../optimise/space";
export { SESSION_TTL_MS, type SessionUser } from "./accounts";
export type { PaymentPreview } from "./billing/payments";
export { type NewCard, SandboxCardError } from "./billing/providers/sandbox";
export { createCannyToken } from "./canny";
export type { Services } from "./context";
export { SWITCH_MARKETS_SPONSOR } from "./sponsor";
export {
  MONTE_CARLO_LIMITS,
  MONTE_CARLO_PARAMS,
  type MonteCarloAnswer,
  type MonteCarloFields,
  monteCarloFromSearch,
} from "./strategies/backtest-monte-carlo";
export { BACKTEST_LIMITS, readBacktestRequest } from "./strategies/backtest-request";
export {
  type BacktestSummary,
  type DealRowData,
  type EquityCurveData,
  type OrderRowData,
  RESULT_SECTIONS,
  type ResultSection,
  type TradeRowData,
} from "./strategies/backtest-sections";
export { type NewBacktest, newBacktestSchema } from "./strategies/backtests";
export { instructionsSchema } from "./strategies/chat";
export { DESCRIPTION_MAX_CHARS, newStrategySchema, renameSchema } from "./strategies/crud";
export { wireId } from "./strategies/ids";
export { optimisationRequestSchema } from "./strategies/optimise-request";
export {
  WALK_FORWARD_LIMITS,
  type WalkForwardAnswer,
  walkForwardFieldsSchema,
} from "./strategies/optimise-walk-forward";
