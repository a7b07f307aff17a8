/**
 * Command-line backtest (issue 4):
 *   npm run backtest -- --spec FILE (--data FILE | --demo) --symbol EURUSD --period H1
 *     --from 2007-01-01 --to 2018-12-31 [--model 0..4] [--delay MS|-1] [--deposit 10000]
 *     [--currency USD] [--spread POINTS] [--leverage 100] [--account hedging|netting] [--seed 1]
 *     [--timezone GMT+2/+3|UTC|IANA] [--commission PER_LOT_PER_SIDE] [--swap-long POINTS]
 *     [--swap-short POINTS] [--triple-swap-day 1..7] [--slippage POINTS] [--stops-level POINTS]
 *     [--data-timezone UTC]
 *     [--set NAME=VALUE ...] [--set-file FILE.set] --out DIR
 * --stops-level is the broker's SYMBOL_TRADE_STOPS_LEVEL (default 0): a pending order's price closer to
 * the quote than this many points is refused, a stop or target closer is moved out to it, and a stop move
 * inside it waits for room (worker/engine/stops-level.ts).
 * --set/--set-file (issue 17) run the spec with other values of its EA inputs (scripts/set-inputs.ts).
 * --timezone is the broker's server time (issue 16; default GMT+2/+3, New York close, the MT5
 * convention): D1/H4/W1 bars, time filters, swaps and every time written are in it, and --from/--to are
 * inclusive days of it. --data-timezone is the clock of the data file's rows (UTC by default). --data
 * files are read through the market importers (format auto-detected, .gz read transparently); --demo uses
 * the deterministic demo generator (M1).
 * Writes results.json (label -> value), orders.json, deals.json, summary.json, trades.csv, notes.json and
 * report.html (the MT5-style report, self-contained: it opens offline and prints).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { runBacktest } from "../worker/engine/backtest";
import { computeReport } from "../worker/engine/report";
import { htmlReport } from "../worker/engine/report/html";
import { tradeRows } from "../worker/engine/report/trades";
import { dealRows, orderRows } from "../worker/engine/rows";
import {
  ACCOUNT_TYPES,
  type BacktestResult,
  type BacktestSettings,
  DEPOSIT_CURRENCIES,
} from "../worker/engine/types";
import { concatBars } from "../worker/market/bars";
import { getSymbol } from "../worker/market/catalogue";
import { monthsInRange } from "../worker/market/chunks";
import { demoMonth } from "../worker/market/demo";
import { DemoRates } from "../worker/market/demo-rates";
import { importBars } from "../worker/market/importers";
import { periodOf } from "../worker/market/periods";
import {
  DEFAULT_SERVER_TIME,
  isoWithOffset,
  SERVER_TIME_MESSAGE,
  type ServerZone,
  serverZone,
  serverZoneName,
  toServerTime,
} from "../worker/market/server-time";
import type { Bars, Period } from "../worker/market/types";
import { warmUpMs } from "../worker/services/strategies/engine-adapter";
import { formatSpecIssues, parseSpec, type StrategySpec } from "../worker/strategy/spec";
import { withSetInputs } from "./set-inputs";

const DAY = 86_400_000;
const MODELS = [0, 1, 2, 3, 4] as const;

const Args = z.object({
  // A missing option must say which one (zod's own text would be "expected string, received undefined").
  spec: z.string({ error: "--spec FILE is required" }).min(1, "--spec FILE is required"),
  data: z.string().optional(),
  demo: z.boolean().default(false),
  symbol: z.string().default("EURUSD"),
  period: z.string().optional(),
  from: z
    .string({ error: "--from YYYY-MM-DD is required" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "--from must be YYYY-MM-DD"),
  to: z
    .string({ error: "--to YYYY-MM-DD is required" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "--to must be YYYY-MM-DD"),
  model: z.coerce.number().int().min(0).max(4).default(0),
  delay: z.coerce.number().int().min(-1).max(600_000).default(0),
  deposit: z.coerce.number().positive().default(10_000),
  currency: z.enum(DEPOSIT_CURRENCIES).default("USD"),
  spread: z.coerce.number().min(0).optional(),
  leverage: z.coerce.number().min(1).default(100),
  account: z.enum(ACCOUNT_TYPES, { message: "--account must be hedging or netting" }).default("hedging"),
  seed: z.coerce.number().int().default(1),
  timezone: z
    .string()
    .default(DEFAULT_SERVER_TIME)
    .refine((s) => serverZoneName(s) !== null, `--timezone: ${SERVER_TIME_MESSAGE}`),
  commission: z.coerce
    .number({ error: "--commission must be a number (per lot per side, deposit currency)" })
    .min(0, "--commission cannot be negative")
    .optional(),
  swapLong: z.coerce.number({ error: "--swap-long must be a number of points" }).default(0),
  swapShort: z.coerce.number({ error: "--swap-short must be a number of points" }).default(0),
  tripleSwapDay: z.coerce
    .number()
    .int()
    .min(1, "--triple-swap-day must be 1 (Monday) to 7 (Sunday)")
    .max(7, "--triple-swap-day must be 1 (Monday) to 7 (Sunday)")
    .default(3),
  slippage: z.coerce
    .number({ error: "--slippage must be a number of points" })
    .min(0, "--slippage cannot be negative")
    .default(0),
  stopsLevel: z.coerce
    .number({ error: "--stops-level must be a whole number of points" })
    .int("--stops-level must be a whole number of points")
    .min(0, "--stops-level cannot be negative")
    .max(10_000, "--stops-level cannot be more than 10000 points")
    .default(0),
  dataTimezone: z.string().optional(),
  out: z.string({ error: "--out DIR is required" }).min(1, "--out DIR is required"),
});
export type CliArgs = z.infer<typeof Args>;

export function readText(file: string): string {
  const buf = readFileSync(file);
  return (file.endsWith(".gz") ? gunzipSync(buf) : buf).toString("utf8");
}

/** Bars of the file at its own resolution. Bad rows stop the run (the numbers would be wrong). */
function loadFile(
  file: string,
  symbolName: string,
  timezone: string | undefined,
): { bars: Bars; period: Period } {
  const symbol = getSymbol(symbolName);
  const r = importBars(readText(file), {
    symbol,
    fileName: path.basename(file).replace(/\.gz$/, ""),
    timezone,
  });
  if (r.errors.length > 0) {
    const list = r.errors
      .slice(0, 5)
      .map((e) => `  line ${e.line}: ${e.message}`)
      .join("\n");
    throw new Error(`${file}: ${r.errorCount} bad rows (${r.format} format):\n${list}`);
  }
  return { bars: r.bars, period: r.resolution };
}

