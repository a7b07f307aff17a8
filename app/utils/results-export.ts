/**
 * The report export of the 'Results & Export' tab (spec 2 s2): CSV and JSON of a completed backtest, served
 * by GET routes so the links work without JavaScript. Pure.
 */
import { REPORT_LABELS } from "../../worker/engine/report";
import type { SummaryInputs } from "./results-view";

export interface ExportBacktest {
  readonly strId: string;
  readonly backtestId: string;
  readonly created: string;
  readonly description: string;
  readonly inputs: SummaryInputs;
}

export type ExportFormat = "csv" | "json";

/** `str-12-backtest-34.csv`, next to the EA's `str-12.mq5`. */
export function exportFilename(strId: string, backtestId: string, format: ExportFormat): string {
  return `str-${strId}-backtest-${backtestId}.${format}`;
}

/** The report's labels in the panel's order, then any other label the engine wrote. */
export function orderedLabels(results: Readonly<Record<string, string>>): string[] {
  const known = new Set<string>(REPORT_LABELS);
  return [...REPORT_LABELS, ...Object.keys(results).filter((k) => !known.has(k))];
}

/** RFC 4180: quote a field that holds a comma, a quote or a line break; double the quotes inside. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * `Label,Value` lines: the backtest's settings first, then every metric (an empty value when the engine
 * did not produce one). CRLF line ends, as spreadsheets expect.
 */
export function reportCsv(bt: ExportBacktest, results: Readonly<Record<string, string>>): string {
  const settings: [string, string][] = [
    ["Strategy", bt.strId],
    ["Backtest", bt.backtestId],
    ["Symbol", bt.inputs.symbol],
    ["Timeframe", bt.inputs.period],
    ["Date Start", bt.inputs.dateStart],
    ["Date End", bt.inputs.dateEnd],
    ["Delay", String(bt.inputs.executionMode)],
    ["Modelling", String(bt.inputs.model)],
    ["Deposit", String(bt.inputs.depositAmount)],
    ["Currency", bt.inputs.depositCurrency],
    ["Created", bt.created],
    ["Description", bt.description],
  ];
  const metrics: [string, string][] = orderedLabels(results).map((label) => [
    label,
    Object.hasOwn(results, label) ? results[label] : "",
  ]);
  const lines = [["Label", "Value"], ...settings, ...metrics].map((row) => row.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The same report as JSON: settings, and the metrics keyed by the spec's labels (null when missing). */
export function reportJson(bt: ExportBacktest, results: Readonly<Record<string, string>>): string {
  const metrics: Record<string, string | null> = {};
  for (const label of orderedLabels(results))
    metrics[label] = Object.hasOwn(results, label) ? results[label] : null;
  return JSON.stringify(
    {
      strId: bt.strId,
      backtestId: bt.backtestId,
      created: bt.created,
      description: bt.description,
      inputs: bt.inputs,
      results: metrics,
    },
    null,
    2,
  );
}
