import { describe, expect, it } from "vitest";
import type { DealRow } from "../../worker/engine";
import { REPORT_LABELS } from "../../worker/engine/report";
import { DEAL_COLUMNS, metricColumns, ORDER_COLUMNS, pageRows, sortRows } from "./results-columns";

function deal(id: number, over: Partial<DealRow> = {}): DealRow {
  return {
    Deal: id,
    Time: `2024.01.0${id} 10:00:00`,
    Symbol: "EURUSD",
    Type: "buy",
    Direction: "in",
    Volume: "0.10",
    Price: "1.10000",
    Order: id,
    Commission: "0.00",
    Swap: "0.00",
    Profit: "0.00",
    Balance: "10000.00",
    Comment: "",
    ...over,
  };
}

const cell = (row: DealRow, key: keyof DealRow & string) => row[key];

describe("the orders and deals columns (spec 2 s2)", () => {
  it("have the spec's headers in order", () => {
    expect(ORDER_COLUMNS.map((c) => c.header)).toEqual([
      "Id",
      "Open Time",
      "Symbol",
      "Type",
      "Volume",
      "Price",
      "Stop Loss",
      "Take Profit",
      "Time",
      "State",
      "Comment",
    ]);
    expect(DEAL_COLUMNS.map((c) => c.header)).toEqual([
      "Id",
      "Time",
      "Symbol",
      "Type",
      "Direction",
      "Volume",
      "Price",
      "Order",
      "Commission",
      "Swap",
      "Profit",
      "Balance",
      "Comment",
    ]);
  });

  it("sort numbers as numbers, times as text, empty cells last either way", () => {
    const rows = [
      deal(1, { Profit: "9.50", Order: "" }),
      deal(2, { Profit: "-20.00" }),
      deal(3, { Profit: "10.25" }),
    ];
    const ids = (sorted: DealRow[]) => sorted.map((r) => r.Deal);
    expect(ids(sortRows(rows, DEAL_COLUMNS, { id: "profit", dir: "asc" }, cell))).toEqual([2, 1, 3]);
    expect(ids(sortRows(rows, DEAL_COLUMNS, { id: "profit", dir: "desc" }, cell))).toEqual([3, 1, 2]);
    expect(ids(sortRows(rows, DEAL_COLUMNS, { id: "time", dir: "desc" }, cell))).toEqual([3, 2, 1]);
    expect(ids(sortRows(rows, DEAL_COLUMNS, { id: "order", dir: "asc" }, cell))).toEqual([2, 3, 1]);
    expect(ids(sortRows(rows, DEAL_COLUMNS, { id: "order", dir: "desc" }, cell))).toEqual([3, 2, 1]);
    expect(ids(sortRows(rows, DEAL_COLUMNS, { id: "nope", dir: "asc" }, cell))).toEqual([1, 2, 3]);
  });

  it("pages 10 at a time", () => {
    const rows = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageRows(rows, 1, 10)).toHaveLength(10);
    expect(pageRows(rows, 3, 10)).toEqual([21, 22, 23]);
  });
});

describe("metricColumns (the results panel)", () => {
  it("puts every report label once in three columns, with help and '-' when missing", () => {
    const columns = metricColumns({ "Total Net Profit": "123.45", Bars: " " });
    expect(columns).toHaveLength(3);
    expect(columns.flat().map((c) => c.label)).toEqual(REPORT_LABELS);
    const all = columns.flat();
    expect(all.find((c) => c.label === "Total Net Profit")?.value).toBe("123.45");
    expect(all.find((c) => c.label === "Bars")?.value).toBe("-");
    expect(all.find((c) => c.label === "Sharpe Ratio")?.value).toBe("-");
    for (const c of all) expect(c.help.length).toBeGreaterThan(10);
  });
});
