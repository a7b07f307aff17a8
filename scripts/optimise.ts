/**
 * Command-line optimisation (issue 17):
 *   npm run optimise -- --spec FILE (--data FILE | --demo) --symbol S --period P --from D --to D
 *     --param NAME=START:STEP:STOP ... [--search grid|genetic] [--criterion NAME] [--forward none|1/2|1/3|1/4|DATE]
 *     [--genetic-seed 1] [--max-runs N] [--plan SLUG] [--set NAME=VALUE ...] [--set-file FILE.set]
 *     [--monte-carlo RUNS] [--walk-forward IN:OUT[:anchored]] --out DIR
 * and every option of `npm run backtest` (model, spread, deposit, costs, time zone...), which each run uses.
 * NAME is the EA's input name (`npm run optimise -- --spec FILE --list` prints them). A --set-file's lines
 * marked Y (MT5's tester format) are ranges to optimise, like --param; its other values and --set are the
 * fixed values of the other inputs.
 * Writes results.csv (one row per run: pass, inputs, the criterion's result and the summary figures of the
 * back period, then the forward period's), best.json (the best run: inputs, figures, the full report of
 * each period, and the backtest command that reproduces it) and best.set (its inputs for MT5's tester,
 * the optimised ones with their ranges); with --monte-carlo, monte-carlo.json (the best run's back-period
 * trades resampled: percentile bands of the final balance and the maximal drawdown).
 * With --walk-forward IN:OUT (days; `:anchored` keeps every in-sample window's start at --from), a walk-forward
 * analysis runs instead of one optimisation (worker/optimise/walk-forward.ts): walk-forward.json (each window's
 * dates, chosen inputs, in- and out-of-sample figures; the efficiency ratio) and walk-forward.csv (the
 * out-of-sample equity and balance stitched into one curve).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { optimisationLimit } from "../worker/billing/optimise-limits";
import { computeReport } from "../worker/engine/report";
import { setAt } from "../worker/optimise/apply";
import { CRITERIA, CRITERION_LABELS, CriterionSchema, resultValue } from "../worker/optimise/criteria";
import { FIGURE_NAMES, type RunFigures } from "../worker/optimise/figures";
import { listInputs } from "../worker/optimise/inputs";
import { mcTrades, monteCarlo } from "../worker/optimise/monte-carlo";
import {
  defaultMaxRuns,
  type OptimiseResult,
  optimise,
  type RunRecord,
  SEARCHES,
} from "../worker/optimise/optimise";
import { cliDates, ForwardSchema, type Periods, splitPeriods } from "../worker/optimise/periods";
import { optimisedSetFile, parseSetFile } from "../worker/optimise/set-file";
import { buildSpace, type ParamRange, parseParam } from "../worker/optimise/space";
import { type WalkForwardResult, walkForward } from "../worker/optimise/walk-forward";
import { warmUpMs } from "../worker/services/strategies/engine-adapter";
import { parseSpec, type StrategySpec } from "../worker/strategy/spec";
import { BACKTEST_OPTIONS, glueNegatives, type PreparedRun, prepareRun, readText } from "./backtest";
import { withSetInputs } from "./set-inputs";

const OptimiseArgs = z.object({
  search: z.enum(SEARCHES, { error: "--search must be grid or genetic" }).default("grid"),
  criterion: CriterionSchema.default("balance"),
  forward: ForwardSchema.default({ kind: "none" }),
  geneticSeed: z.coerce.number({ error: "--genetic-seed must be a whole number" }).int().default(1),
  maxRuns: z.coerce
    .number({ error: "--max-runs must be a number" })
    .int()
    .min(1, "--max-runs must be at least 1")
    .optional(),
  plan: z.string().optional(),
  monteCarlo: z.coerce
    .number({ error: "--monte-carlo takes a number of runs" })
    .int()
    .min(1, "--monte-carlo takes 1 to 100000 runs")
    .max(100_000, "--monte-carlo takes 1 to 100000 runs")
    .optional(),
  walkForward: z
    .string()
    .regex(
      /^\d{1,5}:\d{1,5}(:anchored)?$/,
      "--walk-forward takes IN:OUT days, e.g. 365:90 or 365:90:anchored",
    )
    .transform((v) => {
      const [inSample, outOfSample, anchored] = v.split(":");
      return { inSampleDays: Number(inSample), outOfSampleDays: Number(outOfSample), anchored: !!anchored };
    })
    .refine((w) => w.inSampleDays > 0 && w.outOfSampleDays > 0, "--walk-forward windows are at least a day")
    .optional(),
});

const OPTIONS = {
  ...BACKTEST_OPTIONS,
  param: { type: "string", multiple: true },
  search: { type: "string" },
  criterion: { type: "string" },
  forward: { type: "string" },
  "genetic-seed": { type: "string" },
  "max-runs": { type: "string" },
  plan: { type: "string" },
  "monte-carlo": { type: "string" },
  "walk-forward": { type: "string" },
  set: { type: "string", multiple: true },
  "set-file": { type: "string" },
  list: { type: "boolean" },
} as const;

/** The ranges of --set-file lines marked Y, then of --param (a name given twice is an error later). */
function rangesOf(
  params: readonly string[],
  setFileText: string | undefined,
  file: string | undefined,
): ParamRange[] {
  const out: ParamRange[] = [];
  if (setFileText !== undefined) {
    const parsed = parseSetFile(setFileText);
    if ("error" in parsed) throw new Error(`${file}: ${parsed.error}`);
    for (const e of parsed.entries) {
      if (!e.optimise || !e.range) continue;
      const r = parseParam(`${e.name}=${e.range.start}:${e.range.step}:${e.range.stop}`);
      if (!r.ok) throw new Error(`${file} line ${e.line}: ${r.error.replace(/^--param /, "")}`);
      out.push(r.range);
    }
  }
  for (const p of params) {
    const r = parseParam(p);
    if (!r.ok) throw new Error(r.error);
    out.push(r.range);
  }
  return out;
}

