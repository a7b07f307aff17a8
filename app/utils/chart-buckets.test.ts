import { describe, expect, it } from "vitest";
import {
  bucketKeys,
  bucketLabel,
  entriesRows,
  entriesTooltip,
  profitLossRows,
  profitLossTooltip,
  sessionOf,
} from "./chart-buckets";

describe("sessionOf", () => {
  it("colours hours below 8 Asia, 8 to 14 Europe, the rest USA", () => {
    expect([0, 7].map(sessionOf)).toEqual(["asia", "asia"]);
    expect([8, 14].map(sessionOf)).toEqual(["europe", "europe"]);
    expect([15, 23].map(sessionOf)).toEqual(["usa", "usa"]);
  });
});

describe("buckets", () => {
  it("lists 24 hours, 7 weekdays from Monday and 12 months from January", () => {
    expect(bucketKeys("hourly")).toHaveLength(24);
    expect(bucketKeys("hourly")[0]).toBe(0);
    expect(bucketKeys("weekdays")).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(bucketKeys("months")).toHaveLength(12);
    expect(bucketLabel("weekdays", 1)).toBe("Mon");
    expect(bucketLabel("weekdays", 7)).toBe("Sun");
    expect(bucketLabel("months", 12)).toBe("Dec");
    expect(bucketLabel("hourly", 5)).toBe("5");
  });

  it("fills missing buckets with 0 and reads JSON string keys", () => {
    // JSON object keys are strings; parsed data is indexed by number all the same.
    const data = JSON.parse('{"hourly":{"3":{"entries":4}},"weekdays":{},"months":{"2":{"entries":1}}}');
    const hourly = entriesRows(data, "hourly");
    expect(hourly).toHaveLength(24);
    expect(hourly[3]).toEqual({ key: 3, label: "3", entries: 4 });
    expect(hourly[4].entries).toBe(0);
    expect(entriesRows(data, "months")[1]).toEqual({ key: 2, label: "Feb", entries: 1 });
    expect(entriesTooltip(hourly[3])).toBe("Entries: 4");
  });

  it("builds profit and loss rows", () => {
    const rows = profitLossRows(
      { hourly: {}, weekdays: { 1: { profit: 10.5, loss: 3 }, 2: { profit: 1 } }, months: {} },
      "weekdays",
    );
    expect(rows[0]).toEqual({ key: 1, label: "Mon", profit: 10.5, loss: 3 });
    expect(rows[1]).toEqual({ key: 2, label: "Tue", profit: 1, loss: 0 });
    expect(rows[6].profit).toBe(0);
  });
});

describe("profitLossTooltip", () => {
  it("truncates to an integer", () => {
    expect(profitLossTooltip("profit", 12.99)).toBe("Profit: 12");
    expect(profitLossTooltip("loss", 7.5)).toBe("Loss: 7");
    expect(profitLossTooltip("loss", -7.5)).toBe("Loss: -7");
  });
  it("shows 0 when missing", () => {
    expect(profitLossTooltip("profit", undefined)).toBe("Profit: 0");
    expect(profitLossTooltip("loss", null)).toBe("Loss: 0");
    expect(profitLossTooltip("loss", Number.NaN)).toBe("Loss: 0");
  });
});
