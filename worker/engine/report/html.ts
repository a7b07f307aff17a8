/**
 * A self-contained HTML report with the sections and labels of MetaTrader 5's Strategy Tester report
 * (issue 16): Settings, Results, Orders, Deals, plus our Trades list. Inline CSS, no script, no external
 * resource, so the file opens offline and prints. Pure: the results page's download and the CLI write it.
 */

import type { DealRow, OrderRow } from "../rows";
import { REPORT_LABELS } from "./labels";
import type { TradeRow } from "./trades";

export interface HtmlReportInput {
  /** "StratForge · Strategy 12 · Backtest 34" */
  readonly title: string;
  /** MT5's Settings block: Expert, Symbol, Period, Inputs, Company, Currency, Initial Deposit, Leverage ... */
  readonly settings: readonly (readonly [string, string])[];
  /** Label -> formatted value (metrics.ts). */
  readonly results: Readonly<Record<string, string>>;
  readonly orders: readonly OrderRow[];
  readonly deals: readonly DealRow[];
  readonly trades: readonly TradeRow[];
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const STYLE = `
body{font:13px/1.4 Tahoma,Arial,sans-serif;color:#111;background:#fff;margin:16px}
h1{font-size:18px;margin:0 0 12px}h2{font-size:15px;margin:20px 0 6px;border-bottom:1px solid #999}
table{border-collapse:collapse;margin-bottom:8px}td,th{padding:2px 8px;border:1px solid #ccc;white-space:nowrap}
th{background:#e8e8e8;text-align:left}td.n{text-align:right}.kv td:first-child{color:#444}
.kv td:nth-child(2){font-weight:bold}@media print{body{margin:0}h2{break-after:avoid}tr{break-inside:avoid}}
`;

const NUMERIC = /^-?\d[\d .]*(?:\/ ?\d[\d.]*)?%?$/;

function table<R extends object>(rows: readonly R[], columns: readonly (keyof R & string)[]): string {
  const head = `<tr>${columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("")}</tr>`;
  const body = rows
    .map((row) => {
      const cells = columns.map((c) => {
        const text = String(row[c]);
        return `<td${NUMERIC.test(text) ? ' class="n"' : ""}>${escapeHtml(text)}</td>`;
      });
      return `<tr>${cells.join("")}</tr>`;
    })
    .join("\n");
  return `<table>\n${head}\n${body}\n</table>`;
}

function keyValues(pairs: readonly (readonly [string, string])[]): string {
  const rows = pairs.map(([k, v]) => `<tr><td>${escapeHtml(k)}:</td><td>${escapeHtml(v)}</td></tr>`);
  return `<table class="kv">\n${rows.join("\n")}\n</table>`;
}

const keysOf = <R extends object>(rows: readonly R[], fallback: readonly (keyof R & string)[]) =>
  rows.length > 0 ? (Object.keys(rows[0]) as (keyof R & string)[]) : fallback;

/** The report's labels in MT5's order, then any other label the engine wrote. */
function resultPairs(results: Readonly<Record<string, string>>): [string, string][] {
  const known = new Set<string>(REPORT_LABELS);
  const labels = [...REPORT_LABELS, ...Object.keys(results).filter((k) => !known.has(k))];
  return labels.filter((l) => Object.hasOwn(results, l)).map((l) => [l, results[l]]);
}

export function htmlReport(input: HtmlReportInput): string {
  const tradeColumns = keysOf(input.trades, ["Trade"]).filter((c) => c !== "Seconds");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Strategy Tester Report</h1>
<p>${escapeHtml(input.title)}</p>
<h2>Settings</h2>
${keyValues(input.settings)}
<h2>Results</h2>
${keyValues(resultPairs(input.results))}
<h2>Orders</h2>
${table(input.orders, keysOf(input.orders, ["Order"]))}
<h2>Deals</h2>
${table(input.deals, keysOf(input.deals, ["Deal"]))}
<h2>Trades</h2>
${table(input.trades, tradeColumns)}
</body>
</html>
`;
}
