import { describe, expect, it } from "vitest";
import { EXPIRY_MESSAGES, readExpiry } from "./card-expiry";

// The card form's expiry as people type it (issue 11: 13/34 and 00/30 failed without a word).
describe("readExpiry", () => {
  const now = new Date(Date.UTC(2026, 10, 26));

  it("reads MM/YY and MM/YYYY, with or without spaces", () => {
    expect(readExpiry("12/34")).toEqual({ ok: true, expMonth: 12, expYear: 2034 });
    expect(readExpiry("1/2030")).toEqual({ ok: true, expMonth: 1, expYear: 2030 });
    expect(readExpiry(" 07 / 29 ")).toEqual({ ok: true, expMonth: 7, expYear: 2029 });
  });

  it("names a month outside 1 to 12", () => {
    expect(readExpiry("13/34")).toEqual({ ok: false, message: EXPIRY_MESSAGES.month });
    expect(readExpiry("00/30")).toEqual({ ok: false, message: EXPIRY_MESSAGES.month });
  });

  it("calls anything but MM/YY incomplete", () => {
    for (const value of ["", "12", "12/", "1234", "12/3", "ab/cd", "12/345"]) {
      expect(readExpiry(value), value).toEqual({ ok: false, message: EXPIRY_MESSAGES.incomplete });
    }
  });

  it("refuses a year past 2100", () => {
    expect(readExpiry("12/2101")).toEqual({ ok: false, message: EXPIRY_MESSAGES.year });
  });

  it("refuses a month already over when it knows the date, and accepts the current one", () => {
    expect(readExpiry("10/26", now)).toEqual({ ok: false, message: EXPIRY_MESSAGES.past });
    expect(readExpiry("12/25", now)).toEqual({ ok: false, message: EXPIRY_MESSAGES.past });
    expect(readExpiry("11/26", now)).toEqual({ ok: true, expMonth: 11, expYear: 2026 });
    expect(readExpiry("10/26")).toEqual({ ok: true, expMonth: 10, expYear: 2026 });
  });
});
