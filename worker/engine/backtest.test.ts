import { describe, expect, it } from "vitest";
import { concatBars } from "../market/bars";
import { getSymbol } from "../market/catalogue";
import { runBacktest } from "./backtest";
import {
  at,
  barsOf,
  CLOSE,
  CROSS_UP,
  constant,
  HOUR,
  levelCross,
  MINUTE,
  MONDAY,
  type Ohlc,
  runM1,
  settingsOf,
  specOf,
} from "./scenario.fixture";
import { MAX_TICKS_PER_BAR } from "./ticks";
import { EngineError } from "./types";

function run(rows: Ohlc[], spec = levelCross(1.1), extra: Parameters<typeof settingsOf>[1] = {}, spread = 0) {
  return runM1(spec, rows, extra, spread);
}

const expectEngineError = (fn: () => unknown, code: string, text: string) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    if (e instanceof EngineError) {
      expect(e.code).toBe(code);
      expect(e.message).toContain(text);
    }
    return;
  }
  throw new Error("expected an EngineError");
};

describe("fills", () => {
  it("buys at the ask of the next bar's open and closes at the bid at the end of the test", () => {
    const r = run(
      [...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005], [1.1005, 1.103, 1.1, 1.102]],
      levelCross(1.1),
      { spreadPoints: undefined },
      20,
    );
    expect(r.orders[0]).toMatchObject({ type: "buy", state: "filled", timeSetup: at(2), timeDone: at(2) });
    expect(r.orders[0].price).toBeCloseTo(1.1002, 10);
    expect(r.trades).toHaveLength(1);
    const trade = r.trades[0];
    expect(trade.exitReason).toBe("end");
    expect(trade.exitPrice).toBe(1.102);
    expect(trade.exitTime).toBe(at(3, 45));
    expect(trade.profit).toBeCloseTo((1.102 - 1.1002) * 100_000, 6);
    expect(r.deals.at(-1)?.comment).toBe("end of test");
  });

  it("bars without a spread use the symbol's default spread, and the result says so", () => {
    const r = run([...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005]], levelCross(1.1), { spreadPoints: undefined });
    const spread = getSymbol("EURUSD").spread;
    expect(r.orders[0].price).toBeCloseTo(1.1 + spread * 1e-5, 10);
    expect(r.notes.join(" ")).toContain(`default of ${spread} points`);
  });

  it("deal #1 is the deposit; each fill is one order and one deal (in, then out)", () => {
    const r = run([...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005]]);
    expect(r.deals.map((d) => [d.ticket, d.type, d.entry])).toEqual([
      [1, "balance", ""],
      [2, "buy", "in"],
      [3, "sell", "out"],
    ]);
    expect(r.deals[0].profit).toBe(10_000);
    expect(r.deals[2].balance).toBeCloseTo(10_000 + r.trades[0].profit, 8);
    expect(r.report.totalDeals).toBe(2);
  });
});

describe("stop loss and take profit (1-minute OHLC tick order decides)", () => {
  const sltp = levelCross(1.1, {
    stopLoss: { unit: "pips", value: 50 },
    takeProfit: { unit: "pips", value: 100 },
  });
  const bar2: Ohlc = [1.1, 1.101, 1.0995, 1.1005];

  it("a bull bar visits the low first: the 50-pip stop fills at its price, -$500 for 1 lot", () => {
    const r = run([...CROSS_UP, bar2, [1.101, 1.111, 1.094, 1.105]], sltp);
    expect(r.orders[0]).toMatchObject({ sl: 1.095, tp: 1.11 });
    expect(r.trades).toHaveLength(1);
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.095, exitTime: at(3, 15) });
    expect(r.trades[0].profit).toBeCloseTo(-500, 6);
    expect(r.deals.at(-1)?.comment).toBe("sl 1.09500");
  });

  it("a bear bar visits the high first: the 100-pip target fills, +$1000, and the strategy stays flat", () => {
    const r = run([...CROSS_UP, bar2, [1.105, 1.111, 1.094, 1.101], [1.101, 1.102, 1.1005, 1.1015]], sltp);
    expect(r.trades).toHaveLength(1);
    expect(r.trades[0]).toMatchObject({ exitReason: "tp", exitPrice: 1.11, exitTime: at(3, 15) });
    expect(r.trades[0].profit).toBeCloseTo(1000, 6);
  });

  it("open prices only still checks the stop on the hidden low of an H1 bar", () => {
    const rows: Ohlc[] = [...CROSS_UP, bar2, [1.101, 1.111, 1.094, 1.105]];
    const bars = barsOf(rows, MONDAY, HOUR);
    const spec = { ...sltp, timeframe: "H1" as const };
    const r = runBacktest(spec, { bars, period: "H1" }, settingsOf(bars, { model: 3, period: "H1" }));
    expect(r.trades[0]).toMatchObject({
      exitReason: "sl",
      exitPrice: 1.095,
      exitTime: MONDAY + 3 * HOUR + 15 * MINUTE,
    });
    expect(r.report.ticks).toBe(16);
  });

  it("a gap through the stop fills at the gapped open, not at the stop", () => {
    const r = run([...CROSS_UP, bar2, [1.09, 1.1, 1.089, 1.095]], sltp);
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.09, exitTime: at(3) });
  });
});

