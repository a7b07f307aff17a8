/**
 * Monte Carlo on a backtest's trades (issue 17): how much of a result is the luck of its order and its
 * fills. Each of `runs` simulations (1,000 by default) replays the trades
 *   - in a resampled order: a random permutation (or, with `bootstrap`, a draw with replacement);
 *   - skipping each trade with probability `skipProbability` (a missed signal, a closed terminal);
 *   - with costs perturbed: each trade pays an extra spread and slippage drawn uniformly from
 *     [0, extraSpreadPoints] and [0, extraSlippagePoints] points, at the trade's money per point;
 * and records the final balance and the maximal drawdown of its balance curve (money and % of the peak,
 * MT5's Maximal drawdown). The result gives percentile bands (5, 25, 50, 75, 95 by default) of both, and
 * of the balance at evenly spaced steps for a fan chart. Deterministic: one seeded PRNG (mulberry32).
 * Pure; one pass per simulation over typed arrays, no allocation inside the loop.
 */
import { z } from "zod";
import { mulberry32 } from "../engine/rng";
import type { ClosedTrade } from "../engine/types";

export interface McTrade {
  /** The trade's result in the deposit currency (swap and commission included). */
  readonly profit: number;
  /** Money one point of price costs this trade (volume x contract size x point, in the deposit currency). */
  readonly moneyPerPoint: number;
}

export const MonteCarloOptionsSchema = z.object({
  runs: z.number().int().min(1).max(100_000).default(1000),
  seed: z.number().int().default(1),
  bootstrap: z.boolean().default(false),
  skipProbability: z.number().min(0).max(0.9).default(0.05),
  extraSpreadPoints: z.number().min(0).max(10_000).default(0),
  extraSlippagePoints: z.number().min(0).max(10_000).default(0),
  percentiles: z.array(z.number().min(0).max(100)).min(1).default([5, 25, 50, 75, 95]),
  /** Points of the balance fan (the balance after 1/steps, 2/steps ... of the trades). */
  steps: z.number().int().min(1).max(1000).default(50),
});
export type MonteCarloOptions = z.input<typeof MonteCarloOptionsSchema>;

export interface Band {
  readonly percentile: number;
  readonly value: number;
}

export interface MonteCarloResult {
  readonly runs: number;
  readonly finalBalance: readonly Band[];
  readonly maxDrawdown: readonly Band[];
  readonly maxDrawdownPercent: readonly Band[];
  /** Share of runs that ended below the initial deposit (0..1). */
  readonly lossProbability: number;
  /** fan[s] = the bands of the balance after (s + 1) / steps of the trades. */
  readonly fan: readonly (readonly Band[])[];
}

/** What the Monte Carlo input needs of a closed trade (the engine's trades, or the stored Trades rows). */
export type McSourceTrade = Pick<ClosedTrade, "profit" | "entryPrice" | "exitPrice" | "direction" | "volume">;

/** The Monte Carlo input of a backtest's trades: money per point from each trade's own result. */
export function mcTrades(trades: readonly McSourceTrade[], contractSize: number, point: number): McTrade[] {
  return trades.map((t) => {
    // The price move the profit came from gives the deposit-currency value of a point (conversion included);
    // a trade closed at its entry price falls back to volume x contract size x point.
    const move = (t.exitPrice - t.entryPrice) * (t.direction === "long" ? 1 : -1);
    const gross = Math.abs(move) > point / 2 ? Math.abs(t.profit / move) * point : 0;
    return { profit: t.profit, moneyPerPoint: gross > 0 ? gross : t.volume * contractSize * point };
  });
}

/** Linear-interpolated percentile of sorted values (the "R-7" definition spreadsheets use). */
export function percentileOf(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * (p / 100);
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export function monteCarlo(
  trades: readonly McTrade[],
  deposit: number,
  options: MonteCarloOptions = {},
): MonteCarloResult {
  const o = MonteCarloOptionsSchema.parse(options);
  const n = trades.length;
  const rng = mulberry32(o.seed);
  const profit = Float64Array.from(trades, (t) => t.profit);
  const perPoint = Float64Array.from(trades, (t) => t.moneyPerPoint);
  const order = new Int32Array(n);
  const finals = new Float64Array(o.runs);
  const dds = new Float64Array(o.runs);
  const ddPercents = new Float64Array(o.runs);
  const steps = Math.min(o.steps, Math.max(n, 1));
  const fan = Array.from({ length: steps }, () => new Float64Array(o.runs));
  const stepAt = new Int32Array(steps);
  for (let s = 0; s < steps; s++) stepAt[s] = Math.max(1, Math.round(((s + 1) * n) / steps));
  let losses = 0;

  for (let run = 0; run < o.runs; run++) {
    if (o.bootstrap) for (let i = 0; i < n; i++) order[i] = Math.floor(rng() * n);
    else {
      for (let i = 0; i < n; i++) order[i] = i;
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
    let balance = deposit;
    let peak = deposit;
    let dd = 0;
    let ddPercent = 0;
    let step = 0;
    for (let i = 0; i < n; i++) {
      const k = order[i];
      if (o.skipProbability > 0 && rng() < o.skipProbability) {
        // A skipped trade leaves the balance as it is.
      } else {
        let p = profit[k];
        if (o.extraSpreadPoints > 0) p -= rng() * o.extraSpreadPoints * perPoint[k];
        if (o.extraSlippagePoints > 0) p -= rng() * o.extraSlippagePoints * perPoint[k];
        balance += p;
        if (balance > peak) peak = balance;
        else {
          const drop = peak - balance;
          if (drop > dd) {
            dd = drop;
            ddPercent = peak > 0 ? (drop / peak) * 100 : 0;
          }
        }
      }
      while (step < steps && stepAt[step] === i + 1) fan[step++][run] = balance;
    }
    while (step < steps) fan[step++][run] = balance;
    finals[run] = balance;
    dds[run] = dd;
    ddPercents[run] = ddPercent;
    if (balance < deposit) losses++;
  }

  const bands = (values: Float64Array): Band[] => {
    values.sort();
    return o.percentiles.map((p) => ({ percentile: p, value: percentileOf(values, p) }));
  };
  return {
    runs: o.runs,
    finalBalance: bands(finals),
    maxDrawdown: bands(dds),
    maxDrawdownPercent: bands(ddPercents),
    lossProbability: losses / o.runs,
    fan: fan.map(bands),
  };
}
