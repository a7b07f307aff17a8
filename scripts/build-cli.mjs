// `npm run build:cli`: the command-line tools bundled into plain JavaScript (build/cli/NAME.mjs) so that they
// start on bare `node`, without a TypeScript loader (DESIGN D14). One self-contained file per tool (zod and the
// worker libraries included), plus the list of its source files, which scripts/cli.mjs uses to rebuild a stale
// bundle. Adding a tool: an entry in CLIS (its source exports `cli(argv): Promise<number>`, the exit code).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const OUT_DIR = join(root, "build/cli");

/** Tool name -> its TypeScript module. */
export const CLIS = {
  backtest: "scripts/backtest.ts",
  optimise: "scripts/optimise.ts",
  "data-import": "scripts/data-import.ts",
};

export const bundlePath = (name) => join(OUT_DIR, `${name}.mjs`);
export const inputsPath = (name) => join(OUT_DIR, `${name}.inputs.json`);

export async function buildCli(name) {
  const source = CLIS[name];
  if (!source) throw new Error(`Unknown CLI "${name}". Known: ${Object.keys(CLIS).join(", ")}`);
  return bundleCli(name, source);
}

/** Bundles `source` (a module exporting `cli(argv)`) into build/cli/NAME.mjs; the bench bundles grademark's too. */
export async function bundleCli(name, source) {
  // esbuild is only loaded when a bundle is (re)built, never on an ordinary run.
  const { build } = await import("esbuild");
  const entryName = `${name}-entry.ts`;
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await build({
    stdin: {
      // The bundle runs the tool when it is loaded, whoever loads it (`node build/cli/x.mjs` or scripts/cli.mjs).
      contents: `import { cli } from "./${source}";\nprocess.exitCode = await cli(process.argv.slice(2));\n`,
      resolveDir: root,
      sourcefile: entryName,
      loader: "ts",
    },
    outfile: bundlePath(name),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // Bundled CommonJS dependencies may call require(): give the ES module one.
    banner: {
      js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
    },
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
  });
  const inputs = Object.keys(result.metafile.inputs)
    // The generated entry is not a file: leave it out, or every run would find the bundle stale.
    .filter((f) => f !== entryName && !f.startsWith("<"))
    .map((f) => relative(root, resolve(root, f)));
  writeFileSync(inputsPath(name), `${JSON.stringify(inputs)}\n`);
  return bundlePath(name);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(CLIS);
  for (const name of names) console.log(`built ${relative(root, await buildCli(name))}`);
}
