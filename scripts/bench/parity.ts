/**
 * Bench of the MQL5 parity harness (issue 13): where its time goes, phase by phase, from a cold build
 * cache (a fresh folder: nothing compiled), and the harness's whole test file run as CI runs it.
 *   - one EA builds and runs (the runtime already built; a compile and one open-prices run)    goal < 3 s
 *   - the runtime's build (object file and precompiled header, once per runtime version)
 *   - every EA's build, two at once (the machine's 2 cores)
 *   - the runs per variant group: the EA's process and the engine, each timed apart
 *   - `vitest run tests/mql5-runtime` from a cold cache, wall and CPU                         goal < 180 s
 * CPU is this process's (the engine, the harness) and its children's (g++, the EAs, vitest's workers),
 * read from /proc: on a machine shared with other jobs, wall time is only an upper bound.
 * Run alone: `npx tsx scripts/bench/parity.ts` (`--phases` skips the whole-file run).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  compileEa,
  engineRun,
  limiter,
  type MarketFile,
  readMarketFile,
  runEa,
  runtimeBuild,
  setBuildCache,
  ticksFile,
  type Variant,
  writeBarsCsv,
} from "../../tests/mql5-runtime/harness";
import {
  DATA,
  type Entry,
  entries,
  M1_DATA,
  M1_RANGE,
  M1_VARIANTS,
  RANGE,
  VARIANTS,
} from "../../tests/mql5-runtime/suite";

/** Clock ticks per second of /proc/self/stat's times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

interface Sample {
  readonly wall: number;
  /** This process's CPU, ms. */
  readonly self: number;
  /** CPU of the children it has waited for (and theirs), ms. */
  readonly children: number;
}

function sample(): Sample {
  const u = process.cpuUsage();
  // Fields after the command's closing parenthesis: state is field 3, cutime 16, cstime 17.
  const stat = readFileSync("/proc/self/stat", "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const children = ((Number(f[13]) + Number(f[14])) * 1000) / USER_HZ;
  return { wall: performance.now(), self: (u.user + u.system) / 1000, children };
}

function since(a: Sample): Sample {
  const b = sample();
  return { wall: b.wall - a.wall, self: b.self - a.self, children: b.children - a.children };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function line(name: string, d: Sample, goal = ""): void {
  const cpu = `CPU ${s(d.self + d.children)} (harness/engine ${s(d.self)}, children ${s(d.children)})`;
  console.log(`${name.padEnd(44)} wall ${s(d.wall).padStart(7)}   ${cpu}${goal ? `   (goal: ${goal})` : ""}`);
}

interface Group {
  readonly name: string;
  readonly variants: Variant[];
  readonly m1: boolean;
}

async function phases(dir: string): Promise<void> {
  setBuildCache(path.join(dir, "cache"));
  let t = sample();
  const market = readMarketFile(DATA, "EURUSD");
  const barsFile = path.join(dir, "bars.csv");
  writeBarsCsv(market.bars, barsFile);
  const m1Market = readMarketFile(M1_DATA, "GBPUSD");
  const m1BarsFile = path.join(dir, "m1.csv");
  writeBarsCsv(m1Market.bars, m1BarsFile);
  line("data: two files read, bars written", since(t));

  t = sample();
  await runtimeBuild();
  line("runtime build (object + precompiled header)", since(t));

  const first = entries[0];
  t = sample();
  const exe = await compileEa(first.mq5, dir, "first");
  await runEa(exe, barsFile, market, first.spec, VARIANTS[0], RANGE);
  line(`one EA builds and runs (${first.name})`, since(t), "< 3 s");

  t = sample();
  const twoAtOnce = limiter(2);
  const exes = new Map<string, string>();
  await Promise.all(
    entries.map((e: Entry, k) =>
      twoAtOnce(async () => exes.set(e.name, await compileEa(e.mq5, dir, `ea${k}`))),
    ),
  );
  line(`${entries.length} EAs built, 2 at once`, since(t));

  t = sample();
  for (const v of M1_VARIANTS)
    if (v.model === 0) ticksFile(m1Market, M1_RANGE, v.spreadPoints, path.dirname(m1BarsFile));
  line("every-tick streams written", since(t));

  const groups: Group[] = [
    { name: "EURUSD H1 open prices", variants: VARIANTS, m1: false },
    { name: "GBPUSD M1 1-minute OHLC", variants: M1_VARIANTS.filter((v) => v.model === 2), m1: true },
    { name: "GBPUSD M1 every tick", variants: M1_VARIANTS.filter((v) => v.model === 0), m1: true },
  ];
  for (const g of groups) {
    const [data, file, range]: [MarketFile, string, typeof RANGE] = g.m1
      ? [m1Market, m1BarsFile, M1_RANGE]
      : [market, barsFile, RANGE];
    const runs = entries.length * g.variants.length;
    t = sample();
    for (const e of entries)
      for (const v of g.variants) await runEa(exes.get(e.name) ?? "", file, data, e.spec, v, range);
    line(`${g.name}: ${runs} EA runs`, since(t));
    t = sample();
    for (const e of entries) for (const v of g.variants) engineRun(e.spec, data, v, range);
    line(`${g.name}: ${runs} engine runs`, since(t));
  }
}

/** The harness's test files as `npm test` runs them, with builds cached in a fresh (cold) folder. */
function wholeRun(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const t = sample();
  const res = spawnSync("npx", ["vitest", "run", "--project", "node", "tests/mql5-runtime"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, TMPDIR: dir, NO_COLOR: "1" },
    encoding: "utf8",
  });
  const d = since(t);
  const tests = /Tests\s+(.*)/.exec(res.stdout)?.[1] ?? "?";
  line(`vitest run tests/mql5-runtime, cold (${tests.trim()})`, d, "< 180 s");
  if (res.status !== 0) throw new Error("the harness's tests failed");
}

export async function bench(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-parity-"));
  try {
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the start`,
    );
    await phases(dir);
    if (!process.argv.includes("--phases")) wholeRun(path.join(dir, "whole"));
    console.log(`load average ${os.loadavg()[0].toFixed(1)} at the end`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await bench();
