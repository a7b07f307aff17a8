/**
 * The result as files (issue 16 exports): orders, deals and trades as CSV, the whole result as JSON, the
 * MT5-style HTML report, and the EA's inputs as a `.set` file. Built from a source that only reads one
 * backtest, so the owner's download links and a share link (share.server.ts) serve the same files.
 */
import { z } from "zod";
import { eaSetFile, htmlReport, rowsCsv } from "../../../worker/engine/report";
import { RESULT_SECTIONS } from "../../../worker/services";
import type { StrategySpec } from "../../../worker/strategy";
import { exportValue, exportZone } from "../../utils/export-times";
import { RESULT_FILES, type ResultFile } from "../../utils/result-files";
import { DEAL_COLUMNS, ORDER_COLUMNS, TRADE_COLUMNS } from "../../utils/results-columns";
import { delayLabel, modelLabel, type SummaryInputs } from "../../utils/results-view";

export const resultFileSchema = z.enum(RESULT_FILES);

interface SourceBacktest {
  readonly strId: string;
  readonly backtestId: string;
  readonly created: string;
  readonly description: string;
  readonly notes: readonly string[];
  readonly inputs: SummaryInputs;
}

/** One completed backtest's stored parts. */
export interface ResultSource {
  readonly bt: SourceBacktest;
  section(name: "orders" | "deals" | "trades" | "results" | "summary"): Promise<unknown>;
  spec(): Promise<StrategySpec | null>;
}

const TYPES: Readonly<Record<string, string>> = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
  html: "text/html; charset=utf-8",
  set: "text/plain; charset=utf-8",
};

/** `str-12-backtest-34-trades.csv`, next to the EA's `str-12.mq5`. */
export function resultFilename(bt: SourceBacktest, file: ResultFile): string {
  return `str-${bt.strId}-backtest-${bt.backtestId}-${file}`;
}

function settingsOf(bt: SourceBacktest): [string, string][] {
  const i = bt.inputs;
  return [
    ["Expert", `Strategy ${bt.strId}`],
    ["Symbol", i.symbol],
    ["Period", `${i.period} (${i.dateStart} - ${i.dateEnd})`],
    ["Modelling", modelLabel(i.model)],
    ["Delays", delayLabel(i.executionMode)],
    ["Currency", i.depositCurrency],
    ["Initial Deposit", i.depositAmount.toFixed(2)],
    ["Description", bt.description],
    ["Created", bt.created],
  ];
}

async function body(source: ResultSource, file: ResultFile): Promise<string> {
  const { bt } = source;
  // Each section parsed with the schema the runner wrote it with (worker/services backtest-sections).
  const read = {
    orders: async () => RESULT_SECTIONS.orders.parse(await source.section("orders")),
    deals: async () => RESULT_SECTIONS.deals.parse(await source.section("deals")),
    trades: async () => RESULT_SECTIONS.trades.parse(await source.section("trades")),
    results: async () => RESULT_SECTIONS.results.parse(await source.section("results")),
    summary: async () => RESULT_SECTIONS.summary.parse(await source.section("summary")),
  };
  // CSV and JSON write times as ISO 8601 with the run's server offset (the CLI's rule); the HTML report keeps
  // MT5's own format, with the zone in its header.
  const zone = exportZone(bt.inputs.timeZone);
  const cell = (key: string, value: unknown) => exportValue(key, value, zone);
  switch (file) {
    case "orders.csv":
      return rowsCsv(
        await read.orders(),
        ORDER_COLUMNS.map((c) => c.key),
        cell,
      );
    case "deals.csv":
      return rowsCsv(
        await read.deals(),
        DEAL_COLUMNS.map((c) => c.key),
        cell,
      );
    case "trades.csv":
      return rowsCsv(
        await read.trades(),
        TRADE_COLUMNS.map((c) => c.key),
        cell,
      );
    case "result.json": {
      const [results, orders, deals, trades, summary] = await Promise.all([
        read.results(),
        read.orders(),
        read.deals(),
        read.trades(),
        read.summary(),
      ]);
      return `${JSON.stringify({ ...bt, results, orders, deals, trades, summary }, cell, 2)}\n`;
    }
    case "report.html": {
      const [results, orders, deals, trades] = await Promise.all([
        read.results(),
        read.orders(),
        read.deals(),
        read.trades(),
      ]);
      return htmlReport({
        title: `StratForge · Strategy ${bt.strId} · Backtest ${bt.backtestId}`,
        settings: settingsOf(bt),
        results,
        orders,
        deals,
        trades,
      });
    }
    case "inputs.set": {
      const spec = await source.spec();
      if (!spec) throw new Response("The strategy has no specification.", { status: 404 });
      return eaSetFile(spec, `str-${bt.strId}`, `Strategy ${bt.strId}`);
    }
  }
}

/** The file as a download (Content-Disposition), never cached: the owner may delete or revoke it. */
export async function resultFileResponse(source: ResultSource, file: ResultFile): Promise<Response> {
  const text = await body(source, file);
  const ext = file.slice(file.lastIndexOf(".") + 1);
  return new Response(text, {
    headers: {
      "content-type": TYPES[ext],
      "content-disposition": `attachment; filename="${resultFilename(source.bt, file)}"`,
      "cache-control": "private, no-store",
    },
  });
}
