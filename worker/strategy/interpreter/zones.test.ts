import { describe, expect, it } from "vitest";
import { build } from "./check-spec.fixture";
import { interpret } from "./index";
import { statedZone, utcClock } from "./zones";

// Hours given in a named zone (issue 15): kept as given, and the reply says what they are on the server clock.
// Phrasings are our own.

const BASE = "H1: buy when the 12 EMA crosses above the 26 EMA, sell when it crosses below. Stop 25 pips.";

describe("stated time zones", () => {
  it("names the zone beside a time, and not a session or the server clock", () => {
    expect(statedZone("trade 9:00-15:00 utc")).toBe("utc");
    expect(statedZone("between 6 and 14 gmt")).toBe("utc");
    // EST and EDT are fixed offsets: their clocks are written in UTC (utcClock).
    expect(statedZone("close at 4pm est")).toBe("utc");
    expect(statedZone("from est 7pm to est 4am")).toBe("utc");
    expect(statedZone("close at 4pm new york time")).toBe("newyork");
    expect(statedZone("only trade 08:00-17:00 server time")).toBeNull();
    expect(statedZone("only trade the london session")).toBeNull();
  });

  it("keeps GMT or London hours in their zone, whatever the server clock (hours.zone)", () => {
    const r = interpret("only trade 06:00-14:00 GMT", build(BASE));
    expect(r.spec?.timeFilter?.hours).toEqual({ from: 6, to: 14, zone: "UTC" });
    expect(r.followUpQuestion).toBeNull();
    expect(r.changes).toContain("Entries only 06:00-14:00 UTC.");
    expect(r.clarifications).toMatch(/InpServerZone/);
    const london = interpret("only trade 08:00-12:00 london time", build(BASE));
    expect(london.spec?.timeFilter?.hours).toEqual({ from: 8, to: 12, zone: "Europe/London" });
    expect(london.changes).toContain(
      "Entries only 08:00-12:00 London time (Europe/London, with daylight saving).",
    );
  });

  it("gives New York times the server's constant seven hours, without adding a New York session", () => {
    const r = interpret("close everything at 15:00 new york time", build(BASE));
    expect(r.spec?.exits?.closeAt?.time).toBe("15:00");
    expect(r.spec?.timeFilter).toBeUndefined();
    expect(r.clarifications).toMatch(/closing at 22:00 server time all year/);
  });

  it("writes EST and EDT clocks in UTC, across midnight too, and keeps every other clock", () => {
    expect(utcClock("12:00", "est")).toBe("17:00");
    expect(utcClock("21:30", "est")).toBe("02:30");
    expect(utcClock("12:00", "edt")).toBe("16:00");
    expect(utcClock("12:00", "gmt")).toBe("12:00");
    expect(utcClock("12:00", undefined)).toBe("12:00");
  });

  it("says nothing about zones for server hours", () => {
    const r = interpret("only trade 08:00-17:00", build(BASE));
    expect(r.clarifications).not.toMatch(/GMT\+2\/\+3 server \(the usual one\)/);
  });
});