/** Demo M1 bars from `start` (warm-up included) to `end`, month by month. */
function loadDemo(symbolName: string, start: number, end: number): Bars {
  const symbol = getSymbol(symbolName);
  return concatBars(monthsInRange(start, end).map((m) => demoMonth(symbol, m)));
}

/** Times are the server's clock, written with its offset (ISO 8601: 2017-03-01T00:00:00+02:00). */
export function tradesCsv(result: BacktestResult, zone: ServerZone = serverZone("UTC")): string {
  const iso = (t: number) => isoWithOffset(t, zone);
  const lines = ["entry_time,exit_time,direction,entry_price,exit_price,exit_reason,profit"];
  for (const t of result.trades) {
    // exit_reason: signal, sl, tp, end, or stopout (the broker closed it for margin).
    lines.push(
      [
        iso(t.entryTime),
        iso(t.exitTime),
        t.direction,
        t.entryPrice,
        t.exitPrice,
        t.exitReason,
        t.profit.toFixed(2),
      ].join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** `--delay -1` reads as a flag to parseArgs: glue negative numbers to their option (`--delay=-1`). */
export function glueNegatives(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i].startsWith("--") && !argv[i].includes("=") && next !== undefined && /^-\d/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i++;
    } else out.push(argv[i]);
  }
  return out;
}