/** The warm-up a --demo run loads: the longest any combination needs (every range at its largest). */
function widestWarmUp(ranges: readonly ParamRange[]): (spec: StrategySpec) => number {
  return (spec) => {
    const inputs = listInputs(spec);
    let longest = warmUpMs(spec);
    for (const r of ranges) {
      const input = inputs.find((i) => i.name === r.name);
      if (!input?.path.includes("indicators")) continue;
      // Set only this input to its stop value; a refused combination falls back to the spec's warm-up.
      const parsed = parseSpec(setAt(spec, input.path, r.stop));
      if (parsed.ok) longest = Math.max(longest, warmUpMs(parsed.spec));
    }
    return longest;
  };
}

const cell = (v: number | null | string): string => (v === null ? "" : String(v));

/** results.csv: the runs best first (ties: earlier pass first). */
export function resultsCsv(
  result: OptimiseResult,
  forward: boolean,
  criterion: z.infer<typeof CriterionSchema>,
): string {
  const names = result.space.dimensions.map((d) => d.input.name);
  const header = ["pass", ...names, "result", ...FIGURE_NAMES];
  if (forward) header.push("forward_result", ...FIGURE_NAMES.map((f) => `forward_${f}`));
  const rows = [...result.runs].sort((a, b) => b.score - a.score || a.pass - b.pass);
  const figures = (f: RunFigures) => FIGURE_NAMES.map((k) => cell(f[k]));
  const lines = [header.join(",")];
  for (const r of rows) {
    const line = [
      String(r.pass),
      ...names.map((n) => cell(r.values[n])),
      cell(resultValue(criterion, r.score)),
      ...figures(r.back),
    ];
    if (forward && r.forward && r.forwardScore !== null)
      line.push(cell(resultValue(criterion, r.forwardScore)), ...figures(r.forward));
    lines.push(line.join(","));
  }
  return `${lines.join("\n")}\n`;
}

/** best.set: every EA input at the best run's values; the optimised ones carry their ranges (Y). */
function bestSet(spec: StrategySpec, ranges: readonly ParamRange[], title: string): string {
  return optimisedSetFile(
    spec,
    ranges,
    title,
    `${title}: the best run of an optimisation (npm run optimise)`,
  );
}

interface Outcome {
  readonly result: OptimiseResult;
  readonly best: RunRecord | null;
  readonly seconds: number;
}

interface WalkForwardOutcome {
  readonly walkForward: WalkForwardResult;
  readonly seconds: number;
}

