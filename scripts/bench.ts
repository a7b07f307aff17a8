// `npm run bench [-- name ...]`: runs every benchmark module in scripts/bench (or the named ones) and prints their
// figures with the goals the issues set. Speed is measured here, never in tests. Each module runs in a process of
// its own, so that one module's memory (peak RSS is a goal of the engine's) and JIT state never count against
// another's.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";

const dir = join(dirname(fileURLToPath(import.meta.url)), "bench");
const benchModule = z.object({ bench: z.function() });

async function runOne(name: string): Promise<void> {
  const mod = benchModule.parse(await import(pathToFileURL(join(dir, `${name}.ts`)).href));
  await mod.bench();
}

const args = process.argv.slice(2);
if (args[0] === "--one" && args[1]) {
  await runOne(args[1]);
} else {
  const modules = readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => f.replace(/\.ts$/, ""))
    .filter((name) => args.length === 0 || args.includes(name))
    .sort();
  console.log(`node ${process.version} on ${process.platform}/${process.arch}`);
  let failed = 0;
  for (const name of modules) {
    console.log(`\n## ${name}`);
    const started = performance.now();
    // The same node and loader as this process (tsx registers itself through --import).
    const res = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), "--one", name],
      {
        stdio: "inherit",
      },
    );
    if (res.status !== 0) {
      failed++;
      console.error(`${name}: failed (exit ${res.status ?? res.signal})`);
    }
    console.log(`(${name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  process.exit(failed ? 1 : 0);
}
