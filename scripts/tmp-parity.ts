import { readFileSync } from "node:fs";
import path from "node:path";
import { generateMql5 } from "../worker/mql5/generator";
import { parseSpec } from "../worker/strategy/spec";
import { compareDeals, compareTrades, compileEa, engineRun, readMarketFile, runEa, workDir, writeBarsCsv, type Variant } from "../tests/mql5-runtime/harness";
const file = process.argv[2];
const parsed = parseSpec(JSON.parse(readFileSync(file, "utf8")));
if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
const spec = parsed.spec;
const m1 = process.argv[3] === "m1";
const DATA = m1 ? path.resolve("../shared/data/fx/nautilus_fxcm_m1_bidask/gbpusd-m1-bid-2012.csv.gz") : path.resolve("../shared/data/fx/lean_oanda_bidask/eurusd_h1_oanda_bidask_2007-2018.csv.gz");
const RANGE = m1 ? { from: Date.UTC(2012, 1, 1), to: Date.UTC(2012, 2, 2) } : { from: Date.UTC(2007, 0, 1), to: Date.UTC(2019, 0, 1) };
const variants: Variant[] = m1 ? [
  { name: "M1 OHLC", spreadPoints: 0, deposit: 1_000_000, account: "hedging", model: 2 },
  { name: "every tick", deposit: 10_000, account: "hedging", model: 0 },
  { name: "M1 netting", spreadPoints: 0, deposit: 10_000, account: "netting", model: 2 },
] : [
  { name: "spread 0 hedging", spreadPoints: 0, deposit: 1_000_000, account: "hedging", model: 3 },
  { name: "data spread 10k", deposit: 10_000, account: "hedging", model: 3 },
  { name: "netting", deposit: 1_000_000, account: "netting", model: 3 },
  { name: "stops 30", deposit: 1_000_000, account: "hedging", model: 3, stopsLevel: 30 },
];
const market = readMarketFile(DATA, m1 ? "GBPUSD" : "EURUSD");
const work = workDir();
const bars = path.join(work.dir, "bars.csv");
writeBarsCsv(market.bars, bars);
const exe = await compileEa(generateMql5(spec, { strategyId: "1", title: "x" }), work.dir, "ea");
for (const v of variants) {
  const t0 = Date.now();
  const ea = await runEa(exe, bars, market, spec, v, RANGE);
  const e = engineRun(spec, market, { ...v }, RANGE);
  const c = compareTrades(e.trades, ea.trades);
  console.log(v.name, "engine", e.trades.length, "ea", ea.trades.length, "identical", c.identical, Date.now() - t0, "ms");
  for (const d of c.differences) console.log("  ", d);
  for (const d of compareDeals(e.deals, ea.deals)) console.log("  deal", d);
  const j = ea.journal.split("\n"); console.log("  journal lines", j.length, j.slice(0, 3).join(" | "));
}
work.dispose();