/** Runs the optimisation the command line describes and writes its files; returns what it found. */
export function main(argv: readonly string[]): Outcome | WalkForwardOutcome | null {
  const { values } = parseArgs({ args: glueNegatives(argv), options: OPTIONS, strict: true });
  const o = OptimiseArgs.safeParse({
    search: values.search,
    criterion: values.criterion,
    forward: values.forward,
    geneticSeed: values["genetic-seed"],
    maxRuns: values["max-runs"],
    plan: values.plan,
    monteCarlo: values["monte-carlo"],
    walkForward: values["walk-forward"],
  });
  if (!o.success)
    throw new Error(
      o.error.issues
        .map((i) => (i.message.startsWith("-") ? i.message : `--${String(i.path[0])}: ${i.message}`))
        .join("; "),
    );
  const opts = o.data;
  const setFileName = values["set-file"];
  const setText = setFileName ? readText(setFileName) : undefined;
  const ranges = rangesOf(values.param ?? [], setText, setFileName);
  const base = (spec: StrategySpec) => withSetInputs(spec, values.set ?? [], setFileName, readText);
  const run: PreparedRun = prepareRun(values, base, widestWarmUp(ranges));
  if (values.list) {
    for (const i of listInputs(run.spec)) console.log(`${i.name} = ${i.value} (${i.type})`);
    return null;
  }
  if (opts.walkForward) {
    const t0 = performance.now();
    const wf = walkForward({
      spec: run.spec,
      data: run.source,
      settings: run.settings,
      ranges,
      search: opts.search,
      criterion: opts.criterion,
      seed: opts.geneticSeed,
      maxRuns: opts.maxRuns,
      ...opts.walkForward,
    });
    if (!wf.ok) throw new Error(wf.error);
    writeWalkForward(run.a.out, wf.result, opts.criterion);
    return { walkForward: wf.result, seconds: (performance.now() - t0) / 1000 };
  }
  const split = splitPeriods(run.settings.from, run.settings.to, opts.forward);
  if (!split.ok) throw new Error(split.error);
  const periods: Periods = split.periods;
  if (opts.plan !== undefined) {
    // The plan's cap on runs (worker/billing/optimise-limits.ts), checked before any run.
    const built = buildSpace(run.spec, ranges);
    if (!built.ok) throw new Error(built.error);
    const size = built.space.size;
    const planned = opts.search === "grid" ? size : Math.min(opts.maxRuns ?? defaultMaxRuns(size), size);
    const limit = optimisationLimit(opts.plan);
    if (limit !== null && planned > limit)
      throw new Error(
        `This optimisation needs ${planned} runs; the ${opts.plan} plan allows ${limit} per optimisation.`,
      );
  }

  const t0 = performance.now();
  let lastPrint = 0;
  const r = optimise({
    spec: run.spec,
    data: run.source,
    settings: run.settings,
    periods,
    ranges,
    search: opts.search,
    criterion: opts.criterion,
    seed: opts.geneticSeed,
    maxRuns: opts.maxRuns,
    onProgress: (done, planned) => {
      const now = performance.now();
      if (now - lastPrint > 2000) {
        lastPrint = now;
        process.stderr.write(`  ${done} / ${planned} runs\r`);
      }
    },
  });
  if (lastPrint > 0) process.stderr.write("\n");
  if (!r.ok) throw new Error(r.error);
  const { result } = r;
  const seconds = (performance.now() - t0) / 1000;
  writeOutputs(run, result, periods, ranges, opts, seconds);
  return { result, best: result.best, seconds };
}

function writeWalkForward(out: string, wf: WalkForwardResult, criterion: string): void {
  mkdirSync(out, { recursive: true });
  const summary = {
    criterion,
    efficiency: wf.efficiency,
    outOfSampleProfit: Number(wf.outOfSampleProfit.toFixed(2)),
    outOfSampleTrades: wf.outOfSampleTrades,
    windows: wf.windows.map((w) => ({
      inSample: cliDates(w.inSample),
      outOfSample: cliDates(w.outOfSample),
      inputs: w.inputs,
      inSampleFigures: w.inSampleFigures,
      outOfSampleFigures: w.outOfSampleFigures,
    })),
  };
  writeFileSync(path.join(out, "walk-forward.json"), `${JSON.stringify(summary, null, 2)}\n`);
  const { time, equity, balance } = wf.stitched;
  const lines = ["time,balance,equity"];
  for (let i = 0; i < time.length; i++)
    lines.push(`${new Date(time[i]).toISOString()},${balance[i].toFixed(2)},${equity[i].toFixed(2)}`);
  writeFileSync(path.join(out, "walk-forward.csv"), `${lines.join("\n")}\n`);
}