describe("trailing stop and break-even", () => {
  it("a 20-pip trailing stop follows the high to 1.1030 and exits there: +$300", () => {
    const spec = levelCross(1.1, { trailingStop: { distance: { unit: "pips", value: 20 } } });
    const r = run([...CROSS_UP, [1.1, 1.105, 1.099, 1.104], [1.104, 1.1045, 1.1, 1.101]], spec);
    expect(r.trades[0].exitReason).toBe("sl");
    expect(r.trades[0].exitPrice).toBeCloseTo(1.103, 10);
    expect(r.trades[0].profit).toBeCloseTo(300, 6);
  });

  it("break-even after 30 pips moves the stop to entry + 1 pip: +$10", () => {
    const spec = levelCross(1.1, {
      breakEven: { trigger: { unit: "pips", value: 30 }, offset: { unit: "pips", value: 1 } },
    });
    const r = run([...CROSS_UP, [1.1, 1.1035, 1.099, 1.103], [1.103, 1.1032, 1.099, 1.1005]], spec);
    expect(r.trades[0].exitReason).toBe("sl");
    expect(r.trades[0].profit).toBeCloseTo(10, 6);
  });
});

describe("money management", () => {
  it("risk 1% with a 50-pip stop on EURUSD is 0.20 lots ($100 / $500 per lot)", () => {
    const spec = levelCross(1.1, {
      sizing: { type: "riskPercent", percent: 1 },
      stopLoss: { unit: "pips", value: 50 },
    });
    const r = run([...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005]], spec);
    expect(r.orders[0].volume).toBe(0.2);
  });

  it("an order without free margin is rejected and shows as rejected", () => {
    // 1 lot of EURUSD at 1.1000 with 1:100 needs $1,100 of margin.
    const r = run([...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005]], levelCross(1.1), { deposit: 500 });
    expect(r.orders).toHaveLength(1);
    expect(r.orders[0]).toMatchObject({ state: "rejected", comment: "no money" });
    expect(r.deals).toHaveLength(1);
    expect(r.trades).toHaveLength(0);
  });

  it("stop-out closes the position when the margin level falls to 50%", () => {
    // 0.5 lot at 1.1000: margin $550. At 1.0840 equity = 1000 - 800 = 200, level 36% -> closed there.
    const spec = levelCross(1.1, { sizing: { type: "fixed", lots: 0.5 } });
    const r = run([...CROSS_UP, [1.1, 1.1005, 1.084, 1.09]], spec, { deposit: 1000 });
    expect(r.trades[0]).toMatchObject({ exitReason: "stopout", exitPrice: 1.084 });
    expect(r.trades[0].profit).toBeCloseTo(-800, 6);
    expect(r.deals.at(-1)?.comment).toBe("so 36.4%");
    expect(r.report.marginLevelMin).toBeCloseTo(200 / 5.5, 6);
  });
});

