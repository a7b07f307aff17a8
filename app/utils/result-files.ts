/** The result's downloadable files (issue 16 exports) and their link texts. Pure, shared by server and UI. */
export const RESULT_FILES = [
  "orders.csv",
  "deals.csv",
  "trades.csv",
  "result.json",
  "report.html",
  "inputs.set",
] as const;
export type ResultFile = (typeof RESULT_FILES)[number];

export const RESULT_FILE_LABELS: Readonly<Record<ResultFile, string>> = {
  "orders.csv": "Orders (CSV)",
  "deals.csv": "Deals (CSV)",
  "trades.csv": "Trades (CSV)",
  "result.json": "Whole result (JSON)",
  "report.html": "Report (HTML)",
  "inputs.set": "EA inputs (.set)",
};
