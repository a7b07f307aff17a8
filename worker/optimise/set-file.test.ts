import { describe, expect, it } from "vitest";
import { parseSetFile, setLine, setNumber } from "./set-file";
import { parseParam, rangeValues } from "./space";

describe("MT5 .set files", () => {
  it("reads fixed and optimised inputs, comments and CRLF as the tester writes them", () => {
    const r = parseSetFile(
      "; saved\r\nInpLots=0.1\r\nInp_fast_Period=10||5||1||30||Y\r\nInpStopLoss=50||20||10||90||N\r\n\r\n",
    );
    expect(r).toEqual({
      entries: [
        { name: "InpLots", value: "0.1", optimise: false, line: 2 },
        {
          name: "Inp_fast_Period",
          value: "10",
          range: { start: "5", step: "1", stop: "30" },
          optimise: true,
          line: 3,
        },
        {
          name: "InpStopLoss",
          value: "50",
          range: { start: "20", step: "10", stop: "90" },
          optimise: false,
          line: 4,
        },
      ],
    });
    expect(setLine("Inp_fast_Period", "10", { start: "5", step: "1", stop: "30", optimise: true })).toBe(
      "Inp_fast_Period=10||5||1||30||Y",
    );
  });

  it("a malformed line is an error with its line number, never skipped", () => {
    expect(parseSetFile("InpLots=1\nnonsense\n")).toEqual({
      error: 'line 2: expected NAME=VALUE, got "nonsense"',
    });
    expect(parseSetFile("A=1||2||3\n")).toMatchObject({
      error: expect.stringContaining("line 1: expected NAME=VALUE||START"),
    });
    expect(parseSetFile("A=1||2||3||4||X\n")).toMatchObject({
      error: 'line 1: the last field must be Y or N, got "X"',
    });
    expect(parseSetFile("A=1\nA=2\n")).toEqual({ error: "line 2: A is set twice" });
    expect(setNumber("1.5e3")).toBe(1500);
    expect(setNumber("true")).toBeNull();
  });
});

describe("ranges", () => {
  it("NAME=START:STEP:STOP, decimals kept exact, the stop included when the steps reach it", () => {
    expect(parseParam("InpStopLoss=0.1:0.1:0.5")).toEqual({
      ok: true,
      range: { name: "InpStopLoss", start: 0.1, step: 0.1, stop: 0.5 },
    });
    expect(rangeValues({ name: "x", start: 0.1, step: 0.1, stop: 0.5 })).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(rangeValues({ name: "x", start: 5, step: 10, stop: 30 })).toEqual([5, 15, 25]);
    expect(parseParam("x=5:1")).toMatchObject({ ok: false });
    expect(parseParam("x=5:-1:9")).toEqual({
      ok: false,
      error: "--param x=5:-1:9: the step must be above 0",
    });
    expect(parseParam("x=9:1:5")).toEqual({
      ok: false,
      error: "--param x=9:1:5: the stop must not be below the start",
    });
  });
});
