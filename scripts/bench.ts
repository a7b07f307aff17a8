// `npm run bench [-- name ...]`: runs every benchmark module in scripts/bench (or the named ones) one after the
// other and prints their figures with the goals the issues set. Speed is measured here, never in tests.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { z } from "zod";

const dir = join(dirname(fileURLToPath(import.meta.url)), "bench");
const wanted = process.argv.slice(2);
const modules = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
  .map((f) => f.replace(/\.ts$/, ""))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

const benchModule = z.object({ bench: z.function() });

console.log(`node ${process.version} on ${process.platform}/${process.arch}`);
let failed = 0;
for (const name of modules) {
  console.log(`\n## ${name}`);
  const started = performance.now();
  try {
    const mod = benchModule.parse(await import(pathToFileURL(join(dir, `${name}.ts`)).href));
    await mod.bench();
  } catch (e) {
    failed++;
    console.error(`${name}: failed: ${e instanceof Error ? e.stack : String(e)}`);
  }
  console.log(`(${name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(failed ? 1 : 0);
