/**
 * grademark's side of the whole-process comparison (`npm run bench -- cli`): the same job as
 * `npm run backtest -- --spec examples/strategies/sma-cross-10-20.json --data <Lean H1 file> --model 3 --spread 0`,
 * written the way a grademark user writes it. Reads the gzipped Lean quote-bar file (bid OHLC), runs both sides of
 * sma-cross-10-20 through grademark's backtest() with its own indicators, analyses the trades with its analyze(),
 * and writes trades.json and analysis.json. Bundled to plain JavaScript like our CLIs, so neither side pays for a
 * TypeScript loader. The parse is a hand-written loop rather than data-forge's CSV reader, so grademark's time is
 * its fastest reasonable one.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { DataFrame } from "data-forge";
import { analyze, backtest } from "grademark";
import { TradeDirection } from "grademark/build/lib/strategy";
import { type GmBar, gmSide } from "./strategy";

/** Lean hour rows: `YYYYMMDD HH:MM,bid open,high,low,close,bid volume,ask ...` (UTC). */
function readLean(file: string): GmBar[] {
  const text = gunzipSync(readFileSync(file)).toString("utf8");
  const bars: GmBar[] = [];
  for (const line of text.split("\n")) {
    if (line.length < 14) continue;
    const c = line.split(",");
    const t = Date.UTC(
      Number(line.slice(0, 4)),
      Number(line.slice(4, 6)) - 1,
      Number(line.slice(6, 8)),
      Number(line.slice(9, 11)),
      Number(line.slice(12, 14)),
    );
    bars.push({ time: new Date(t), open: +c[1], high: +c[2], low: +c[3], close: +c[4], volume: 0 });
  }
  return bars;
}

export async function cli(argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: { data: { type: "string" }, out: { type: "string" }, deposit: { type: "string" } },
  });
  if (!values.data || !values.out) {
    console.error("usage: grademark-backtest --data FILE --out DIR [--deposit 10000000]");
    return 2;
  }
  const t0 = performance.now();
  const series = new DataFrame<number, GmBar>(readLean(values.data));
  const trades = [
    ...backtest(gmSide(TradeDirection.Long), series),
    ...backtest(gmSide(TradeDirection.Short), series),
  ].sort((a, b) => a.entryTime.getTime() - b.entryTime.getTime());
  const analysis = analyze(Number(values.deposit ?? 10_000_000), trades);
  mkdirSync(values.out, { recursive: true });
  writeFileSync(path.join(values.out, "trades.json"), `${JSON.stringify(trades, null, 2)}\n`);
  writeFileSync(path.join(values.out, "analysis.json"), `${JSON.stringify(analysis, null, 2)}\n`);
  console.log(`${trades.length} trades, ${series.count()} bars, ${(performance.now() - t0).toFixed(0)} ms`);
  return 0;
}
