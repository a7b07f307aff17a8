import { describe, expect, it } from "vitest";
import { checkMql5 } from "./checker";

// A small, valid expert advisor in the style the generator writes (line numbers matter below).
const VALID = `#property copyright "Test"
#property version "1.00"
#include <Trade\\Trade.mqh>
input int InpPeriod = 10; // period
input group "Trading"
input double InpLots = 0.1;
CTrade trade;
int h_ma = INVALID_HANDLE;
datetime g_last = 0;
int OnInit()
  {
   h_ma = iMA(_Symbol, PERIOD_H1, InpPeriod, 0, MODE_SMA, PRICE_CLOSE);
   if(h_ma == INVALID_HANDLE) return(INIT_FAILED);
   return(INIT_SUCCEEDED);
  }
void OnDeinit(const int reason)
  {
   IndicatorRelease(h_ma);
  }
double Value(int index)
  {
   double values[];
   if(CopyBuffer(h_ma, 0, index, 1, values) != 1) return(0.0);
   return(values[0]);
  }
void OnTick()
  {
   datetime t = iTime(_Symbol, PERIOD_H1, 0);
   if(t == g_last) return;
   g_last = t;
   MqlDateTime dt;
   TimeToStruct(TimeGMT(), dt);
   for(int i = PositionsTotal() - 1; i >= 0; i--)
     {
      ulong ticket = PositionGetTicket(i);
      if(ticket == 0) continue;
     }
   double close1 = iClose(_Symbol, PERIOD_H1, 1);
   if(close1 > Value(1) && dt.hour >= 8)
      trade.Buy(InpLots, _Symbol, SymbolInfoDouble(_Symbol, SYMBOL_ASK), 0.0, 0.0, "x");
  }
`;

const lineOf = (needle: string): number => VALID.split("\n").findIndex((l) => l.includes(needle)) + 1;
const edit = (from: string, to: string): string => {
  expect(VALID).toContain(from);
  return VALID.replace(from, to);
};

