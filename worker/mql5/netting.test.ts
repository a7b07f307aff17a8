import { describe, expect, it } from "vitest";
import { checkMql5 } from "./check/checker";
import { body, gen, loadSpec } from "./testing/ea.fixture";

// Behaviour on a netting account is checked trade by trade in tests/mql5-runtime (parity.test.ts); these
// check what the trader reads in the code.
describe("the EA on a netting account (issue 13)", () => {
  const pyramid = loadSpec("tests/mql5-runtime/specs/netting-rsi-dips-pyramid.json");
  const longOnly = loadSpec("tests/mql5-runtime/specs/cci-adx-momentum-pyramid.json");
  const single = loadSpec("examples/strategies/sma-cross-10-20.json");

  it("no longer refuses a netting account when several positions are allowed", () => {
    const code = gen(pyramid);
    expect(code).not.toContain("needs a hedging account");
    expect(body(code, "int OnInit()")).not.toContain("ACCOUNT_MARGIN_MODE");
  });

  it("counts the entries that built each position, from its deal history on a netting account", () => {
    const code = gen(pyramid);
    expect(body(code, "int CountPositions()")).toContain("count += PositionEntries();");
    const entries = body(code, "int PositionEntries()");
    expect(entries).toContain(
      "if(AccountInfoInteger(ACCOUNT_MARGIN_MODE) == ACCOUNT_MARGIN_MODE_RETAIL_HEDGING)",
    );
    expect(entries).toContain("HistorySelectByPosition(PositionGetInteger(POSITION_IDENTIFIER))");
    expect(entries).toContain("if(entry == DEAL_ENTRY_INOUT)");
    expect(entries).toContain("if(entry == DEAL_ENTRY_IN)");
  });

  it("sends no entry against the held netted position, checked before the count", () => {
    const code = gen(pyramid);
    const bar = body(code, "void ProcessNewBar(datetime barTime)");
    const gate = bar.indexOf("if(HoldsOpposite(entryLong))");
    expect(gate).toBeGreaterThan(0);
    expect(gate).toBeLessThan(bar.indexOf("CountPositions()"));
    expect(body(code, "bool HoldsOpposite(bool isLong)")).toContain("if(heldLong != isLong)");
  });

  it("a one-direction strategy needs no opposite gate; a one-position strategy neither helper", () => {
    const oneSide = gen(longOnly);
    expect(oneSide).toContain("int PositionEntries()");
    expect(oneSide).not.toContain("HoldsOpposite");
    const one = gen(single);
    expect(one).not.toContain("PositionEntries");
    expect(one).not.toContain("HoldsOpposite");
    expect(one).not.toContain("HistorySelectByPosition");
  });

  it("passes the checker in both modes", () => {
    for (const s of [pyramid, longOnly])
      for (const mode of ["full", "conservative"] as const)
        expect(checkMql5(gen(s, mode)), mode).toEqual({ ok: true, errors: [] });
  });
});