describe("execution delay", () => {
  it("a 20 s delay fills at the first modelled tick after it (the bar's high at 30 s)", () => {
    const r = run([...CROSS_UP, [1.1, 1.1008, 1.0996, 1.1005]], levelCross(1.1), { executionMode: 20_000 });
    expect(r.orders[0]).toMatchObject({ timeSetup: at(2), timeDone: at(2, 30), price: 1.1008 });
  });

  it("the random delay is reproducible with the same seed", () => {
    const rows: Ohlc[] = [...CROSS_UP, [1.1, 1.1008, 1.0996, 1.1005], [1.1005, 1.101, 1.1, 1.1002]];
    const a = run(rows, levelCross(1.1), { executionMode: -1, seed: 42 });
    const b = run(rows, levelCross(1.1), { executionMode: -1, seed: 42 });
    expect(a.orders).toEqual(b.orders);
  });
});

describe("time filter", () => {
  const always = (timeFilter: object) =>
    specOf({
      specVersion: 2,
      timeframe: "H1",
      entry: { long: { all: [{ type: "greaterThan", left: CLOSE, right: constant(0) }] } },
      sizing: { type: "fixed", lots: 0.1 },
      timeFilter,
    });
  const flat: Ohlc[] = Array.from({ length: 48 }, () => [1.1, 1.1001, 1.0999, 1.1]);
  const runH1 = (timeFilter: object) => {
    const bars = barsOf(flat, MONDAY, HOUR);
    return runBacktest(
      always(timeFilter),
      { bars, period: "H1" },
      settingsOf(bars, { model: 3, period: "H1" }),
    );
  };

  it("London session entries start at 10:00 server time", () => {
    expect(runH1({ sessions: ["london"] }).trades[0].entryTime).toBe(MONDAY + 10 * HOUR);
  });

  it("weekday 2 waits for Tuesday; hours 22-2 wrap past midnight", () => {
    expect(runH1({ weekdays: [2], hours: { from: 10, to: 12 } }).trades[0].entryTime).toBe(
      MONDAY + 34 * HOUR,
    );
    expect(runH1({ hours: { from: 22, to: 2 } }).trades[0].entryTime).toBe(MONDAY + 1 * HOUR);
  });
});