function writeOutputs(
  run: PreparedRun,
  result: OptimiseResult,
  periods: Periods,
  ranges: readonly ParamRange[],
  opts: z.infer<typeof OptimiseArgs>,
  seconds: number,
): void {
  const { a } = run;
  mkdirSync(a.out, { recursive: true });
  writeFileSync(
    path.join(a.out, "results.csv"),
    resultsCsv(result, periods.forward !== null, opts.criterion),
  );
  const best = result.best;
  const evaluator = result.evaluator;
  let bestJson: Record<string, unknown> = { best: null };
  if (best) {
    const applied = evaluator.specOf(best.values);
    if (!applied.ok) throw new Error(applied.reason);
    const period = (p: { from: number; to: number }) => {
      const res = evaluator.backtest(applied.spec, p);
      return { ...cliDates(p), report: computeReport(res.report).values, trades: res.trades };
    };
    const { trades, ...back } = period(periods.back);
    const forwardRun = periods.forward ? period(periods.forward) : null;
    const forward = forwardRun
      ? { from: forwardRun.from, to: forwardRun.to, report: forwardRun.report }
      : null;
    if (opts.monteCarlo !== undefined) {
      // The best run's back-period trades, reordered, 5% skipped, and up to the symbol's typical spread of
      // extra spread and of slippage per trade (worker/optimise/monte-carlo.ts).
      const mc = monteCarlo(
        mcTrades(trades, run.symbol.contractSize, run.symbol.point),
        run.settings.deposit,
        {
          runs: opts.monteCarlo,
          skipProbability: 0.05,
          extraSpreadPoints: run.symbol.spread,
          extraSlippagePoints: run.symbol.spread,
        },
      );
      writeFileSync(path.join(a.out, "monte-carlo.json"), `${JSON.stringify(mc, null, 2)}\n`);
    }
    bestJson = {
      criterion: opts.criterion,
      criterionLabel: CRITERION_LABELS[opts.criterion],
      search: opts.search,
      symbol: run.symbol.name,
      period: run.period,
      inputs: best.values,
      pass: best.pass,
      result: resultValue(opts.criterion, best.score),
      back: { ...back, figures: best.back },
      forward:
        forward && best.forward
          ? {
              ...forward,
              result: best.forwardScore === null ? null : resultValue(opts.criterion, best.forwardScore),
              figures: best.forward,
            }
          : null,
      // The same run as one backtest: `npm run backtest --` and these arguments (plus the data and settings).
      backtestArgs: [
        "--from",
        back.from,
        "--to",
        back.to,
        ...Object.entries(best.values).flatMap(([k, v]) => ["--set", `${k}=${v}`]),
      ],
    };
    writeFileSync(path.join(a.out, "best.set"), bestSet(applied.spec, ranges, path.basename(a.spec)));
  }
  writeFileSync(
    path.join(a.out, "best.json"),
    `${JSON.stringify(
      {
        ...bestJson,
        combinations: result.space.size,
        runs: result.runs.length,
        skipped: result.skipped.length,
        skippedExamples: result.skipped.slice(0, 5),
        seconds: Number(seconds.toFixed(3)),
        runsPerSecond: Number((result.runs.length / Math.max(seconds, 1e-9)).toFixed(1)),
        indicatorSeries: { computed: evaluator.cache.misses, reused: evaluator.cache.hits },
      },
      null,
      2,
    )}\n`,
  );
}

/** The command line (`npm run optimise`, scripts/cli.mjs): prints the outcome, answers the exit code. */
export async function cli(argv: readonly string[]): Promise<number> {
  try {
    const outcome = main(argv);
    if (!outcome) return 0;
    if ("walkForward" in outcome) {
      const wf = outcome.walkForward;
      console.log(
        `walk-forward: ${wf.windows.length} windows in ${outcome.seconds.toFixed(1)} s; out-of-sample profit ${wf.outOfSampleProfit.toFixed(2)} in ${wf.outOfSampleTrades} trades; efficiency ${wf.efficiency === null ? "n/a (no in-sample profit)" : wf.efficiency.toFixed(2)}`,
      );
      return 0;
    }
    const { result, best, seconds } = outcome;
    console.log(
      `${result.runs.length} runs of ${result.space.size} combinations (${result.skipped.length} refused by the spec) in ${seconds.toFixed(1)} s, ${(result.runs.length / Math.max(seconds, 1e-9)).toFixed(1)} runs/s`,
    );
    if (best)
      console.log(
        `best (pass ${best.pass}): ${Object.entries(best.values)
          .map(([k, v]) => `${k}=${v}`)
          .join(" ")}, score ${best.score}`,
      );
    else console.log("no run traded");
    return 0;
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    console.error(`criteria: ${CRITERIA.join(", ")}`);
    return 1;
  }
}
