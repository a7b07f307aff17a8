/**
 * Walk-forward analysis of a strategy (issue 17 Robustness), as a service: the optimisation's request (ranges,
 * search, criterion, settings) plus the in-sample and out-of-sample window lengths. It loads what an
 * optimisation of the same settings loads (optimise-work.ts prepareOptimisation) and runs the pure walk-forward
 * (worker/optimise/walk-forward.ts, the CLI's core) in the request: the windows' runs together stay within the
 * plan's runs per optimisation, which the engine makes in about a second. Nothing is stored; the answer is the
 * windows, the stitched out-of-sample curve and the efficiency ratio.
 */
import { z } from "zod";
import { optimisationLimit } from "../../billing/optimise-limits";
import { errors } from "../../http/errors";
import type { RunFigures } from "../../optimise/figures";
import { walkForward, walkForwardWindows } from "../../optimise/walk-forward";
import type { CodeUser } from "./code";
import type { StrategyDeps } from "./deps";
import { optimisationInputs, plannedRuns, strategySpace } from "./optimisations";
import { optimiseErrors } from "./optimise-errors";
import { optimiseDataPorts } from "./optimise-ports";
import type { NewOptimisation } from "./optimise-request";
import { OPTIMISE_INTERNAL, prepareOptimisation, reasonOf } from "./optimise-work";

export const WALK_FORWARD_LIMITS = {
  inSampleDays: { min: 7, max: 3650 },
  outOfSampleDays: { min: 1, max: 1825 },
  /** Points of the stitched curve sent to the page (every n-th bar, ends kept). */
  curvePoints: 1500,
} as const;

const days = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number of days.` })
    .int(`${label} must be a whole number of days.`)
    .min(min, `${label} must be between ${min} and ${max} days.`)
    .max(max, `${label} must be between ${min} and ${max} days.`);

export const walkForwardFieldsSchema = z.object({
  inSampleDays: days(
    "The in-sample window",
    WALK_FORWARD_LIMITS.inSampleDays.min,
    WALK_FORWARD_LIMITS.inSampleDays.max,
  ),
  outOfSampleDays: days(
    "The out-of-sample window",
    WALK_FORWARD_LIMITS.outOfSampleDays.min,
    WALK_FORWARD_LIMITS.outOfSampleDays.max,
  ),
  /** Every in-sample window starts at the test's first day (it grows) instead of rolling on. */
  anchored: z.boolean({ error: "Anchored is true or false." }).default(false),
});
export type WalkForwardFields = z.output<typeof walkForwardFieldsSchema>;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The figures a window's row shows. */
function figures(f: RunFigures | null) {
  return f
    ? {
        profit: f.profit,
        trades: f.trades,
        profitFactor: f.profitFactor,
        drawdownPercent: f.equityDrawdownMaxPercent,
      }
    : null;
}

/** Every n-th point of a curve, the first and last kept, so the page carries at most `most` points. */
function thinned(curve: { time: number[]; equity: number[]; balance: number[] }, most: number) {
  const n = curve.time.length;
  const every = Math.max(1, Math.ceil(n / most));
  const keep = (i: number) => i % every === 0 || i === n - 1;
  const pick = (xs: number[]) => xs.filter((_, i) => keep(i));
  return { time: pick(curve.time), equity: pick(curve.equity), balance: pick(curve.balance) };
}

export function createWalkForward(deps: StrategyDeps) {
  const { db, now } = deps;

  return async function run(
    user: CodeUser,
    strategyId: number,
    input: NewOptimisation,
    windows: WalkForwardFields,
  ) {
    const userId = user.id;
    const { strategy, size } = await strategySpace(db, user, strategyId, input.ranges);
    const perWindow = plannedRuns(input, size);
    const settings = optimisationInputs(input);
    const request = {
      ranges: input.ranges,
      search: input.search,
      criterion: input.criterion,
      forward: "none",
      seed: input.seed,
      maxRuns: input.search === "genetic" ? perWindow : null,
    };
    const job = {
      optId: 0,
      strategyId,
      userId,
      specVersion: strategy.specVersion,
      settings,
      request,
      workers: 1,
    };
    let prepared: Awaited<ReturnType<typeof prepareOptimisation>>;
    try {
      prepared = await prepareOptimisation(job, optimiseDataPorts(db, deps.market.store), now);
    } catch (e) {
      // A refusal a trader can act on (no data for the dates, the engine refusing the settings) is a 400.
      const reason = reasonOf(e);
      if (reason !== OPTIMISE_INTERNAL) throw errors.validation("settings", reason);
      throw e;
    }
    const spans = walkForwardWindows(
      prepared.settings.from,
      prepared.settings.to,
      windows.inSampleDays,
      windows.outOfSampleDays,
      windows.anchored,
    );
    if (spans.length === 0)
      throw errors.validation(
        "inSampleDays",
        "The test period holds no in-sample and out-of-sample window of these lengths: make the dates longer or the windows shorter.",
      );
    // The plan's runs per optimisation bound the whole analysis: every window is an optimisation of its own.
    const planned = perWindow * spans.length;
    const slug = (await deps.credits.limits(userId)).slug ?? "free";
    const limit = optimisationLimit(slug);
    if (limit !== null && planned > limit) throw optimiseErrors.limit(planned, limit);
    const wf = walkForward({
      spec: prepared.spec,
      data: prepared.data,
      settings: prepared.settings,
      ranges: input.ranges,
      search: input.search,
      criterion: input.criterion,
      seed: input.seed,
      maxRuns: request.maxRuns ?? undefined,
      ...windows,
    });
    if (!wf.ok) throw errors.validation("ranges", wf.error);
    const r = wf.result;
    return {
      strId: String(strategyId),
      symbol: settings.symbol,
      period: settings.period,
      criterion: input.criterion,
      search: input.search,
      deposit: settings.depositAmount,
      currency: settings.depositCurrency,
      inSampleDays: windows.inSampleDays,
      outOfSampleDays: windows.outOfSampleDays,
      anchored: windows.anchored,
      runs: planned,
      demo: prepared.demo,
      windows: r.windows.map((w) => ({
        inSample: { from: day(w.inSample.from), to: day(w.inSample.to - 1) },
        outOfSample: { from: day(w.outOfSample.from), to: day(w.outOfSample.to - 1) },
        inputs: w.inputs,
        inSampleFigures: figures(w.inSampleFigures),
        outOfSampleFigures: figures(w.outOfSampleFigures),
      })),
      outOfSampleProfit: r.outOfSampleProfit,
      outOfSampleTrades: r.outOfSampleTrades,
      efficiency: r.efficiency,
      stitched: thinned(r.stitched, WALK_FORWARD_LIMITS.curvePoints),
    };
  };
}

export type WalkForwardAnswer = Awaited<ReturnType<ReturnType<typeof createWalkForward>>>;
