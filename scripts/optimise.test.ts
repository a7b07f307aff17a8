import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main as backtest } from "./backtest";
import { main as optimiseMain } from "./optimise";

const LEAN = path.resolve(
  process.cwd(),
  "../shared/data/fx/lean_oanda_bidask/eurusd_h1_oanda_bidask_2007-2018.csv.gz",
);
const SPEC = path.resolve(process.cwd(), "examples/strategies/sma-cross-sl50-tp100.json");
const DATA = ["--data", LEAN, "--symbol", "EURUSD", "--period", "H1", "--model", "3", "--spread", "0"];
const tmp = () => mkdtempSync(path.join(tmpdir(), "opt-"));

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, "utf8"));
}

function csvRows(file: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(file, "utf8").trim().split("\n");
  const names = head.split(",");
  return rows.map((r) => Object.fromEntries(r.split(",").map((v, i) => [names[i], v])));
}

describe("npm run optimise", () => {
  it("the best run re-run as one backtest with its inputs (--set) reproduces its figures exactly, back and forward", () => {
    const out = tmp();
    const outcome = optimiseMain([
      "--spec",
      SPEC,
      ...DATA,
      "--from",
      "2016-01-01",
      "--to",
      "2018-12-31",
      "--param",
      "Inp_fast_Period=6:4:18",
      "--param",
      "Inp_slow_Period=20:15:80",
      "--param",
      "InpStopLoss=30:20:70",
      "--criterion",
      "recovery-factor",
      "--forward",
      "1/3",
      "--monte-carlo",
      "200",
      "--out",
      out,
    ]);
    if (!outcome) throw new Error("no outcome");
    const rows = csvRows(path.join(out, "results.csv"));
    // One row per combination, best first, with every input and the back and forward figures.
    expect(rows).toHaveLength(4 * 5 * 3);
    expect(Object.keys(rows[0]).slice(0, 5)).toEqual([
      "pass",
      "Inp_fast_Period",
      "Inp_slow_Period",
      "InpStopLoss",
      "result",
    ]);
    expect(Object.keys(rows[0])).toContain("forward_recoveryFactor");
    const results = rows.map((r) => Number(r.result));
    expect(results).toEqual([...results].sort((a, b) => b - a));
    // The results differ between combinations (the inputs really changed the runs).
    expect(new Set(results).size).toBeGreaterThan(20);

    const best = readJson(path.join(out, "best.json")) as {
      inputs: Record<string, number>;
      back: { from: string; to: string; report: Record<string, string>; figures: Record<string, number> };
      forward: { from: string; to: string; report: Record<string, string> };
      result: number;
    };
    expect(best.inputs).toEqual({
      Inp_fast_Period: Number(rows[0].Inp_fast_Period),
      Inp_slow_Period: Number(rows[0].Inp_slow_Period),
      InpStopLoss: Number(rows[0].InpStopLoss),
    });
    expect(best.back.from).toBe("2016-01-01");
    expect(best.forward.to).toBe("2018-12-31");
    expect(Number(rows[0].result)).toBe(best.result);

    const sets = Object.entries(best.inputs).flatMap(([k, v]) => ["--set", `${k}=${v}`]);
    for (const [period, p] of [
      ["back", best.back],
      ["forward", best.forward],
    ] as const) {
      const single = tmp();
      const r = backtest(["--spec", SPEC, ...DATA, "--from", p.from, "--to", p.to, ...sets, "--out", single]);
      const report = readJson(path.join(single, "results.json"));
      expect({ period, report }).toEqual({ period, report: p.report });
      if (period === "back") {
        expect(r.finalBalance).toBe(best.back.figures.finalBalance);
        expect(r.trades.length).toBe(best.back.figures.trades);
      }
    }

    // --monte-carlo: bands of the best run's resampled trades, 5% below 95%.
    const mc = readJson(path.join(out, "monte-carlo.json")) as {
      runs: number;
      finalBalance: { percentile: number; value: number }[];
    };
    expect(mc.runs).toBe(200);
    expect(mc.finalBalance.map((b) => b.percentile)).toEqual([5, 25, 50, 75, 95]);
    expect(mc.finalBalance[0].value).toBeLessThan(mc.finalBalance[4].value);

    // best.set: the best values, the optimised inputs with their ranges; --set-file reads it back.
    const set = readFileSync(path.join(out, "best.set"), "utf8");
    expect(set).toContain(`Inp_fast_Period=${best.inputs.Inp_fast_Period}||6||4||18||Y\r\n`);
    expect(set).toContain(`InpStopLoss=${best.inputs.InpStopLoss.toFixed(1)}||30||20||70||Y\r\n`);
    const viaFile = tmp();
    backtest([
      "--spec",
      SPEC,
      ...DATA,
      "--from",
      best.back.from,
      "--to",
      best.back.to,
      "--set-file",
      path.join(out, "best.set"),
      "--out",
      viaFile,
    ]);
    expect(readJson(path.join(viaFile, "results.json"))).toEqual(best.back.report);
  }, 120_000);

  it("--walk-forward: each window trades the in-sample optimisation's best on the next months, stitched into one curve", () => {
    const out = tmp();
    const params = ["--param", "Inp_fast_Period=6:4:14", "--param", "Inp_slow_Period=20:20:60"];
    const outcome = optimiseMain([
      "--spec",
      SPEC,
      ...DATA,
      "--from",
      "2015-01-01",
      "--to",
      "2017-12-31",
      ...params,
      "--walk-forward",
      "365:180",
      "--out",
      out,
    ]);
    if (!outcome || !("walkForward" in outcome)) throw new Error("no walk-forward outcome");
    const wf = readJson(path.join(out, "walk-forward.json")) as {
      efficiency: number | null;
      outOfSampleProfit: number;
      outOfSampleTrades: number;
      windows: {
        inSample: { from: string; to: string };
        outOfSample: { from: string; to: string };
        inputs: Record<string, number> | null;
        outOfSampleFigures: { profit: number; trades: number } | null;
      }[];
    };
    // 1,095 days: a year in sample, then 180-day steps while the out-of-sample window fits: four windows.
    expect(wf.windows.map((w) => [w.inSample.from, w.outOfSample.from, w.outOfSample.to])).toEqual([
      ["2015-01-01", "2016-01-01", "2016-06-28"],
      ["2015-06-30", "2016-06-29", "2016-12-25"],
      ["2015-12-27", "2016-12-26", "2017-06-23"],
      ["2016-06-24", "2017-06-24", "2017-12-20"],
    ]);
    // The first window's inputs are what an optimisation of its in-sample year alone finds best.
    const first = wf.windows[0];
    const alone = optimiseMain([
      "--spec",
      SPEC,
      ...DATA,
      "--from",
      first.inSample.from,
      "--to",
      first.inSample.to,
      ...params,
      "--out",
      tmp(),
    ]);
    if (!alone || "walkForward" in alone) throw new Error("no optimisation outcome");
    expect(first.inputs).toEqual(alone.best?.values);
    // Its out-of-sample figures are a plain backtest of those inputs on the next 180 days.
    const sets = Object.entries(first.inputs ?? {}).flatMap(([k, v]) => ["--set", `${k}=${v}`]);
    const oos = backtest([
      "--spec",
      SPEC,
      ...DATA,
      "--from",
      first.outOfSample.from,
      "--to",
      first.outOfSample.to,
      ...sets,
      "--out",
      tmp(),
    ]);
    expect(oos.trades.length).toBe(first.outOfSampleFigures?.trades);
    // The totals are the windows' sums, and the stitched balance ends on the deposit plus that profit.
    const sum = wf.windows.reduce((a, w) => a + (w.outOfSampleFigures?.profit ?? 0), 0);
    expect(wf.outOfSampleProfit).toBeCloseTo(sum, 2);
    expect(wf.outOfSampleTrades).toBe(
      wf.windows.reduce((a, w) => a + (w.outOfSampleFigures?.trades ?? 0), 0),
    );
    const curve = readFileSync(path.join(out, "walk-forward.csv"), "utf8").trim().split("\n");
    expect(curve[0]).toBe("time,balance,equity");
    expect(Number(curve.at(-1)?.split(",")[1])).toBeCloseTo(10_000 + wf.outOfSampleProfit, 1);
    expect(() =>
      optimiseMain([...params, "--spec", SPEC, ...DATA, "--walk-forward", "365", "--out", out]),
    ).toThrow("--walk-forward takes IN:OUT days");
  }, 120_000);

  it("refuses a range outside the field's values, an unknown input and a plan's limit, before any run", () => {
    const base = ["--spec", SPEC, ...DATA, "--from", "2018-01-01", "--to", "2018-02-28", "--out", tmp()];
    expect(() => optimiseMain([...base, "--param", "Inp_fast_Period=0:1:10"])).toThrow(
      "Inp_fast_Period: period must be at least 1 (got 0)",
    );
    expect(() => optimiseMain([...base, "--param", "InpFast=1:1:10"])).toThrow(
      /^InpFast is not an input of this strategy \(its inputs: InpLots, InpMaxPositions, InpStopLoss/,
    );
    expect(() => optimiseMain([...base, "--param", "Inp_fast_Period=5:0:10"])).toThrow(
      "the step must be above 0",
    );
    expect(() =>
      optimiseMain([
        ...base,
        "--param",
        "Inp_fast_Period=1:1:40",
        "--param",
        "Inp_slow_Period=10:1:40",
        "--plan",
        "free",
      ]),
    ).toThrow("This optimisation needs 1240 runs; the free plan allows 1000 per optimisation.");
    expect(() => optimiseMain([...base, "--param", "Inp_fast_Period=5:1:6", "--criterion", "luck"])).toThrow(
      /--criterion: the criterion must be one of balance, profit-factor/,
    );
  });
});

describe("npm run backtest --set / --set-file", () => {
  const base = ["--spec", SPEC, ...DATA, "--from", "2018-01-01", "--to", "2018-06-30"];

  it("--set changes the inputs it names; the same values in a .set file give the same run", () => {
    const plain = backtest([...base, "--out", tmp()]);
    const set = backtest([
      ...base,
      "--set",
      "Inp_fast_Period=5",
      "--set",
      "InpTakeProfit=40",
      "--out",
      tmp(),
    ]);
    expect(set.trades.length).not.toBe(plain.trades.length);
    expect(set.trades.some((t) => t.exitReason === "tp")).toBe(true);
    const file = path.join(tmp(), "in.set");
    // MT5 tester format: VALUE||START||STEP||STOP||Y/N; the EA's other inputs are accepted and left alone.
    writeFileSync(
      file,
      "; saved by the tester\r\nInpMagicNumber=123\r\nInp_fast_Period=5||5||1||20||Y\r\nInpTakeProfit=40||40||10||100||N\r\n",
    );
    const viaFile = backtest([...base, "--set-file", file, "--out", tmp()]);
    expect(viaFile.trades).toEqual(set.trades);
    // --set wins over the file.
    const both = backtest([...base, "--set-file", file, "--set", "Inp_fast_Period=10", "--out", tmp()]);
    const tpOnly = backtest([...base, "--set", "InpTakeProfit=40", "--out", tmp()]);
    expect(both.trades).toEqual(tpOnly.trades);
  });

  it("a value out of range, a fraction for a period, a non-number and an unknown name are errors", () => {
    const out = ["--out", tmp()];
    expect(() => backtest([...base, "--set", "Inp_slow_Period=0", ...out])).toThrow(
      "Inp_slow_Period: period must be at least 1 (got 0)",
    );
    expect(() => backtest([...base, "--set", "Inp_slow_Period=12.5", ...out])).toThrow(
      "is not a whole number",
    );
    expect(() => backtest([...base, "--set", "InpStopLoss=far", ...out])).toThrow(
      "the value must be a number",
    );
    const file = path.join(tmp(), "bad.set");
    writeFileSync(file, "InpNotThere=3\n");
    expect(() => backtest([...base, "--set-file", file, ...out])).toThrow(
      "line 1: InpNotThere is not an input of this strategy's EA",
    );
  });
});