describe("checkMql5", () => {
  it("accepts a well-formed expert advisor", () => {
    expect(checkMql5(VALID)).toEqual({ ok: true, errors: [] });
  });

  it("reports an opener that is never closed at its own line", () => {
    const src = edit(
      "   for(int i = PositionsTotal() - 1; i >= 0; i--)\n     {",
      "   for(int i = PositionsTotal() - 1; i >= 0; i--)\n     {\n      {",
    );
    const r = checkMql5(src);
    expect(r.ok).toBe(false);
    // The function's own "{" now has no partner; the checker names the outermost open brace.
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].message).toBe("unmatched '{': it is never closed");
    expect(r.errors[0].line).toBe(lineOf("void OnTick()") + 1);
  });

  it("reports a closer with nothing to close at its own line", () => {
    const src = edit("   g_last = t;", "   g_last = t);");
    expect(checkMql5(src).errors).toEqual([
      { line: lineOf("g_last = t;"), column: 14, message: "unmatched ')': nothing to close" },
    ]);
    // An extra "}" closes OnTick early, so the brace left over is the function's last one:
    // a balance check cannot know which brace the author meant, only that one is spare.
    const brace = checkMql5(edit("   g_last = t;", "   g_last = t; }"));
    expect(brace.errors).toEqual([
      { line: VALID.split("\n").length - 1, column: 3, message: "unmatched '}': nothing to close" },
    ]);
  });

  it("reports a parenthesis left open inside a call", () => {
    const src = edit("   IndicatorRelease(h_ma);", "   IndicatorRelease(h_ma;");
    const r = checkMql5(src);
    expect(r.errors).toEqual([
      { line: lineOf("IndicatorRelease"), column: 20, message: "unmatched '(': it is never closed" },
    ]);
  });

  it("ignores brackets inside strings and comments", () => {
    const src = edit('0.0, 0.0, "x")', '0.0, 0.0, "x { ( [") /* ) } */');
    expect(checkMql5(src).ok).toBe(true);
  });

  it("rejects an unknown function with its line", () => {
    const src = edit("   g_last = t;", "   g_last = t;\n   SendOrderNow(1);");
    expect(checkMql5(src).errors).toEqual([
      { line: lineOf("g_last = t;") + 1, column: 4, message: "unknown function 'SendOrderNow'" },
    ]);
  });

  it("rejects an unknown CTrade method and a method on a non-object", () => {
    const r1 = checkMql5(edit("trade.Buy(", "trade.BuyNow("));
    expect(r1.errors).toEqual([
      { line: lineOf("trade.Buy("), column: 13, message: "unknown method 'CTrade.BuyNow'" },
    ]);
    const r2 = checkMql5(edit("   g_last = t;", "   g_last = t;\n   g_last.Reset();"));
    expect(r2.errors[0]).toMatchObject({
      line: lineOf("g_last = t;") + 1,
      message: "'datetime' has no methods (calling 'Reset')",
    });
  });

  it("rejects an undeclared identifier with its line and column", () => {
    const src = edit("if(t == g_last) return;", "if(t == g_lastBar) return;");
    expect(checkMql5(src).errors).toEqual([
      { line: lineOf("if(t == g_last)"), column: 12, message: "undeclared identifier 'g_lastBar'" },
    ]);
  });

  it("scopes locals to their block and for-loop", () => {
    const src = edit("   double close1 =", "   ticket = 1;\n   double close1 =");
    expect(checkMql5(src).errors).toEqual([
      { line: lineOf("double close1"), column: 4, message: "undeclared identifier 'ticket'" },
    ]);
    const loop = edit("   double close1 =", "   i = 0;\n   double close1 =");
    expect(checkMql5(loop).errors[0].message).toBe("undeclared identifier 'i'");
  });

  it("rejects a variable declared twice in one scope, but allows shadowing in an inner block", () => {
    const twice = edit("   g_last = t;", "   g_last = t;\n   datetime t = 0;");
    expect(checkMql5(twice).errors).toEqual([
      { line: lineOf("g_last = t;") + 1, column: 13, message: "'t' is already declared in this scope" },
    ]);
    const inner = edit(
      "      if(ticket == 0) continue;",
      "      if(ticket == 0) continue;\n      datetime t = 0;",
    );
    expect(checkMql5(inner).ok).toBe(true);
  });

  it("rejects an unknown field of a known structure", () => {
    const src = edit("dt.hour >= 8", "dt.hours >= 8");
    expect(checkMql5(src).errors).toEqual([
      { line: lineOf("dt.hour >= 8"), column: 31, message: "'MqlDateTime' has no field 'hours'" },
    ]);
  });

  it("rejects a missing OnTick", () => {
    const start = VALID.indexOf("void OnTick()");
    const r = checkMql5(VALID.slice(0, start));
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([
      { line: 1, column: 1, message: "missing OnTick(): an expert advisor needs an OnTick function" },
    ]);
  });

  it("rejects indicator handles without OnInit, and handles created outside it", () => {
    const noInit = VALID.replace("int OnInit()", "int Setup()");
    expect(checkMql5(noInit).errors).toEqual([
      {
        line: lineOf("h_ma = iMA("),
        column: 11,
        message: "indicator handles are created but OnInit() is missing",
      },
    ]);
    const inTick = edit(
      "   g_last = t;",
      "   g_last = t;\n   int h2 = iRSI(_Symbol, PERIOD_H1, 14, PRICE_CLOSE);",
    );
    expect(checkMql5(inTick).errors).toEqual([
      {
        line: lineOf("g_last = t;") + 1,
        column: 13,
        message: "indicator handles must be created in OnInit()",
      },
    ]);
  });

  it.each([
    ["iMA", "iMA(_Symbol, PERIOD_H1, 10, 0, MODE_SMA)", 6, 5],
    ["iRSI", "iRSI(_Symbol, PERIOD_H1, 14)", 4, 3],
    ["iMACD", "iMACD(_Symbol, PERIOD_H1, 12, 26, 9, PRICE_CLOSE, 0)", 6, 7],
    ["iBands", "iBands(_Symbol, PERIOD_H1, 20, 0, PRICE_CLOSE)", 6, 5],
    ["iATR", "iATR(_Symbol, PERIOD_H1)", 3, 2],
    ["iStochastic", "iStochastic(_Symbol, PERIOD_H1, 5, 3, 3, MODE_SMA, STO_LOWHIGH, 0)", 7, 8],
    ["iCCI", "iCCI(_Symbol, PERIOD_H1, 14, PRICE_TYPICAL, 1)", 4, 5],
    ["iADX", "iADX(_Symbol, PERIOD_H1, 14, 0)", 3, 4],
    ["iMomentum", "iMomentum(_Symbol, PERIOD_H1, 14)", 4, 3],
  ])("rejects %s with the wrong number of arguments", (name, bad, expected, got) => {
    const src = edit("iMA(_Symbol, PERIOD_H1, InpPeriod, 0, MODE_SMA, PRICE_CLOSE)", bad);
    const r = checkMql5(src);
    expect(r.errors).toEqual([
      {
        line: lineOf("h_ma = iMA("),
        column: 11,
        message: `wrong number of arguments to '${name}': expected ${expected}, got ${got}`,
      },
    ]);
  });

  it("accepts every indicator function with its MQL5 argument count", () => {
    for (const good of [
      "iRSI(_Symbol, PERIOD_H1, 14, PRICE_CLOSE)",
      "iMACD(_Symbol, PERIOD_H1, 12, 26, 9, PRICE_CLOSE)",
      "iBands(_Symbol, PERIOD_H1, 20, 0, 2.0, PRICE_CLOSE)",
      "iATR(_Symbol, PERIOD_H1, 14)",
      "iStochastic(_Symbol, PERIOD_H1, 5, 3, 3, MODE_SMA, STO_LOWHIGH)",
      "iCCI(_Symbol, PERIOD_H1, 14, PRICE_TYPICAL)",
      "iADX(_Symbol, PERIOD_H1, 14)",
      "iMomentum(_Symbol, PERIOD_H1, 14, PRICE_CLOSE)",
    ]) {
      expect(checkMql5(edit("iMA(_Symbol, PERIOD_H1, InpPeriod, 0, MODE_SMA, PRICE_CLOSE)", good))).toEqual({
        ok: true,
        errors: [],
      });
    }
  });

  it("rejects CopyBuffer without its five arguments, and a user function called wrongly", () => {
    const r = checkMql5(edit("CopyBuffer(h_ma, 0, index, 1, values)", "CopyBuffer(h_ma, 0, index, values)"));
    expect(r.errors).toEqual([
      {
        line: lineOf("CopyBuffer"),
        column: 7,
        message: "wrong number of arguments to 'CopyBuffer': expected 5, got 4",
      },
    ]);
    const own = checkMql5(edit("close1 > Value(1)", "close1 > Value(1, 2)"));
    expect(own.errors[0].message).toBe("wrong number of arguments to 'Value': expected 1, got 2");
  });

  it("reports syntax errors at the offending token", () => {
    const r = checkMql5(edit("   g_last = t;", "   g_last = t"));
    expect(r.errors).toEqual([
      { line: lineOf("g_last = t;") + 1, column: 4, message: "expected ';' but found 'MqlDateTime'" },
    ]);
    const type = checkMql5(edit("   MqlDateTime dt;", "   MqlDateTim dt;"));
    expect(type.errors[0]).toMatchObject({
      line: lineOf("MqlDateTime dt;"),
      message: "unknown type 'MqlDateTim'",
    });
  });

  it("requires the include that declares CTrade", () => {
    const r = checkMql5(VALID.replace("#include <Trade\\Trade.mqh>\n", "\n"));
    expect(r.errors).toEqual([
      { line: lineOf("CTrade trade;"), column: 1, message: "'CTrade' needs #include <Trade\\Trade.mqh>" },
    ]);
  });

  it("checks the event handler signatures and known #property names", () => {
    const r = checkMql5(edit("void OnTick()", "int OnTick()"));
    expect(r.errors[0]).toMatchObject({
      line: lineOf("void OnTick()"),
      message: "OnTick must be declared as void OnTick()",
    });
    const p = checkMql5(edit('#property version "1.00"', '#property versoin "1.00"'));
    expect(p.errors).toEqual([{ line: 2, column: 1, message: "unknown #property 'versoin'" }]);
  });

  it("reports lexer errors before anything else", () => {
    const r = checkMql5(edit('"x")', '"x)'));
    const line = VALID.split("\n")[lineOf('"x")') - 1];
    expect(r.errors).toEqual([
      { line: lineOf('"x")'), column: line.indexOf('"x') + 1, message: "unterminated string literal" },
    ]);
  });
});
