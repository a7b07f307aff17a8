/**
 * The v2 exits in the generated EA: where each construct's code lives and that both builds pass the
 * checker. Their trading is proven against the engine by the parity harness (tests/mql5-runtime).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSpec, type StrategySpec } from "../../strategy/spec";
import { checkMql5 } from "../check/checker";
import { generateMql5 } from "../generator";

function load(path: string): StrategySpec {
  const r = parseSpec(JSON.parse(readFileSync(join(__dirname, "../../..", path), "utf8")));
  if (!r.ok) throw new Error(`${path}: ${JSON.stringify(r.issues)}`);
  return r.spec;
}
const gen = (s: StrategySpec, mode: "full" | "conservative" = "full") =>
  generateMql5(s, { strategyId: "7", title: "Exits", mode });
/** The text of one function of the source. */
function fn(code: string, signature: string): string {
  const start = code.indexOf(`${signature}\n  {`);
  expect(start, signature).toBeGreaterThanOrEqual(0);
  return code.slice(start, code.indexOf("\n  }\n", start));
}

const ALL = load("tests/mql5-runtime/specs/v2-exits-bars-held-atr-channel.json");
const SCALE_OUT = load("examples/strategies/scale-out-1r-break-even.json");

describe("v2 exits in the EA", () => {
  it("passes the checker in both modes with every exit construct", () => {
    for (const mode of ["full", "conservative"] as const)
      expect(checkMql5(gen(ALL, mode)), mode).toEqual({ ok: true, errors: [] });
  });

  it("time exits run on a new bar before the exit rules, and the close-all window opens nothing", () => {
    const code = gen(ALL);
    const bar = fn(code, "void ProcessNewBar(datetime barTime)");
    expect(bar.indexOf("bool flatWindow = TimeExits(barTime);")).toBeGreaterThan(
      bar.indexOf("g_lastBarTime = barTime;"),
    );
    expect(bar.indexOf("TrailStops();")).toBeLessThan(bar.indexOf("if(flatWindow)"));
    const time = fn(code, "bool TimeExits(datetime barTime)");
    expect(time).toContain(
      "iBarShift(_Symbol, InpTimeframe, (datetime)PositionGetInteger(POSITION_TIME)) >= InpExitAfterBars",
    );
    expect(time).toContain("InpCloseHour * 60 + InpCloseMinute");
    expect(code).toContain("input int InpCloseHour = 22;");
    expect(code).toContain("input int InpCloseMinute = 30;");
  });

  it("the structural stop reads the swing low on the last closed bar and sends nothing when it is not below the bid", () => {
    const open = fn(gen(ALL), "void OpenPosition(bool isLong)");
    expect(open).toContain("stopLevel");
    expect(open).toContain("SymbolInfoDouble(_Symbol, SYMBOL_BID)");
    expect(open).toContain("slDistance = structural;");
  });

  it("a partial close runs on every tick before the stops are managed, then break-even; R sets the target", () => {
    const code = gen(SCALE_OUT);
    const tick = fn(code, "void OnTick()");
    expect(tick).toContain("ManagePartials();");
    const partial = fn(code, "void ManagePartials()");
    expect(partial).toContain("trade.PositionClosePartial(ticket, lots)");
    expect(partial).toContain("trade.PositionModify(ticket, be, tp)");
    expect(partial).toContain("PartialDone()");
    expect(fn(code, "void OpenPosition(bool isLong)")).toContain("tpDistance = InpTargetR * slDistance;");
    expect(code).toContain("input double InpPartialPercent = 50.0;");
  });

  it("a spec without v2 exits gets none of their code", () => {
    const plain = load("examples/strategies/sma-cross-sl50-tp100.json");
    const code = gen(plain);
    for (const name of ["TimeExits", "TrailStops", "ManagePartials", "stopLevel", "flatWindow"])
      expect(code).not.toContain(name);
  });
});
