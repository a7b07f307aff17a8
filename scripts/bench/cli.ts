/**
 * Bench of the command-line backtest as a whole process (issue 12, DESIGN D14): `npm run backtest`'s work
 * (node scripts/cli.mjs backtest: freshness check, bundle load, file read and parse, engine, report, the five
 * output files) beside grademark's whole process on the same 12-year Lean EURUSD H1 file
 * (scripts/bench/grademark/cli.ts: read, backtest both sides, analyze, write). Both are plain JavaScript bundles
 * started on bare node; both bundles are built before timing. Runs alternate, so both see the same machine load.
 * Goal: ours faster than grademark's (median of the runs).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FX_DIR } from "../../worker/market/test-helpers/fx";
import { buildCli, bundleCli } from "../build-cli.mjs";

const RUNS = 7;
/** GNU time gives each run's CPU time (user + system), which a loaded machine disturbs far less than wall time. */
const GNU_TIME = "/usr/bin/time";

function run(args: readonly string[], dir: string): { ms: number; cpuMs: number; out: string } {
  const cpuFile = path.join(dir, "cpu.txt");
  // Bare node: no loader flags from this (tsx) process.
  const [cmd, argv] = existsSync(GNU_TIME)
    ? [GNU_TIME, ["-f", "%U %S", "-o", cpuFile, process.execPath, ...args]]
    : [process.execPath, [...args]];
  const t0 = performance.now();
  const res = spawnSync(cmd, argv, { encoding: "utf8" });
  const ms = performance.now() - t0;
  if (res.status !== 0) throw new Error(`${args.join(" ")} failed:\n${res.stdout}${res.stderr}`);
  const cpuMs = existsSync(cpuFile)
    ? readFileSync(cpuFile, "utf8")
        .trim()
        .split(/\s+/)
        .reduce((sum, s) => sum + Number(s) * 1000, 0)
    : Number.NaN;
  return { ms, cpuMs, out: res.stdout.trim().split("\n")[0] };
}

const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0], median: s[Math.floor(s.length / 2)] };
};

export async function bench(): Promise<void> {
  const file = path.join(FX_DIR, "lean_oanda_bidask/eurusd_h1_oanda_bidask_2007-2018.csv.gz");
  await buildCli("backtest");
  const gmBundle = await bundleCli("grademark-backtest", "scripts/bench/grademark/cli.ts");
  const out = mkdtempSync(path.join(tmpdir(), "bench-cli-"));
  try {
    const ours = [
      "scripts/cli.mjs",
      "backtest",
      "--spec",
      "examples/strategies/sma-cross-10-20.json",
      "--data",
      file,
      "--symbol",
      "EURUSD",
      "--period",
      "H1",
      "--from",
      "2007-01-01",
      "--to",
      "2018-12-31",
      "--model",
      "3",
      "--spread",
      "0",
      "--deposit",
      "10000000",
      "--out",
      path.join(out, "ours"),
    ];
    const theirs = [gmBundle, "--data", file, "--out", path.join(out, "grademark"), "--deposit", "10000000"];
    const first = [run(ours, out), run(theirs, out)];
    const oursRuns = [];
    const gmRuns = [];
    for (let i = 0; i < RUNS; i++) {
      oursRuns.push(run(ours, out));
      gmRuns.push(run(theirs, out));
    }
    const o = stat(oursRuns.map((r) => r.ms));
    const g = stat(gmRuns.map((r) => r.ms));
    const oc = stat(oursRuns.map((r) => r.cpuMs));
    const gc = stat(gmRuns.map((r) => r.cpuMs));
    const fmt = (t: { min: number; median: number }) => `${t.min.toFixed(0)} / ${t.median.toFixed(0)} ms`;
    console.log("  (whole process, spawn to exit: minimum / median of the runs; goal judged on the medians)");
    console.log(
      `${"npm run backtest (node scripts/cli.mjs backtest), 12y EURUSD H1".padEnd(64)} ${fmt(o).padStart(18)}`,
    );
    console.log(`${"grademark whole process (bundled, same file)".padEnd(64)} ${fmt(g).padStart(18)}`);
    console.log(
      `  CPU time (user + system), minimum / median: ours ${fmt(oc)}, grademark ${fmt(gc)}, ratio of medians ${(oc.median / gc.median).toFixed(2)}`,
    );
    console.log(
      `${"CLI time / grademark time".padEnd(64)} ${(o.median / g.median).toFixed(2).padStart(18)}   goal < 1    ${o.median < g.median ? "ok" : "MISSED"}`,
    );
    console.log(`  ours: ${first[0].out}`);
    console.log(`  grademark: ${first[1].out}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bench();
}
