import { describe, expect, it } from "vitest";
import { substituteInputs } from "./inputs";

describe("named inputs", () => {
  it("turns a settings table into words and a unit at the end of a name into a unit after the value", () => {
    const out = substituteInputs("Lots 0.1 | StopLossPoints 300 | TakeProfitPips 45");
    expect(out.replace(/\s+/g, " ").trim()).toBe("Lots 0.1 | stop loss 300 points | take profit 45 pips");
  });

  it("puts each input's value where the rules use its name; a range gives its middle", () => {
    const out = substituteInputs(
      "Stop at ATR x slMult, risk riskPercent% per trade. Inputs: slMult (1.5), riskPercent (1%-2% suggested).",
    );
    expect(out).toContain("ATR x 1.5");
    expect(out).toContain("risk 1.5% per trade");
  });

  it("reads the last part of one name after an operator ('+ Offset' for EntryOffset)", () => {
    expect(substituteInputs("Buy when Price > Day High + Offset. EntryOffset 3")).toContain("Day High + 3.");
  });

  it("leaves a message without named inputs as it is", () => {
    const text = "Buy when the 10 EMA crosses above the 20 EMA, stop 30 pips";
    expect(substituteInputs(text)).toBe(text);
  });
  it("binds an indicator's length and smoothing inputs to the uses of that indicator with no length", () => {
    const out = substituteInputs(
      "Stop = ATR(N) x slMult (ATR is smoothed). Inputs: atrLen (21), atrSmooth (6), slMult (2)",
    );
    expect(out).toContain("Stop = ATR(21) x 2");
    expect(out).toContain("ATR(21) smoothing 6");
    // A stated length stays; a multiplier named after the ATR is no length.
    expect(substituteInputs("Stop = ATR(14) x 2. Inputs: atrLen (21)")).toContain("ATR(14) x 2");
    expect(substituteInputs("Stop = ATR x atrMult. Inputs: atrMult (2.5)")).toContain("ATR x 2.5");
  });
});
