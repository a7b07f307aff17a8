import { captureException } from "@sentry/cloudflare";

/**
 * Structured logs for Workers Logs (DESIGN D15): one JSON object per line, `{level, event, at, ...fields}`, so the
 * dashboard filters and aggregates on fields instead of parsing sentences. `event` is a dotted name that says
 * what happened ("renewals.done", "backtest.failed"). Errors also go to Sentry: `captureException` reports when
 * the SDK was initialised for this request (withSentry, only when SENTRY_DSN is set) and does nothing otherwise.
 */
export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  /** `error` is the caught value; its name, message and stack are logged and it is reported to Sentry. */
  error(event: string, error: unknown, fields?: LogFields): void;
}

/** An Error as plain fields (JSON.stringify drops an Error's own properties). */
export function errorFields(error: unknown): LogFields {
  if (error instanceof Error)
    return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { errorMessage: String(error) };
}

/** The line for one event; a field that cannot be serialised (a cycle, a BigInt) must not lose the event. */
export function logLine(level: string, event: string, at: number, fields: LogFields = {}): string {
  const record = { level, event, at: new Date(at).toISOString(), ...fields };
  try {
    return JSON.stringify(record);
  } catch {
    return JSON.stringify({ level, event, at: record.at, unserialisable: Object.keys(fields) });
  }
}

/** Writes through `sink` (console by default) with the time from `now`; tests pass both. */
export function createLogger(
  sink: Pick<Console, "log" | "warn" | "error"> = console,
  now: () => number = Date.now,
): Logger {
  return {
    info: (event, fields) => sink.log(logLine("info", event, now(), fields)),
    warn: (event, fields) => sink.warn(logLine("warn", event, now(), fields)),
    error: (event, error, fields) => {
      sink.error(logLine("error", event, now(), { ...fields, ...errorFields(error) }));
      captureException(error, { tags: { event }, extra: fields ? { ...fields } : undefined });
    },
  };
}

export const log: Logger = createLogger();
