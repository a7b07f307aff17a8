import { describe, expect, it } from "vitest";
import { emaHoursInput, type HoursInput } from "./hours.fixture";
import { renderOutline } from "./outline";
import { parseSpec, type StrategySpec, type StrategySpecInput, specJsonSchema } from "./spec";

const base = (hours: HoursInput): StrategySpecInput => emaHoursInput(hours);

function load(input: StrategySpecInput): StrategySpec {
  const r = parseSpec(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.spec;
}

describe("timeFilter.hours.zone (hours in a named time zone)", () => {
  it("accepts a zone with written daylight-saving rules and keeps it", () => {
    expect(load(base({ from: 8, to: 12, zone: "Europe/London" })).timeFilter?.hours?.zone).toBe(
      "Europe/London",
    );
    expect(load(base({ from: 9, to: 11, zone: "America/New_York" })).timeFilter?.hours?.zone).toBe(
      "America/New_York",
    );
  });

  it("leaves hours without a zone as server time (stored specs unchanged)", () => {
    expect(load(base({ from: 8, to: 12 })).timeFilter?.hours).toEqual({ from: 8, to: 12 });
  });

  it("refuses an unknown zone, and one without a written rule, with the zones it takes", () => {
    for (const zone of ["Mars/Olympus", "Australia/Sydney", "London"]) {
      const r = parseSpec(base({ from: 8, to: 12, zone }));
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.issues).toHaveLength(1);
      expect(r.issues[0].path).toBe("timeFilter.hours.zone");
      expect(r.issues[0].message).toContain(`"${zone}": Unsupported time zone`);
      expect(r.issues[0].message).toContain("Europe/London");
    }
  });

  it("is in the JSON Schema the assistant's providers get", () => {
    const text = JSON.stringify(specJsonSchema());
    expect(text).toContain("IANA time zone of the hours");
  });

  it("reads as a plain sentence in the outline", () => {
    const london = renderOutline(load(base({ from: 8, to: 12, zone: "Europe/London" })));
    expect(london).toContain("Entries only 08:00-12:00 London time (Europe/London, with daylight saving)");
    expect(london).not.toContain("server time");
    const tokyo = renderOutline(load(base({ from: 22, to: 2, zone: "Asia/Tokyo" })));
    expect(tokyo).toContain(
      "Entries only 22:00-02:00 Tokyo time (Asia/Tokyo, no daylight saving, past midnight)",
    );
    expect(renderOutline(load(base({ from: 8, to: 12 })))).toContain("Hours: 08:00 to 12:00 server time");
  });
});
