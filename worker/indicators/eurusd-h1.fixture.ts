/**
 * Test-only: real EURUSD H1 bars for the oracle comparisons. Tests may read the shared data
 * folder (it is never copied into the repository); nothing outside *.test.ts imports this file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export interface FixtureBars {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

let cached: FixtureBars | undefined;

/** backtesting.py's EURUSD H1 2017-2018 sample: header ",Open,High,Low,Close,Volume". */
export function eurusdH1(): FixtureBars {
  if (cached) return cached;
  const file = path.resolve(
    process.cwd(),
    "../shared/data/fx/h1_fixtures/backtesting_py_EURUSD_H1_2017-2018.csv",
  );
  const lines = readFileSync(file, "utf8").trim().split("\n").slice(1);
  const n = lines.length;
  const bars = {
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
  };
  lines.forEach((line, i) => {
    const cells = line.split(",");
    bars.open[i] = Number(cells[1]);
    bars.high[i] = Number(cells[2]);
    bars.low[i] = Number(cells[3]);
    bars.close[i] = Number(cells[4]);
  });
  for (const s of [bars.open, bars.high, bars.low, bars.close]) {
    if (s.some((v) => !Number.isFinite(v))) throw new Error(`bad number in ${file}`);
  }
  cached = bars;
  return bars;
}

/** An oracle series whose values are aligned to the end of the input, NaN-padded in front to length n. */
export function padFront(oracle: readonly number[], n: number): Float64Array {
  const out = new Float64Array(n).fill(Number.NaN);
  out.set(oracle, n - oracle.length);
  return out;
}

/**
 * Largest |ours[i] - expected[i]| over the indices where `expected` is a number; fails (Infinity)
 * when `ours` is NaN where a value is expected or a value where NaN is expected.
 */
export function maxDiff(ours: Float64Array, expected: ArrayLike<number>, from = 0): number {
  if (ours.length !== expected.length) return Number.POSITIVE_INFINITY;
  let worst = 0;
  for (let i = from; i < ours.length; i++) {
    const e = expected[i];
    const o = ours[i];
    if (Number.isNaN(e) !== Number.isNaN(o)) return Number.POSITIVE_INFINITY;
    if (!Number.isNaN(e)) worst = Math.max(worst, Math.abs(o - e));
  }
  return worst;
}
