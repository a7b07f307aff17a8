import { describe, expect, it } from "vitest";
import { bucketTime, DEFAULT_VISIBLE_BARS, timeframeUnit, visibleBars } from "./chart-timeframe";

const utc = (s: string) => Date.parse(`${s}Z`) / 1000;

describe("visibleBars", () => {
  it("follows the spec's table", () => {
    // The spec's table (timeframe:bars shown), one line per unit.
    const table = [
      "m1:240 m2:180 m3:160 m4:150 m5:144 m6:120 m10:100 m12:96 m15:96 m20:72 m30:48",
      "h1:72 h2:60 h3:56 h4:42 h6:40 h8:36 h12:28",
      "d1:60 w1:52 mn1:24",
    ]
      .join(" ")
      .split(" ")
      .map((cell) => cell.split(":"));
    for (const [tf, bars] of table) expect(visibleBars(tf, 10_000)).toBe(Number(bars));
  });
  it("is case-insensitive", () => {
    expect(visibleBars("H1", 1000)).toBe(72);
    expect(visibleBars("MN1", 1000)).toBe(24);
  });
  it("defaults to 100", () => {
    expect(DEFAULT_VISIBLE_BARS).toBe(100);
    expect(visibleBars("x7", 1000)).toBe(100);
  });
  it("is capped by the data length", () => {
    expect(visibleBars("m1", 30)).toBe(30);
    expect(visibleBars("h1", 0)).toBe(0);
  });
});

describe("bucketTime", () => {
  const t = utc("2024-01-17T13:47:21"); // a Wednesday
  it("floors intraday timeframes from midnight UTC", () => {
    expect(bucketTime(t, "m1")).toBe(utc("2024-01-17T13:47:00"));
    expect(bucketTime(t, "M5")).toBe(utc("2024-01-17T13:45:00"));
    expect(bucketTime(t, "m30")).toBe(utc("2024-01-17T13:30:00"));
    expect(bucketTime(t, "h1")).toBe(utc("2024-01-17T13:00:00"));
    expect(bucketTime(t, "h4")).toBe(utc("2024-01-17T12:00:00"));
    expect(bucketTime(t, "h12")).toBe(utc("2024-01-17T12:00:00"));
    expect(bucketTime(t, "d1")).toBe(utc("2024-01-17T00:00:00"));
  });
  it("starts weeks on Monday and months on the first", () => {
    expect(bucketTime(t, "w1")).toBe(utc("2024-01-15T00:00:00"));
    expect(bucketTime(utc("2024-01-14T23:00:00"), "W1")).toBe(utc("2024-01-08T00:00:00"));
    expect(bucketTime(utc("2024-01-15T00:00:00"), "w1")).toBe(utc("2024-01-15T00:00:00"));
    expect(bucketTime(t, "mn1")).toBe(utc("2024-01-01T00:00:00"));
    expect(bucketTime(utc("2024-02-29T23:59:59"), "MN1")).toBe(utc("2024-02-01T00:00:00"));
  });
  it("leaves the time alone for an unknown timeframe", () => {
    expect(bucketTime(t, "x1")).toBe(t);
    expect(timeframeUnit("m7")).toBeUndefined();
  });
});
