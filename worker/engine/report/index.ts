/** The report's public surface for the engine and the services. */

export { csvField, rowsCsv } from "./csv";
export { DrawdownTracker } from "./drawdown";
export { escapeHtml, type HtmlReportInput, htmlReport } from "./html";
export { REPORT_COLUMNS, REPORT_HELP, REPORT_LABELS, type ReportLabel } from "./labels";
export { computeReport, type ReportNumbers, type ReportResults } from "./metrics";
export { eaSetFile, setFile } from "./set-file";
export {
  type BalancePoint,
  type EntriesBucket,
  type Groupings,
  type ProfitLossBucket,
  type SummaryData,
  type SummaryInput,
  summarise,
} from "./summary";
export { type TradeRow, tradeRows } from "./trades";
export type { Drawdown, ReportInput, ReportTrade } from "./types";
