import { describe, expect, it } from "vitest";
import { checkSpec } from "./check-spec.fixture";
import { dayEndClock } from "./edit-apply";
import { interpret } from "./index";
import { STOP_MULTIPLE_PHRASINGS } from "./stop-multiples.fixture";

// Risk management in multiples of the stop and the end-of-day close (stop-multiples.fixture.ts), read as a
// first description.

describe("risk in multiples of the stop, and the close at the end of the day", () => {
  for (const c of STOP_MULTIPLE_PHRASINGS) {
    it(c.name, () => {
      const r = interpret(c.say, null);
      expect(r.spec, r.clarifications).not.toBeNull();
      checkSpec(r.spec, c.expect);
      if (c.spec) expect(r.spec).toMatchObject(c.spec);
      if (c.not) expect(r.spec).not.toMatchObject(c.not);
      if (c.expect.question === false) expect(r.followUpQuestion).toBeNull();
    });
  }

  it("on a daily chart the end of the day is no bar to close on: it asks", () => {
    const r = interpret(
      `Daily chart. ${"Buy when the 9 ema crosses above the 21 ema."} Close all trades at the end of the day.`,
      null,
    );
    expect(r.followUpQuestion ?? r.clarifications).toMatch(/day or longer/);
    expect(r.spec?.exits?.closeAt).toBeUndefined();
  });

  it("the day's last bar opens one chart period before midnight", () => {
    expect(dayEndClock("M30")).toBe("23:30");
    expect(dayEndClock("H4")).toBe("20:00");
    expect(dayEndClock("D1")).toBeNull();
  });

  it("a chat edit 'close at the end of the day' sets the close on the spec's chart", () => {
    const first = interpret("H4 chart. Buy when the 9 ema crosses above the 21 ema. Stop 40 pips.", null);
    expect(first.spec).not.toBeNull();
    const r = interpret("close all trades at the end of the day", first.spec);
    expect(r.spec?.exits?.closeAt).toEqual({ time: "20:00" });
  });
});
