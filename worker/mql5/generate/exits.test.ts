import { describe, expect, it } from "vitest";
import { checkMql5 } from "../check/checker";
import { body, gen, loadSpec } from "../testing/ea.fixture";

const ALL = loadSpec("tests/mql5-runtime/specs/v2-exits-bars-held-atr-channel.json");
const SCALE_OUT = loadSpec("examples/strategies/scale-out-1r-break-even.json");

describe("v2 exits in the EA", () => {
  it("passes the checker in both modes with every exit construct", () => {
    for (const mode of ["full", "conservative"] as const)
      expect(checkMql5(gen(ALL, mode)), mode).toEqual({ ok: true, errors: [] });
  });

  it("time exits run on a new bar before the exit rules, and the close-all window opens nothing", () => {
    const code = gen(ALL);
    const bar = body(code, "void ProcessNewBar(datetime barTime)");
    expect(bar.indexOf("bool flatWindow = TimeExits(barTime);")).toBeGreaterThan(
      bar.indexOf("g_lastBarTime = barTime;"),
    );
    expect(bar.indexOf("TrailStops();")).toBeLessThan(bar.indexOf("if(flatWindow)"));
    const time = body(code, "bool TimeExits(datetime barTime)");
    expect(time).toContain(
      "iBarShift(_Symbol, InpTimeframe, (datetime)PositionGetInteger(POSITION_TIME)) >= InpExitAfterBars",
    );
    expect(time).toContain("InpCloseHour * 60 + InpCloseMinute");
    expect(code).toContain("input int InpCloseHour = 22;");
    expect(code).toContain("input int InpCloseMinute = 30;");
  });

  it("the structural stop reads the swing low on the last closed bar and sends nothing when it is not below the bid", () => {
    const open = body(gen(ALL), "void OpenPosition(bool isLong)");
    expect(open).toContain("stopLevel");
    expect(open).toContain("SymbolInfoDouble(_Symbol, SYMBOL_BID)");
    expect(open).toContain("slDistance = structural;");
  });

  it("a partial close runs on every tick before the stops are managed, then break-even; R sets the target", () => {
    const code = gen(SCALE_OUT);
    const tick = body(code, "void OnTick()");
    expect(tick).toContain("ManagePartials();");
    const partial = body(code, "void ManagePartials()");
    expect(partial).toContain("trade.PositionClosePartial(ticket, lots)");
    expect(partial).toContain("trade.PositionModify(ticket, be, tp)");
    expect(partial).toContain("PartialDone()");
    expect(body(code, "void OpenPosition(bool isLong)")).toContain("tpDistance = InpTargetR * slDistance;");
    expect(code).toContain("input double InpPartialPercent = 50.0;");
  });

  it("a spec without v2 exits gets none of their code", () => {
    const plain = loadSpec("examples/strategies/sma-cross-sl50-tp100.json");
    const code = gen(plain);
    for (const name of ["TimeExits", "TrailStops", "ManagePartials", "stopLevel", "flatWindow"])
      expect(code).not.toContain(name);
  });
});