/** The backtest's command-line options (the optimiser takes them too, scripts/optimise.ts). */
export const BACKTEST_OPTIONS = {
  spec: { type: "string" },
  data: { type: "string" },
  demo: { type: "boolean" },
  symbol: { type: "string" },
  period: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  model: { type: "string" },
  delay: { type: "string" },
  deposit: { type: "string" },
  currency: { type: "string" },
  spread: { type: "string" },
  leverage: { type: "string" },
  account: { type: "string" },
  seed: { type: "string" },
  timezone: { type: "string" },
  commission: { type: "string" },
  "swap-long": { type: "string" },
  "swap-short": { type: "string" },
  "triple-swap-day": { type: "string" },
  slippage: { type: "string" },
  "stops-level": { type: "string" },
  "data-timezone": { type: "string" },
  out: { type: "string" },
} as const;

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** A run read from the command line: the spec, the data in server time and the engine's settings. */
export interface PreparedRun {
  readonly a: CliArgs;
  readonly spec: StrategySpec;
  readonly symbol: ReturnType<typeof getSymbol>;
  readonly period: Period;
  readonly zone: ServerZone;
  readonly source: { readonly bars: Bars; readonly period: Period };
  readonly costs: NonNullable<BacktestSettings["costs"]>;
  readonly settings: BacktestSettings;
}

/**
 * Reads the options, the spec (with `withInputs` applied: --set/--set-file, issue 17) and the data.
 * `warmUp`: the history a --demo run loads before --from (default: the spec's own warm-up).
 */
export function prepareRun(
  values: OptionValues,
  withInputs: (spec: StrategySpec) => StrategySpec = (spec) => spec,
  warmUp: (spec: StrategySpec) => number = warmUpMs,
): PreparedRun {
  const parsedArgs = Args.safeParse({
    ...values,
    swapLong: values["swap-long"],
    swapShort: values["swap-short"],
    tripleSwapDay: values["triple-swap-day"],
    stopsLevel: values["stops-level"],
    dataTimezone: values["data-timezone"],
  });
  if (!parsedArgs.success) throw new Error(parsedArgs.error.issues.map((i) => i.message).join("; "));
  const a = parsedArgs.data;
  if (!a.data === !a.demo) throw new Error("Give exactly one of --data FILE or --demo.");

  const parsed = parseSpec(JSON.parse(readText(a.spec)));
  if (!parsed.ok) throw new Error(`${a.spec}: ${formatSpecIssues(parsed.issues)}`);
  const spec = withInputs(parsed.spec);
  const symbol = getSymbol(a.symbol);
  const period = a.period ? periodOf(a.period) : spec.timeframe;
  const from = Date.parse(`${a.from}T00:00:00Z`);
  const to = Date.parse(`${a.to}T00:00:00Z`) + DAY;

  const zone = serverZone(a.timezone);
  const loaded = a.data
    ? loadFile(a.data, symbol.name, a.dataTimezone)
    : { bars: loadDemo(symbol.name, from - warmUp(spec) - DAY, to + DAY), period: "M1" as const };
  // The engine reads the server's clock (market/server-time.ts): the bars are shifted into it once here.
  const source = { bars: toServerTime(loaded.bars, zone), period: loaded.period };
  const costs = {
    commission: a.commission ?? symbol.commission,
    swapLong: a.swapLong,
    swapShort: a.swapShort,
    tripleSwapDay: a.tripleSwapDay,
    slippage: a.slippage,
  };
  const settings: BacktestSettings = {
    symbol,
    period,
    from,
    to,
    model: MODELS[a.model],
    executionMode: a.delay,
    deposit: a.deposit,
    currency: a.currency,
    spreadPoints: a.spread,
    leverage: a.leverage,
    account: a.account,
    seed: a.seed,
    costs,
    timeZone: zone.name,
    ...(a.stopsLevel > 0 ? { stopsLevelPoints: a.stopsLevel } : {}),
    // With --data, no cross-rate series is read: a pair the conversion needs is priced at the
    // catalogue's typical level, and the engine's notes name it.
    rates: a.demo ? new DemoRates().priceAt : undefined,
  };
  return { a, spec, symbol, period, zone, source, costs, settings };
}

