import { describe, expect, it } from "vitest";
import { REPORT_LABELS } from "../../worker/engine/report";
import { csvField, type ExportBacktest, exportFilename, reportCsv, reportJson } from "./results-export";

const bt: ExportBacktest = {
  strId: "12",
  backtestId: "34",
  created: "2026-01-02T03:04:05.000Z",
  description: 'first, "quick" run',
  inputs: {
    symbol: "EURUSD",
    period: "H1",
    dateStart: "2025-01-01",
    dateEnd: "2025-12-31",
    executionMode: 0,
    model: 0,
    depositAmount: 10000,
    depositCurrency: "USD",
  },
};

describe("the report export", () => {
  it("names files after the strategy and the backtest", () => {
    expect(exportFilename("12", "34", "csv")).toBe("str-12-backtest-34.csv");
    expect(exportFilename("12", "34", "json")).toBe("str-12-backtest-34.json");
  });

  it("quotes CSV fields that need it", () => {
    expect(csvField("1,234.50")).toBe('"1,234.50"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("-5.00")).toBe("-5.00");
  });

  it("writes every label once with its value, settings first", () => {
    const csv = reportCsv(bt, { "Total Net Profit": "1,234.50", "Profit Factor": "1.50", Extra: "x" });
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Label,Value");
    expect(lines).toContain("Symbol,EURUSD");
    expect(lines).toContain('Description,"first, ""quick"" run"');
    expect(lines).toContain('Total Net Profit,"1,234.50"');
    expect(lines).toContain("Profit Factor,1.50");
    expect(lines).toContain("Sharpe Ratio,");
    expect(lines.at(-1)).toBe("Extra,x");
    for (const label of REPORT_LABELS)
      expect(lines.filter((l) => l.startsWith(`${csvField(label)},`))).toHaveLength(1);
  });

  it("writes JSON with the metrics keyed by label, null when missing", () => {
    const json: unknown = JSON.parse(reportJson(bt, { "Total Net Profit": "1,234.50" }));
    expect(json).toMatchObject({ strId: "12", backtestId: "34", inputs: { symbol: "EURUSD" } });
    expect(json).toHaveProperty(["results", "Total Net Profit"], "1,234.50");
    expect(json).toHaveProperty(["results", "Sharpe Ratio"], null);
  });
});
