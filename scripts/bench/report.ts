/**
 * Times computeReport (and summarise) on 100,000 synthetic trades.
 * Run alone: npx tsx scripts/bench/report.ts; or import { bench } from a bench runner.
 */
import { pathToFileURL } from "node:url";
import { computeReport } from "../../worker/engine/report/metrics";
import { summarise } from "../../worker/engine/report/summary";
import type { ReportInput, ReportTrade } from "../../worker/engine/report/types";
import { mulberry32 } from "../../worker/engine/rng";

const TRADES = 100_000;
const RUNS = 5;

// Deterministic pseudo-random numbers in [0, 1), so every run times the same input.
const random = mulberry32;

function syntheticInput(): ReportInput {
  const next = random(42);
  const trades: ReportTrade[] = [];
  const barEquity = new Float64Array(TRADES * 4);
  let time = Date.UTC(2020, 0, 1);
  let balance = 100_000;
  for (let i = 0; i < TRADES; i++) {
    const openTime = time + Math.floor(next() * 3_600_000);
    const closeTime = openTime + 60_000 + Math.floor(next() * 86_400_000);
    const profit = Math.round((next() - 0.45) * 20_000) / 100;
    trades.push({
      openTime,
      closeTime,
      direction: next() < 0.5 ? "long" : "short",
      profit,
      mfe: Math.max(profit, 0) + next() * 50,
      mae: Math.min(profit, 0) - next() * 50,
    });
    for (let b = 0; b < 4; b++) barEquity[i * 4 + b] = balance + (next() - 0.5) * 100;
    balance += profit;
    time = closeTime;
  }
  return {
    initialDeposit: 100_000,
    trades,
    totalDeals: TRADES * 2,
    equityDrawdown: { absolute: 0, maximal: 5000, maximalPercent: 4.5, relativePercent: 4.5, relative: 5000 },
    barEquity,
    periodSeconds: 3600,
    marginLevelMin: 850,
    historyQuality: 100,
    bars: barEquity.length,
    ticks: barEquity.length * 1000,
    symbols: 1,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function bench(): Promise<{ computeReportMs: number; summariseMs: number }> {
  const input = syntheticInput();
  // Warm-up so the timings measure optimised code.
  computeReport(input);
  summarise(input);
  const reportTimes: number[] = [];
  const summaryTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let start = performance.now();
    computeReport(input);
    reportTimes.push(performance.now() - start);
    start = performance.now();
    summarise(input);
    summaryTimes.push(performance.now() - start);
  }
  const result = { computeReportMs: median(reportTimes), summariseMs: median(summaryTimes) };
  console.log(
    `report: computeReport on ${TRADES} trades and ${input.barEquity.length} bars: ${result.computeReportMs.toFixed(1)} ms; ` +
      `summarise: ${result.summariseMs.toFixed(1)} ms (median of ${RUNS})`,
  );
  return result;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bench();
}
