/**
 * Command-line EA generation (issue 13):
 *   npm run generate -- --spec FILE --out FILE.mq5 [--id 1] [--title TEXT]
 * Writes exactly what the app's Download EA gives for that spec: the service's generation run
 * (worker/mql5 runGeneration with the real checker: the full build, or the conservative rebuild when
 * the checker refuses it). The strategy id and title are part of the file (magic number, order comment,
 * header), so pass the app's to get its file byte for byte; the title defaults to the spec's name.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { checkMql5, runGeneration } from "../worker/mql5";
import { idText } from "../worker/services/strategies/ids";
import { formatSpecIssues, parseSpec } from "../worker/strategy/spec";

const Args = z.object({
  spec: z.string({ error: "--spec FILE is required" }).min(1, "--spec FILE is required"),
  out: z.string({ error: "--out FILE.mq5 is required" }).min(1, "--out FILE.mq5 is required"),
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, "--id must be a positive whole number (the strategy's id in the app)")
    .default("1"),
  title: z.string().min(1).max(255).optional(),
});

/** Returns the .mq5 text written to --out; throws with a message a user can act on. */
export function main(argv: readonly string[]): string {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      spec: { type: "string" },
      out: { type: "string" },
      id: { type: "string" },
      title: { type: "string" },
    },
    strict: true,
  });
  const parsedArgs = Args.safeParse(values);
  if (!parsedArgs.success) throw new Error(parsedArgs.error.issues.map((i) => i.message).join("; "));
  const a = parsedArgs.data;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(a.spec, "utf8"));
  } catch (e) {
    throw new Error(`${a.spec}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const parsed = parseSpec(json);
  if (!parsed.ok) throw new Error(`${a.spec}: ${formatSpecIssues(parsed.issues)}`);
  const title = a.title ?? parsed.spec.name ?? path.basename(a.spec).replace(/\.json$/, "");
  const run = runGeneration(parsed.spec, { strategyId: idText(Number(a.id)), title }, checkMql5);
  if (run.code === null || run.errors.length > 0) {
    const why = run.failure ?? run.errors.map((e) => `line ${e.line}: ${e.message}`).join("; ");
    throw new Error(`${a.spec}: the EA could not be generated (${why})`);
  }
  writeFileSync(a.out, run.code);
  return run.code;
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]).endsWith("scripts/generate.ts");
if (invokedDirectly) {
  try {
    const code = main(process.argv.slice(2));
    console.log(`${code.split("\n").length} lines written`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 1;
  }
}
