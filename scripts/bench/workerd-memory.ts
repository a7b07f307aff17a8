/**
 * The every-tick year's memory inside workerd (issue 12): Workers isolates have 128 MB, and the engine bench's
 * peak RSS is a Node process's. The engine, the demo generator and the report are bundled into a worker
 * (scripts/bench/workerd/every-tick.ts) and run once in Miniflare's workerd; the figure is the workerd process's
 * peak resident memory (VmHWM) above its resident memory before the run (VmRSS), read from /proc. That delta
 * bounds what the run added (isolate heap, typed arrays, code), so it is an upper bound of the isolate's use.
 * Linux only (/proc).
 */
import { readdirSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

const LIMIT_MB = 128;

/** Kilobytes of a /proc/<pid>/status field. */
function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : Number.NaN;
}

/** The workerd processes started by this process (Miniflare spawns workerd as a child). */
function workerdPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = /\(([^)]*)\)/.exec(stat)?.[1] ?? "";
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid && name.startsWith("workerd")) pids.push(Number(entry));
    } catch {
      // The process ended while we read it.
    }
  }
  return pids;
}

export async function bench(): Promise<void> {
  const bundle = await build({
    entryPoints: ["scripts/bench/workerd/every-tick.ts"],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "warning",
  });
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: bundle.outputFiles[0].text,
      compatibilityDate: "2026-11-01",
    }),
  );
  try {
    await mf.ready;
    const [pid] = workerdPids();
    if (pid === undefined) throw new Error("no workerd child process found");
    const before = statusKb(pid, "VmRSS");
    const t0 = performance.now();
    const res = await mf.dispatchFetch("http://bench/");
    const body = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`worker answered ${res.status}: ${body}`);
    const peak = statusKb(pid, "VmHWM");
    const addedMb = (peak - before) / 1024;
    const { ticks, bars } = JSON.parse(body);
    console.log(
      `${`every tick, sma-cross, 1y demo M1 inside workerd (${(ticks / 1e6).toFixed(1)} M ticks, ${bars} bars)`.padEnd(64)} ${`${addedMb.toFixed(0)} MB`.padStart(10)}   goal < ${LIMIT_MB} MB ${addedMb < LIMIT_MB ? "ok" : "MISSED"}`,
    );
    console.log(
      `  workerd resident before ${(before / 1024).toFixed(0)} MB, peak ${(peak / 1024).toFixed(0)} MB; run ${ms.toFixed(0)} ms (first run: cold JIT)`,
    );
  } finally {
    await mf.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bench();
}
