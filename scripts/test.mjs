// `npm test`: binding types current, types, lint/format, unit tests (Node), worker tests (workerd, real local D1/R2/DOs, against the
// built worker: `pretest` builds it) and browser tests (Chromium). Stops at the first failing stage.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { localEnv } from "./local-env.mjs";

// node --test takes files, not a folder: list the browser test files.
function browserTests() {
  return readdirSync("tests/browser")
    .filter((f) => f.endsWith(".test.ts"))
    .sort()
    .map((f) => `tests/browser/${f}`);
}

const stages = [
  // The generated binding types must match wrangler.toml (DESIGN D13) before tsc relies on them.
  ["binding types", process.execPath, ["scripts/types.mjs", "--check"]],
  ["types", "npx", ["tsc", "--noEmit", "-p", "."]],
  ["lint", "npx", ["biome", "check", "."]],
  ["unit + worker tests", "npx", ["vitest", "run"]],
  ["browser tests", process.execPath, ["--test", "--test-concurrency=1", ...browserTests()]],
];

for (const [name, cmd, args] of stages) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: "inherit", env: localEnv });
  console.log(
    `=== ${name}: ${res.status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}
