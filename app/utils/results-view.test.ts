import { describe, expect, it } from "vitest";
import {
  costsLabel,
  delayLabel,
  graphOf,
  lowerTabOf,
  modelLabel,
  type SummaryInputs,
  summaryRows,
  timeZoneLabel,
  withParam,
} from "./results-view";

/** A backtest's inputs as an old run stored them (before account, server time and costs). */
const OLD_INPUTS = {
  symbol: "EURUSD",
  period: "H1",
  dateStart: "2025-01-01",
  dateEnd: "2025-06-30",
  executionMode: 0,
  model: 0,
  depositAmount: 10000,
  depositCurrency: "USD",
};

/** The summary box of a completed run with these inputs, as label/value rows. */
const summaryOf = (inputs: SummaryInputs) =>
  summaryRows({ inputs, created: "2026-01-02T03:04:05.000Z", description: "", statusLabel: "Completed" });

describe("the results screen's URL state", () => {
  it("reads the graph and lower tab, falling back to Balance and Results & Export", () => {
    expect(graphOf(new URLSearchParams("graph=pnl"))).toBe("pnl");
    expect(graphOf(new URLSearchParams("graph=<x>"))).toBe("balance");
    expect(lowerTabOf(new URLSearchParams("tab=deals"))).toBe("deals");
    expect(lowerTabOf(new URLSearchParams(""))).toBe("results");
  });

  it("keeps the other params when switching, and drops the default value", () => {
    const sp = new URLSearchParams("tab=orders&orders_page=2");
    expect(withParam(sp, "graph", "entries")).toBe("?tab=orders&orders_page=2&graph=entries");
    expect(withParam(new URLSearchParams("graph=play"), "graph", "balance")).toBe("?");
  });
});

describe("server time and costs in the header (issue 16)", () => {
  it("names the zone and the costs", () => {
    const inputs = {
      ...OLD_INPUTS,
      timeZone: "GMT+2/+3",
      commission: 3.5,
      swapLong: -6.3,
      swapShort: 1.2,
      tripleSwapDay: 3,
      slippage: 0,
    };
    expect(timeZoneLabel(inputs.timeZone)).toBe("GMT+2/+3, New York close");
    expect(timeZoneLabel("Europe/London")).toBe("Europe/London");
    expect(costsLabel(inputs)).toBe(
      "commission 3.5 USD per lot per side; swap long -6.3, short 1.2 points (triple on Wednesday)",
    );
  });
});

describe("the summary box (spec 2 s2)", () => {
  it("labels delays and models as the backtest form does", () => {
    expect(delayLabel(0)).toBe("Zero latency");
    expect(delayLabel(-1)).toBe("Random delay");
    expect(delayLabel(1500)).toBe("1,500 ms");
    expect(modelLabel(2)).toBe("1 minute OHLC");
  });

  it("lists the twelve fields in order (Account, Server time, Costs after Deposit; an old backtest reads Hedging, UTC, None)", () => {
    const rows = summaryOf(OLD_INPUTS);
    expect(rows.map((r) => r[0])).toEqual([
      "Symbol",
      "Timeframe",
      "Period",
      "Delay",
      "Modelling",
      "Deposit",
      "Account",
      "Server time",
      "Costs",
      "Created",
      "Description",
      "Status",
    ]);
    expect(rows[2][1]).toBe("2025-01-01 - 2025-06-30");
    expect(rows[5][1]).toBe("10,000 USD");
    expect(rows[6][1]).toBe("Hedging");
    expect(rows[7][1]).toBe("UTC");
    expect(rows[8][1]).toBe("None");
    expect(rows[9][1]).toBe("January 2, 2026 at 03:04");
    expect(rows[10][1]).toBe("-");
  });

  it("names a netting account", () => {
    const rows = summaryOf({ ...OLD_INPUTS, account: "netting" });
    expect(rows.find((r) => r[0] === "Account")?.[1]).toBe("Netting");
  });
});
