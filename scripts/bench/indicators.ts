/**
 * Bench: each indicator kernel over 1,000,000 points, and the "every tick" generator over one
 * year of M1-like bars. Run alone with `npx tsx scripts/bench/indicators.ts`.
 * Inputs are synthetic and seeded (a random walk), so runs compare like with like.
 */
import { pathToFileURL } from "node:url";
import { mulberry32 } from "../../worker/engine/rng";
import { generateTicks, MAX_TICKS_PER_BAR, ohlcTicks } from "../../worker/engine/ticks";
import {
  adx,
  atr,
  bollinger,
  cci,
  ema,
  lwma,
  macd,
  momentum,
  rsi,
  sma,
  smma,
  stochastic,
} from "../../worker/indicators";

const POINTS = 1_000_000;
/** 52 weeks of 5 trading days of 1,440 minutes. */
const YEAR_OF_M1 = 52 * 5 * 1440;
const POINT = 0.00001;

interface Ohlc {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** A seeded EURUSD-like random walk in whole points, with M1-like ranges and tick volumes. */
function randomBars(n: number, seed: number): Ohlc {
  const rng = mulberry32(seed);
  const bars: Ohlc = {
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  let price = 110_000;
  for (let i = 0; i < n; i++) {
    const open = price;
    const close = Math.max(1_000, open + Math.round((rng() - 0.5) * 20));
    const high = Math.max(open, close) + Math.floor(rng() * 6);
    const low = Math.min(open, close) - Math.floor(rng() * 6);
    bars.open[i] = open / 1e5;
    bars.high[i] = high / 1e5;
    bars.low[i] = low / 1e5;
    bars.close[i] = close / 1e5;
    // Skewed like real FX minutes: mostly tens of ticks, a few hundreds.
    bars.volume[i] = 1 + Math.floor(rng() ** 2 * 200);
    price = close;
  }
  return bars;
}

/** Best of `runs` wall-clock timings in milliseconds (the first run also warms the JIT). */
function time(runs: number, fn: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export async function bench(): Promise<void> {
  const b = randomBars(POINTS, 1);
  const kernels: Array<[string, () => unknown]> = [
    ["sma(20)", () => sma(b.close, 20)],
    ["ema(20)", () => ema(b.close, 20)],
    ["smma(20)", () => smma(b.close, 20)],
    ["lwma(20)", () => lwma(b.close, 20)],
    ["rsi(14)", () => rsi(b.close, 14)],
    ["macd(12,26,9)", () => macd(b.close)],
    ["bollinger(20,2)", () => bollinger(b.close)],
    ["atr(14)", () => atr(b.high, b.low, b.close)],
    ["stochastic(5,3,3)", () => stochastic(b.high, b.low, b.close)],
    ["cci(14)", () => cci(b.high, b.low, b.close)],
    ["adx(14)", () => adx(b.high, b.low, b.close)],
    ["momentum(14)", () => momentum(b.close)],
  ];
  console.log(`Indicators over ${POINTS.toLocaleString("en")} points (best of 5):`);
  for (const [name, run] of kernels) {
    console.log(`  ${name.padEnd(18)} ${time(5, run).toFixed(1).padStart(7)} ms`);
  }

  const m1 = randomBars(YEAR_OF_M1, 2);
  let ticks = 0;
  let checksum = 0;
  // The sink does what the engine's cheapest consumer would: read the price.
  const sink = (_t: number, bid: number) => {
    ticks++;
    checksum += bid;
  };
  const everyTick = (volumes: Float64Array) => () => {
    ticks = 0;
    const rng = mulberry32(3);
    let bullish = true;
    for (let i = 0; i < YEAR_OF_M1; i++) {
      bullish = generateTicks(
        m1.open[i],
        m1.high[i],
        m1.low[i],
        m1.close[i],
        volumes[i],
        i * 60_000,
        bullish,
        POINT,
        rng,
        sink,
      );
    }
  };
  const bars = YEAR_OF_M1.toLocaleString("en");
  const typical = time(3, everyTick(m1.volume));
  const typicalTicks = ticks;
  console.log(`Every tick, one year of M1 (${bars} bars):`);
  console.log(
    `  skewed volumes      ${typical.toFixed(0).padStart(6)} ms  ${typicalTicks.toLocaleString("en")} ticks  ${rate(typicalTicks, typical)}`,
  );
  const worst = time(3, everyTick(new Float64Array(YEAR_OF_M1).fill(MAX_TICKS_PER_BAR)));
  console.log(
    `  all at the cap (${MAX_TICKS_PER_BAR}) ${worst.toFixed(0).padStart(6)} ms  ${ticks.toLocaleString("en")} ticks  ${rate(ticks, worst)}`,
  );
  const ohlc = time(3, () => {
    ticks = 0;
    let bullish = true;
    for (let i = 0; i < YEAR_OF_M1; i++) {
      bullish = ohlcTicks(m1.open[i], m1.high[i], m1.low[i], m1.close[i], i * 60_000, bullish, sink);
    }
  });
  console.log(`1 minute OHLC:        ${ohlc.toFixed(0).padStart(6)} ms  ${ticks.toLocaleString("en")} ticks`);
  if (!Number.isFinite(checksum)) throw new Error("bad tick prices");
}

function rate(ticks: number, ms: number): string {
  return `${(((ticks / ms) * 1000) / 1e6).toFixed(1)} M ticks/s`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bench();
}
