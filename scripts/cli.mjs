// `npm run backtest` / `npm run data:import`: runs a command-line tool from its plain-JavaScript bundle
// (DESIGN D14), building it first when it is missing or older than one of its sources. Plain JavaScript itself,
// so that nothing but node starts: the freshness check stats the bundle's recorded inputs (a few dozen files).
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildCli, bundlePath, inputsPath } from "./build-cli.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.NaN;
  }
}

/** True when the bundle is missing, has no inputs list, or any input changed after it was built. */
function stale(name) {
  const built = mtime(bundlePath(name));
  if (Number.isNaN(built)) return true;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsPath(name), "utf8"));
  } catch {
    return true;
  }
  // A deleted input (NaN) also means stale: the comparison below is false for NaN, hence the negation.
  return !inputs.every((f) => mtime(join(root, f)) <= built);
}

const name = process.argv[2];
if (!name) {
  console.error("usage: node scripts/cli.mjs NAME [args...]");
  process.exit(2);
}
if (stale(name)) await buildCli(name);
// The tool reads its own arguments from process.argv.slice(2), as when it is run as `node build/cli/NAME.mjs`.
process.argv.splice(2, 1);
await import(pathToFileURL(bundlePath(name)).href);
