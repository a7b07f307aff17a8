import { describe, expect, it } from "vitest";
import { exportValue, exportZone, isoServerTime } from "./export-times";

describe("export times (issue 16)", () => {
  it("writes server times with the run's offset: +02:00 in winter, +03:00 in New York summer time", () => {
    const zone = exportZone("GMT+2/+3");
    expect(isoServerTime("2017.03.01 00:00:00", zone)).toBe("2017-03-01T00:00:00+02:00");
    expect(isoServerTime("2017.07.03 17:30:05", zone)).toBe("2017-07-03T17:30:05+03:00");
  });

  it("an IANA zone gets its own offset; UTC and backtests stored without a zone get +00:00", () => {
    expect(isoServerTime("2020.01.15 09:00:00", exportZone("Asia/Tokyo"))).toBe("2020-01-15T09:00:00+09:00");
    expect(isoServerTime("2020.01.15 09:00:00", exportZone("UTC"))).toBe("2020-01-15T09:00:00+00:00");
    expect(isoServerTime("2020.01.15 09:00:00", exportZone(undefined))).toBe("2020-01-15T09:00:00+00:00");
  });

  it("only time columns change; other values and non-times stay", () => {
    const zone = exportZone("GMT+2/+3");
    expect(exportValue("Time", "2017.03.01 00:00:00", zone)).toBe("2017-03-01T00:00:00+02:00");
    expect(exportValue("Comment", "2017.03.01 00:00:00", zone)).toBe("2017.03.01 00:00:00");
    expect(exportValue("Time", "", zone)).toBe("");
    expect(exportValue("Profit", 12.5, zone)).toBe(12.5);
  });
});