export function main(argv: readonly string[]): BacktestResult {
  const { values } = parseArgs({
    args: glueNegatives(argv),
    options: {
      ...BACKTEST_OPTIONS,
      // Issue 17: other input values (EA input names) for this run.
      set: { type: "string", multiple: true },
      "set-file": { type: "string" },
    },
    strict: true,
  });
  const { a, spec, symbol, period, zone, source, costs, settings } = prepareRun(values, (base) =>
    withSetInputs(base, values.set ?? [], values["set-file"], readText),
  );
  const result = runBacktest(spec, source, settings);

  const report = computeReport(result.report);
  mkdirSync(a.out, { recursive: true });
  const write = (name: string, data: unknown) =>
    writeFileSync(path.join(a.out, name), `${JSON.stringify(data, null, 2)}\n`);
  write("results.json", report.values);
  write("orders.json", orderRows(result.orders, symbol.digits));
  write("deals.json", dealRows(result.deals, symbol.digits));
  write("summary.json", result.summary);
  write("notes.json", {
    source: a.demo ? "demo data (synthetic, not real prices)" : a.data,
    dataResolution: source.period,
    modelRequested: a.model,
    modelRun: result.modelRun,
    account: result.account,
    timeZone: zone.label,
    costs,
    totalCommission: result.totalCommission,
    totalSwap: result.totalSwap,
    notes: result.notes,
  });
  writeFileSync(path.join(a.out, "trades.csv"), tradesCsv(result, zone));
  writeFileSync(
    path.join(a.out, "report.html"),
    htmlReport({
      title: `${path.basename(a.spec)} · ${symbol.name} ${period} · ${a.from} - ${a.to}`,
      settings: [
        ["Expert", path.basename(a.spec)],
        ["Symbol", symbol.name],
        ["Period", `${period} (${a.from} - ${a.to})`],
        ["Modelling", String(result.modelRun)],
        ["Delays", String(a.delay)],
        ["Currency", a.currency],
        ["Initial Deposit", a.deposit.toFixed(2)],
        ["Leverage", `1:${a.leverage ?? 100}`],
        ["Time zone", zone.label],
        ["Commission", `${costs.commission} per lot per side`],
        [
          "Swap",
          `long ${costs.swapLong}, short ${costs.swapShort} points (triple on day ${costs.tripleSwapDay})`,
        ],
        ["Slippage", `${costs.slippage} points`],
        ["Data", a.demo ? "demo data (synthetic, not real prices)" : String(a.data)],
      ],
      results: report.values,
      orders: orderRows(result.orders, symbol.digits),
      deals: dealRows(result.deals, symbol.digits),
      trades: tradeRows(result.trades, symbol.digits),
    }),
  );
  return result;
}

/** The command line (`npm run backtest`, scripts/cli.mjs): prints the outcome, answers the exit code. */
export async function cli(argv: readonly string[]): Promise<number> {
  try {
    const t0 = performance.now();
    const r = main(argv);
    const ms = (performance.now() - t0).toFixed(0);
    console.log(
      `${r.trades.length} trades, final balance ${r.finalBalance.toFixed(2)}, ${r.report.ticks} ticks, ${r.report.bars} bars, ${r.account} account, ${ms} ms`,
    );
    for (const n of r.notes) console.log(`note: ${n}`);
    return 0;
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    return 1;
  }
}