describe("modelling", () => {
  it("every tick needs M1 data: H1 bars give a typed error naming what is missing", () => {
    const bars = barsOf([...CROSS_UP], MONDAY, HOUR);
    for (const model of [0, 1, 2] as const) {
      expectEngineError(
        () => runBacktest(levelCross(1.1), { bars, period: "H1" }, settingsOf(bars, { model })),
        "DATA_TOO_COARSE",
        "M1",
      );
    }
  });

  it("real ticks fall back to generated ticks and say so", () => {
    const r = run([...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005]], levelCross(1.1), { model: 1 });
    expect(r.modelRun).toBe(0);
    expect(r.notes.join(" ")).toContain("No real ticks");
    expect(r.trades).toHaveLength(1);
  });

  it("every tick on M1 models the tick volume (4 ticks here) and finds the same trade", () => {
    const r = run([...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005]], levelCross(1.1), { model: 0 });
    expect(r.report.ticks).toBe(12);
    expect(r.trades[0].entryPrice).toBe(1.1);
  });

  it("every tick: a bull M1 bar of 40 ticks walks to its low before its high, so the stop fills first", () => {
    const sltp = levelCross(1.1, {
      stopLoss: { unit: "pips", value: 50 },
      takeProfit: { unit: "pips", value: 100 },
    });
    const rows: Ohlc[] = [...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005], [1.101, 1.111, 1.094, 1.105]];
    const bars = barsOf(rows, MONDAY, MINUTE, 0, 40);
    const a = runBacktest(sltp, { bars, period: "M1" }, settingsOf(bars, { model: 0 }));
    expect(a.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.095 });
    expect(a.trades[0].exitTime).toBeGreaterThan(at(3));
    expect(a.trades[0].exitTime).toBeLessThan(at(4));
    // Every bar's 40 ticks are counted, also those of the flat bars whose ticks are not generated.
    expect(a.report.ticks).toBe(4 * 40);
    const b = runBacktest(sltp, { bars, period: "M1" }, settingsOf(bars, { model: 0 }));
    expect(b.trades).toEqual(a.trades);
  });

  it("every tick on M1 bars without tick volume still walks each bar's range, so a stop inside it fills", () => {
    const sl = levelCross(1.1, { stopLoss: { unit: "pips", value: 50 } });
    // Bar 3 dips to 1.0940 and closes at 1.1050: a close-only model would never see the stop at 1.0950.
    const rows: Ohlc[] = [...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005], [1.101, 1.111, 1.094, 1.105]];
    const bars = barsOf(rows, MONDAY, MINUTE, 0, 0);
    const r = runBacktest(sl, { bars, period: "M1" }, settingsOf(bars, { model: 0 }));
    expect(r.trades[0]).toMatchObject({ exitReason: "sl", exitPrice: 1.095 });
    expect(r.report.ticks).toBe(4 * 12);
    expect(r.notes.join(" ")).toContain("4 of 4 M1 bars carry no tick volume");
  });

  it("every tick caps a bar at 256 ticks and the notes say how many bars were capped and by how much", () => {
    // Bars 0-2 carry 300 ticks of volume, bar 3 carries 100: 3 x 256 + 100 ticks, 3 x 44 left out.
    const rows: Ohlc[] = [...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005], [1.1005, 1.103, 1.1, 1.102]];
    const capped = barsOf(rows.slice(0, 3), MONDAY, MINUTE, 0, 300);
    const last = barsOf(rows.slice(3), MONDAY + 3 * MINUTE, MINUTE, 0, 100);
    const bars = concatBars([capped, last]);
    const r = runBacktest(levelCross(1.1), { bars, period: "M1" }, settingsOf(bars, { model: 0 }));
    expect(MAX_TICKS_PER_BAR).toBe(256);
    expect(r.report.ticks).toBe(3 * 256 + 100);
    expect(r.notes).toContain(
      "3 of 4 M1 bars carry a tick volume above 256: each was modelled with 256 generated ticks, so the Ticks figure is 132 below the data's tick volume.",
    );
    const uncapped = run(rows, levelCross(1.1), { model: 0 });
    expect(uncapped.notes.join(" ")).not.toContain("tick volume above");
  });

  it("math calculations refuse a spec that reads prices", () => {
    expectEngineError(
      () => run([...CROSS_UP], levelCross(1.1), { model: 4 }),
      "MATH_NEEDS_NO_PRICES",
      "prices",
    );
  });

  it("no bars in the range is a typed error", () => {
    const bars = barsOf([...CROSS_UP]);
    expectEngineError(
      () =>
        runBacktest(
          levelCross(1.1),
          { bars, period: "M1" },
          settingsOf(bars, { from: MONDAY + HOUR, to: MONDAY + 2 * HOUR }),
        ),
      "NO_DATA",
      "No EURUSD bars",
    );
  });
});

describe("currency conversion into a USD deposit", () => {
  it("USDJPY: profit in JPY divided by USDJPY (1 lot 110.00 -> 111.00 = $900.90)", () => {
    const rows: Ohlc[] = [
      [109.9, 109.95, 109.85, 109.9],
      [109.9, 110.04, 109.88, 110.02],
      [110.0, 110.1, 109.95, 110.05],
      [110.05, 111.05, 110.0, 111.0],
    ];
    const r = run(rows, levelCross(110), { symbol: getSymbol("USDJPY") });
    // 100,000 / 111 = 900.9009..., booked in cents as MT5 does.
    expect(r.trades[0].profit).toBe(900.9);
    expect(r.notes).toEqual([]);
  });

  it("EURGBP: profit in GBP times GBPUSD (1 lot 0.8500 -> 0.8600 at GBPUSD 1.30 = $1300)", () => {
    const rows: Ohlc[] = [
      [0.849, 0.8495, 0.8485, 0.849],
      [0.849, 0.8504, 0.8488, 0.8502],
      [0.85, 0.851, 0.8495, 0.8505],
      [0.8505, 0.8605, 0.85, 0.86],
    ];
    const rates = (pair: string) => (pair === "GBPUSD" ? 1.3 : pair === "EURUSD" ? 1.12 : undefined);
    const r = run(rows, levelCross(0.85), { symbol: getSymbol("EURGBP"), rates });
    expect(r.trades[0].profit).toBeCloseTo(1300, 6);
    expect(r.notes).toEqual([]);
    const noRates = run(rows, levelCross(0.85), { symbol: getSymbol("EURGBP") });
    expect(noRates.notes.join(" ")).toContain("GBPUSD");
  });
});

