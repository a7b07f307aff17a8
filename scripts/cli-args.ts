// The command-line reading the admin tools share (data:import, data:ingest): `--name value` options checked
// by one zod schema, --help, and the usage text on a mistake, so each tool declares only its options.
import { parseArgs } from "node:util";
import type { z } from "zod";

/** A mistake on the command line; an empty message means --help was asked for. */
export class UsageError extends Error {}

/**
 * Reads `--name value` options (each a string; `names` as written on the command line, e.g. "price-side")
 * and --help, then checks what `toInput` makes of them against `schema`. Throws UsageError with a message
 * for the user: the schema's own when it names the option ("--symbol is required"), else `--field: message`.
 */
export function parseOptions<S extends z.ZodType>(
  argv: readonly string[],
  names: readonly string[],
  schema: S,
  toInput: (option: (name: string) => string | undefined) => unknown,
): z.output<S> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(names.map((name) => [name, { type: "string" as const }])),
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  if (values.help) throw new UsageError("");
  const option = (name: string) => {
    const v = values[name];
    return typeof v === "string" ? v : undefined;
  };
  const parsed = schema.safeParse(toInput(option));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      issue?.message.startsWith("-") ? issue.message : `--${issue?.path.join(".")}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

/**
 * Runs `read` on the command line; on a UsageError prints it with the usage text and answers the exit code
 * (0 for --help, 2 for a mistake) instead of the arguments.
 */
export function readOrExplain<T>(tool: string, usage: string, read: () => T): T | number {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (e.message) console.error(`${tool}: ${e.message}\n`);
    console.error(usage);
    return e.message ? 2 : 0;
  }
}
