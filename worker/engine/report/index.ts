/** The report's public surface for the engine and the services. */
export { DrawdownTracker } from "./drawdown";
export { REPORT_COLUMNS, REPORT_HELP, REPORT_LABELS, type ReportLabel } from "./labels";
export { computeReport, type ReportNumbers, type ReportResults } from "./metrics";
export {
  type BalancePoint,
  type EntriesBucket,
  type Groupings,
  type ProfitLossBucket,
  type SummaryData,
  type SummaryInput,
  summarise,
} from "./summary";
export type { Drawdown, ReportInput, ReportTrade } from "./types";