describe("outputs for the report", () => {
  it("samples equity at each test bar's first tick and fills the summary buckets", () => {
    const r = run([...CROSS_UP, [1.1, 1.101, 1.0995, 1.1005], [1.1005, 1.103, 1.1, 1.102]]);
    expect(r.report.bars).toBe(4);
    const expected = [10_000, 10_000, 10_000, 10_000 + 5 * 10];
    Array.from(r.report.barEquity).forEach((e, i) => {
      expect(e).toBeCloseTo(expected[i], 6);
    });
    expect(r.report.barEquity).toHaveLength(4);
    expect(r.curve.time[3]).toBe(at(3));
    const entries = Object.values(r.summary.entriesData.hourly).reduce((s, b) => s + b.entries, 0);
    expect(entries).toBe(1);
  });
});

describe("MFE, MAE and the equity drawdown, on every modelled tick (1-minute OHLC: open, extremes, close)", () => {
  it("a long: MFE +$300 at bar 2's high, MAE -$400 at bar 3's low, equity drawdown 700 from the 10,300 peak", () => {
    // Long 1 lot at 1.1000 (bar 2's open). Bids: bar 2 (bull) 1.1000, 1.0980, 1.1030, 1.1010; bar 3 (bear)
    // 1.1010, 1.1020, 1.0960, 1.0970, where the end of the test closes it. $10 a pip.
    // Equity: 10000, 9800, 10300, 10100 | 10100, 10200, 9600, 9700.
    const r = run([...CROSS_UP, [1.1, 1.103, 1.098, 1.101], [1.101, 1.102, 1.096, 1.097]]);
    expect(r.trades).toHaveLength(1);
    const trade = r.trades[0];
    expect(trade.profit).toBeCloseTo(-300, 6);
    expect(trade.mfe).toBeCloseTo(300, 6);
    expect(trade.mae).toBeCloseTo(-400, 6);
    const dd = r.report.equityDrawdown;
    expect(dd.absolute).toBeCloseTo(400, 6);
    expect(dd.maximal).toBeCloseTo(700, 6);
    expect(dd.maximalPercent).toBeCloseTo((700 / 10_300) * 100, 6);
    expect(dd.relative).toBeCloseTo(700, 6);
    expect(dd.relativePercent).toBeCloseTo((700 / 10_300) * 100, 6);
  });

  it("a short with a 1-pip spread: MFE and MAE read on the ask, +$190 and -$310", () => {
    // Close crosses below 1.1000 on bar 1: sell 1 lot at bar 2's bid open, 1.1000. Bar 2 (bear) bids
    // 1.1000, 1.1030, 1.0980, 1.0990, asks 1 pip higher; the end of the test buys back at 1.0991.
    // Equity: 9990 (the spread), 9690, 10190, 10090.
    const rows: Ohlc[] = [
      [1.101, 1.1015, 1.1005, 1.101],
      [1.101, 1.1012, 1.0996, 1.0998],
      [1.1, 1.103, 1.098, 1.099],
    ];
    const r = run(rows, levelCross(1.1), { spreadPoints: 10 });
    expect(r.trades).toHaveLength(1);
    const trade = r.trades[0];
    expect(trade).toMatchObject({ direction: "short", entryPrice: 1.1 });
    expect(trade.exitPrice).toBeCloseTo(1.0991, 10);
    expect(trade.profit).toBeCloseTo(90, 6);
    expect(trade.mfe).toBeCloseTo(190, 6);
    expect(trade.mae).toBeCloseTo(-310, 6);
    const dd = r.report.equityDrawdown;
    expect(dd.absolute).toBeCloseTo(310, 6);
    expect(dd.maximal).toBeCloseTo(310, 6);
    expect(dd.maximalPercent).toBeCloseTo(3.1, 6);
  });
});
