import { describe, expect, it } from "vitest";
import { emaHoursInput, type HoursInput } from "../strategy/hours.fixture";
import type { StrategySpec } from "../strategy/spec";
import { checkMql5 } from "./check/checker";
import { generateMql5 } from "./generator";
import { specOf } from "./testing/ea.fixture";

const spec = (hours: HoursInput): StrategySpec => specOf(emaHoursInput(hours, [1, 2, 3, 4, 5]));
const gen = (s: StrategySpec, mode: "full" | "conservative" = "full") =>
  generateMql5(s, { strategyId: "7", title: "Zone test", mode });

describe("the EA of hours in a named zone", () => {
  const london = gen(spec({ from: 8, to: 12, zone: "Europe/London" }));

  it("passes the checker in both modes", () => {
    expect(checkMql5(london)).toEqual({ ok: true, errors: [] });
    expect(checkMql5(gen(spec({ from: 9, to: 11, zone: "America/New_York" }), "conservative"))).toEqual({
      ok: true,
      errors: [],
    });
  });

  it("takes the broker's server zone and the hours' zone as inputs, GMT+2/+3 by default", () => {
    expect(london).toContain('input string InpServerZone = "GMT+2/+3";');
    expect(london).toContain('input string InpHoursZone = "Europe/London";');
    expect(london).toContain(
      "input int InpHourFrom = 8; // Entries from hour (InpHoursZone time, inclusive)",
    );
  });

  it("compares the zone's hour, converted from TimeCurrent() through UTC, and refuses to start on an unknown zone", () => {
    expect(london).toContain("int zonedHour = ZonedHour((long)TimeCurrent());");
    expect(london).toContain("if(zonedHour < InpHourFrom || zonedHour >= InpHourTo)");
    expect(london).toMatch(
      /if\(!ZoneRule\(InpServerZone, dst, stdOffset, base\) \|\| !ZoneRule\(InpHoursZone, dst, stdOffset, base\)\)/,
    );
    expect(london).toContain("return(INIT_FAILED);");
    // The EU rule (last Sundays of March and October, 01:00 UTC) and the US rules of 2007 on and before.
    expect(london).toContain("start = LastSunday(y, 3) * 86400 + 3600;");
    expect(london).toContain("end = LastSunday(y, 10) * 86400 + 3600;");
    expect(london).toContain("start = NthSunday(y, 3, 2) * 86400 + (7200 - stdOffset);");
    expect(london).toContain("start = NthSunday(y, 4, 1) * 86400 + (7200 - stdOffset);");
  });

  it("knows the server conventions and every zone the spec accepts", () => {
    expect(london).toMatch(
      /if\(name == "GMT\+2\/\+3"\)\s*\{\s*dst = 2;\s*stdOffset = -18000;\s*base = 7200;/,
    );
    expect(london).toContain('name == "Europe/London" || name == "Europe/Dublin" || name == "Europe/Lisbon"');
    expect(london).toContain('name == "Asia/Kolkata"');
  });

  it("leaves the EA of server-time hours as it was", () => {
    const server = gen(spec({ from: 8, to: 12 }));
    expect(server).not.toContain("InpServerZone");
    expect(server).not.toContain("ZonedHour");
    expect(server).toContain("if(t.hour < InpHourFrom || t.hour >= InpHourTo)");
  });
});
