import { describe, expect, it } from "vitest";
import {
  currencySymbol,
  formatAmount,
  formatDate,
  formatLocalDate,
  formatLocalDateTime,
  formatMetric,
  formatMoney,
  formatPercent,
  processingStatus,
  statusLabel,
  statusLabelForCode,
} from "./format";

const at = Date.UTC(2024, 0, 5, 14, 3, 59);

describe("formatDate", () => {
  it("writes 'Month day, year at HH:MM' in UTC by default", () => {
    expect(formatDate(at)).toBe("January 5, 2024 at 14:03");
    expect(formatDate("2024-01-05T14:03:00Z")).toBe("January 5, 2024 at 14:03");
    expect(formatDate(new Date(at))).toBe("January 5, 2024 at 14:03");
  });
  it("uses 24-hour time with a zero-padded hour, midnight as 00", () => {
    expect(formatDate(Date.UTC(2023, 11, 31, 0, 5))).toBe("December 31, 2023 at 00:05");
    expect(formatDate(Date.UTC(2023, 11, 31, 9, 0))).toBe("December 31, 2023 at 09:00");
    expect(formatDate(Date.UTC(2023, 11, 31, 23, 59))).toBe("December 31, 2023 at 23:59");
  });
  it("applies a time zone, crossing the date line", () => {
    expect(formatDate(at, "America/New_York")).toBe("January 5, 2024 at 09:03");
    expect(formatDate(Date.UTC(2024, 0, 5, 23, 30), "Asia/Tokyo")).toBe("January 6, 2024 at 08:30");
  });
  it("falls back to UTC for a bad zone and shows '-' for a bad date", () => {
    expect(formatDate(at, "Not/AZone")).toBe("January 5, 2024 at 14:03");
    expect(formatDate("not a date")).toBe("-");
    expect(formatDate(null)).toBe("-");
    expect(formatDate(undefined)).toBe("-");
    expect(formatDate(Number.NaN)).toBe("-");
  });
  it("handles the epoch and the far-future 'never' date", () => {
    expect(formatDate(0)).toBe("January 1, 1970 at 00:00");
    expect(formatDate("9999-12-31T23:59:59Z")).toBe("December 31, 9999 at 23:59");
  });
});

describe("formatLocalDate", () => {
  it("writes a short date", () => {
    expect(formatLocalDate(at)).toBe("Jan 5, 2024");
    expect(formatLocalDate(Date.UTC(2024, 0, 5, 23, 30), "Asia/Tokyo")).toBe("Jan 6, 2024");
    expect(formatLocalDate("")).toBe("-");
  });
});

describe("formatLocalDateTime", () => {
  it("shows the day and the 24-hour time in the reader's zone", () => {
    expect(formatLocalDateTime(Date.UTC(2024, 0, 5, 14, 3))).toBe("Jan 5, 2024 14:03");
    expect(formatLocalDateTime(Date.UTC(2024, 0, 5, 23, 30), "Asia/Tokyo")).toBe("Jan 6, 2024 08:30");
    expect(formatLocalDateTime(Date.UTC(2024, 0, 5, 0, 5))).toBe("Jan 5, 2024 00:05");
    expect(formatLocalDateTime(null)).toBe("-");
  });
});

describe("formatAmount", () => {
  it("always shows 2 decimals for money figures", () => {
    expect(formatAmount(-436)).toBe("-436.00");
    expect(formatAmount(40.5)).toBe("40.50");
    expect(formatAmount(80)).toBe("80.00");
    expect(formatAmount(12345.678)).toBe("12,345.68");
    expect(formatAmount(-0.001)).toBe("0.00");
    expect(formatAmount(undefined)).toBe("-");
  });
});

describe("currency", () => {
  it("maps USD, EUR and GBP, case-insensitively; others show as themselves", () => {
    expect(currencySymbol("USD")).toBe("$");
    expect(currencySymbol("eur")).toBe("€");
    expect(currencySymbol("GBP")).toBe("£");
    expect(currencySymbol("CHF")).toBe("CHF");
  });
  it("formats money with 0 decimals and thousands separators", () => {
    expect(formatMoney(29, "USD")).toBe("$29");
    expect(formatMoney(0, "EUR")).toBe("€0");
    expect(formatMoney(1234567.89, "GBP")).toBe("£1,234,568");
    expect(formatMoney(19.5, "usd")).toBe("$20");
    expect(formatMoney(-1234.5, "USD")).toBe("-$1,235");
    expect(formatMoney(-0.4, "USD")).toBe("$0");
    expect(formatMoney(1200, "CHF")).toBe("CHF 1,200");
    expect(formatMoney(null, "USD")).toBe("-");
    expect(formatMoney(Number.NaN, "USD")).toBe("-");
  });
});

describe("metrics", () => {
  it("shows '-' when missing", () => {
    expect(formatMetric(null)).toBe("-");
    expect(formatMetric(undefined)).toBe("-");
    expect(formatMetric(Number.NaN)).toBe("-");
    expect(formatMetric("")).toBe("-");
  });
  it("formats up to 2 decimals with separators", () => {
    expect(formatMetric(0)).toBe("0");
    expect(formatMetric(1.5)).toBe("1.5");
    expect(formatMetric(1234.567)).toBe("1,234.57");
    expect(formatMetric(-42.001)).toBe("-42");
    expect(formatMetric(-0.001)).toBe("0");
    expect(formatMetric(Number.POSITIVE_INFINITY)).toBe("∞");
    expect(formatMetric("1.82")).toBe("1.82");
  });
  it("adds % to percentages", () => {
    expect(formatPercent(12.345)).toBe("12.35%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(-3.5)).toBe("-3.5%");
    expect(formatPercent(null)).toBe("-");
    expect(formatPercent(Number.NaN)).toBe("-");
  });
});

describe("processing status", () => {
  it("maps 100, 200 and anything else", () => {
    expect(processingStatus(100)).toBe("completed");
    expect(processingStatus(200)).toBe("error");
    expect(processingStatus(0)).toBe("processing");
    expect(processingStatus(150)).toBe("processing");
    expect(processingStatus(-1)).toBe("processing");
  });
  it("labels each status and a missing backtest", () => {
    expect(statusLabel("processing")).toBe("Processing");
    expect(statusLabel("error")).toBe("Error");
    expect(statusLabel("completed")).toBe("Completed");
    expect(statusLabel(null)).toBe("-");
    expect(statusLabelForCode(100)).toBe("Completed");
    expect(statusLabelForCode(undefined)).toBe("-");
  });
});
