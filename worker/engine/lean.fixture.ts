/**
 * Test-only: the real Lean/OANDA EURUSD H1 bid/ask bars (2007-2018), parsed directly so the engine's
 * correctness tests do not depend on the importers. Lines: `YYYYMMDD HH:mm,bidO,bidH,bidL,bidC,bidSize,
 * askO,askH,askL,askC,askSize`, UTC. Nothing outside *.test.ts and scripts imports this file; the data
 * stays in the shared folder (never copied into the repository).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { Bars } from "../market/types";

export const LEAN_EURUSD_H1 = "lean_oanda_bidask/eurusd_h1_oanda_bidask_2007-2018.csv.gz";

export function sharedDataPath(rel: string): string {
  return path.resolve(process.cwd(), "../shared/data/fx", rel);
}

let cached: Bars | undefined;

/** Bid bars; spread = ask open - bid open in points (1e-5). */
export function leanEurusdH1(): Bars {
  if (cached) return cached;
  const text = gunzipSync(readFileSync(sharedDataPath(LEAN_EURUSD_H1))).toString("utf8");
  const lines = text.split("\n").filter((l) => l.length > 0);
  const n = lines.length;
  const cols = Array.from({ length: 7 }, () => new Float64Array(n));
  const [time, open, high, low, close, volume, spread] = cols;
  for (let i = 0; i < n; i++) {
    const f = lines[i].split(",");
    const d = f[0];
    time[i] = Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +d.slice(9, 11), +d.slice(12, 14));
    open[i] = +f[1];
    high[i] = +f[2];
    low[i] = +f[3];
    close[i] = +f[4];
    volume[i] = 0;
    spread[i] = Math.max(0, Math.round((+f[6] - +f[1]) / 1e-5));
  }
  cached = { length: n, time, open, high, low, close, volume, spread };
  return cached;
}
