import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { optimisationLimit } from "../../billing/optimise-limits";
import type { Db } from "../../db/client";
import { optimisations, strategies, strategySpecs } from "../../db/schema";
import { errors } from "../../http/errors";
import { applyInputs, formatInputIssues } from "../../optimise/apply";
import { CRITERION_LABELS, resultValue } from "../../optimise/criteria";
import { FIGURE_NAMES, type RunFigures } from "../../optimise/figures";
import { listInputs } from "../../optimise/inputs";
import { defaultMaxRuns } from "../../optimise/optimise";
import { ForwardSchema, splitPeriods } from "../../optimise/periods";
import { optimisedSetFile } from "../../optimise/set-file";
import { buildSpace } from "../../optimise/space";
import { renderOutline } from "../../strategy/outline";
import { billingErrors } from "../billing/errors";
import { activeStrategy, findStrategy, type StrategyRow, specAt } from "./access";
import { storedInputsSchema } from "./backtest-request";
import { jobRange } from "./backtest-work";
import type { CodeUser } from "./code";
import type { StrategyDeps } from "./deps";
import { strategyErrors } from "./errors";
import { idText, iso } from "./ids";
import { optimiseErrors } from "./optimise-errors";
import {
  type NewOptimisation,
  type ResultsQuery,
  type StoredRequest,
  storedRequestSchema,
} from "./optimise-request";
import type { OptimisationJob, ResultRow, StoredResults } from "./optimise-work";
import type { BacktestInputs } from "./ports";

export const OPT_STATUS = ["queued", "running", "completed", "cancelled", "error"] as const;
export type OptimisationStatus = (typeof OPT_STATUS)[number];
const LIVE: OptimisationStatus[] = ["queued", "running"];

/** The reason of a run the user cancelled: it cost nothing, and the runs made so far are kept. */
export const OPT_CANCELLED = "You cancelled this optimisation. The runs made so far are kept.";
/** The reason of a run whose coordinator stopped answering: never re-run silently. */
export const OPT_INTERRUPTED = "The optimisation was interrupted. Please run it again.";
/** A live optimisation whose heartbeat (updated_at) is older than this lost its coordinator. */
export const OPT_HEARTBEAT_STALE_MS = 30_000;

/**
 * The strategy an optimisation or a walk-forward searches, and the size of the space its ranges span over
 * the current spec: refused while the subscription is pending, without a spec, or with ranges the spec
 * cannot take (a VALIDATION_ERROR on `ranges` in the space's own words).
 */
export async function strategySpace(
  db: Db,
  user: CodeUser,
  strategyId: number,
  ranges: NewOptimisation["ranges"],
): Promise<{ strategy: StrategyRow; size: number }> {
  const strategy = await activeStrategy(db, user.id, strategyId);
  if (user.subscription?.status === "pending") throw billingErrors.subscriptionPending();
  const spec = await specAt(db, user.id, strategyId, strategy.specVersion);
  if (!spec) throw strategyErrors.noSpec();
  const built = buildSpace(spec, ranges);
  if (!built.ok)
    throw errors.validation("ranges", `${built.error[0]?.toUpperCase()}${built.error.slice(1)}.`);
  return { strategy, size: built.space.size };
}

/** Runs one search makes: the whole grid, or the genetic search's budget (a tenth of the space by default). */
export function plannedRuns(input: NewOptimisation, size: number): number {
  return input.search === "grid" ? size : Math.min(input.maxRuns ?? defaultMaxRuns(size), size);
}

/** Every run's backtest settings, as a backtest job stores them (the optimisation's and walk-forward's). */
export function optimisationInputs(input: NewOptimisation): BacktestInputs {
  return {
    symbol: input.settings.symbol,
    period: input.settings.period,
    dateStart: input.settings.dateStart,
    dateEnd: input.settings.dateEnd,
    executionMode:
      input.settings.executionMode === -2 ? (input.settings.customDelay ?? 0) : input.settings.executionMode,
    model: input.settings.model,
    depositAmount: input.settings.depositAmount,
    depositCurrency: input.settings.depositCurrency,
    account: input.settings.account,
    timeZone: input.settings.timeZone,
    commission: input.settings.commission,
    swapLong: input.settings.swapLong,
    swapShort: input.settings.swapShort,
    tripleSwapDay: input.settings.tripleSwapDay,
    slippage: input.settings.slippage,
    stopsLevel: input.settings.stopsLevel,
  };
}

type Row = typeof optimisations.$inferSelect;

const rowSchema = z.object({
  pass: z.number(),
  combination: z.number(),
  values: z.array(z.number()),
  score: z.number().nullable(),
  back: z.array(z.number().nullable()),
  forwardScore: z.number().nullable(),
  forward: z.array(z.number().nullable()).nullable(),
});
const storedResultsSchema = z.object({
  inputs: z.array(z.string()),
  figures: z.array(z.string()),
  runs: z.array(rowSchema),
  skipped: z.array(z.object({ combination: z.number(), reason: z.string() })),
});

/** A run as the API answers it: inputs by name, the criterion's result, and the named figures. */
export interface RunView {
  pass: number;
  combination: number;
  inputs: Record<string, number>;
  /** The criterion's value as MT5 shows it (Result column); null for a run without trades. */
  result: number | null;
  back: RunFigures;
  forwardResult: number | null;
  forward: RunFigures | null;
}

/** Figures stored in FIGURE_NAMES order (optimise-work.ts figuresOf) back to their names. */
function figures(values: readonly (number | null)[]): RunFigures {
  const at = (name: (typeof FIGURE_NAMES)[number]) => values[FIGURE_NAMES.indexOf(name)] ?? null;
  const num = (name: (typeof FIGURE_NAMES)[number]) => at(name) ?? 0;
  return {
    finalBalance: num("finalBalance"),
    profit: num("profit"),
    grossProfit: num("grossProfit"),
    grossLoss: num("grossLoss"),
    profitFactor: at("profitFactor"),
    expectedPayoff: num("expectedPayoff"),
    recoveryFactor: at("recoveryFactor"),
    sharpeRatio: at("sharpeRatio"),
    lrCorrelation: at("lrCorrelation"),
    trades: num("trades"),
    profitTradesPercent: num("profitTradesPercent"),
    balanceDrawdownMax: num("balanceDrawdownMax"),
    balanceDrawdownMaxPercent: num("balanceDrawdownMaxPercent"),
    equityDrawdownMax: num("equityDrawdownMax"),
    equityDrawdownMaxPercent: num("equityDrawdownMaxPercent"),
  };
}

/**
 * Optimisations (issue 17, DESIGN D8b): requests checked against the spec and the plan's limit, the run
 * handed to its coordinator Durable Object, status, sorted pages of results, cancel, Apply (the chosen
 * run's inputs become the strategy's next spec version) and the `.set` export. An optimisation costs no
 * credit: credits pay for generated code only (spec 3, README "Billing").
 */
export function createOptimisations(deps: StrategyDeps) {
  const { db, d1, now, bucket, events } = deps;

  const requestOf = (row: Row): StoredRequest =>
    storedRequestSchema.parse({
      ranges: JSON.parse(row.ranges),
      search: row.search,
      criterion: row.criterion,
      forward: row.forward,
      seed: row.seed,
      maxRuns: row.search === "genetic" ? row.plannedRuns : null,
    });
  const settingsOf = (row: Row): BacktestInputs => storedInputsSchema.parse(JSON.parse(row.settings));
  const statusOf = (row: Row): OptimisationStatus => OPT_STATUS.find((s) => s === row.status) ?? "error";

  function runView(row: Row, r: ResultRow): RunView {
    const request = requestOf(row);
    const inputs: Record<string, number> = {};
    request.ranges.forEach((range, i) => {
      inputs[range.name] = r.values[i] ?? 0;
    });
    const result = (s: number | null) => (s === null ? null : resultValue(request.criterion, s));
    return {
      pass: r.pass,
      combination: r.combination,
      inputs,
      result: result(r.score),
      back: figures(r.back),
      forwardResult: r.forward ? result(r.forwardScore) : null,
      forward: r.forward ? figures(r.forward) : null,
    };
  }

  function view(row: Row) {
    const request = requestOf(row);
    const best = row.best ? rowSchema.safeParse(JSON.parse(row.best)) : null;
    return {
      optId: idText(row.id),
      strId: idText(row.strategyId),
      specVersion: row.specVersion,
      status: statusOf(row),
      progress: row.progress,
      runsDone: row.runsDone,
      plannedRuns: row.plannedRuns,
      combinations: row.combinations,
      etaSeconds: row.etaSeconds,
      workers: row.workers,
      search: request.search,
      criterion: request.criterion,
      criterionLabel: CRITERION_LABELS[request.criterion],
      forward: request.forward,
      seed: request.seed,
      ranges: request.ranges,
      settings: settingsOf(row),
      best: best?.success ? runView(row, best.data) : null,
      /** Runs kept in the results (all of a completed run; those made before a cancel). */
      resultRuns: row.resultRuns,
      skipped: row.skipped,
      hasResults: row.resultsKey !== null,
      message: row.errorMessage,
      created: iso(row.createdAt),
      finished: row.finishedAt === null ? null : iso(row.finishedAt),
    };
  }
  /** Marks the strategy's live optimisations whose heartbeat stopped as interrupted (backtests.ts does the same). */
  async function markInterrupted(userId: string, strategyId: number): Promise<void> {
    await db
      .update(optimisations)
      .set({ status: "error", errorMessage: OPT_INTERRUPTED, updatedAt: now(), finishedAt: now() })
      .where(
        and(
          eq(optimisations.strategyId, strategyId),
          eq(optimisations.userId, userId),
          inArray(optimisations.status, LIVE),
          lt(optimisations.updatedAt, now() - OPT_HEARTBEAT_STALE_MS),
        ),
      )
      .run();
  }

  async function find(userId: string, strategyId: number, optId: number): Promise<Row> {
    await findStrategy(db, userId, strategyId);
    await markInterrupted(userId, strategyId);
    const row = await db
      .select()
      .from(optimisations)
      .where(
        and(
          eq(optimisations.id, optId),
          eq(optimisations.strategyId, strategyId),
          eq(optimisations.userId, userId),
        ),
      )
      .get();
    if (!row) throw optimiseErrors.notFound();
    return row;
  }

  /** The inputs an optimisation of the strategy's current spec can vary, and the plan's limit on runs. */
  async function inputs(userId: string, strategyId: number) {
    const strategy = await findStrategy(db, userId, strategyId);
    const spec = await specAt(db, userId, strategyId, strategy.specVersion);
    if (!spec) throw strategyErrors.noSpec();
    const slug = (await deps.credits.limits(userId)).slug ?? "free";
    return {
      strId: idText(strategyId),
      specVersion: strategy.specVersion,
      inputs: listInputs(spec).map((i) => ({ name: i.name, value: i.value, type: i.type })),
      /** Most runs one optimisation may make on the user's plan; null = unlimited. */
      maxRuns: optimisationLimit(slug),
    };
  }

  async function start(user: CodeUser, strategyId: number, input: NewOptimisation) {
    const userId = user.id;
    const { strategy, size } = await strategySpace(db, user, strategyId, input.ranges);
    const settings = optimisationInputs(input);
    const forward = ForwardSchema.parse(input.forward);
    const { from, to } = jobRange({ backtestId: 0, strategyId, userId, specVersion: 0, inputs: settings });
    const split = splitPeriods(from, Math.min(to, now() + 86_400_000), forward);
    if (!split.ok) throw errors.validation("forward", `The ${split.error}.`);
    const planned = plannedRuns(input, size);
    const slug = (await deps.credits.limits(userId)).slug ?? "free";
    const limit = optimisationLimit(slug);
    if (limit !== null && planned > limit) throw optimiseErrors.limit(planned, limit);
    await markInterrupted(userId, strategyId);
    const workers = deps.optimiseWorkers ?? 1;
    const request: StoredRequest = {
      ranges: input.ranges,
      search: input.search,
      criterion: input.criterion,
      forward: input.forward,
      seed: input.seed,
      maxRuns: input.search === "genetic" ? planned : null,
    };
    const t = now();
    // One statement, so two requests cannot both pass the "none running" check (D1 runs them in order).
    const inserted = await d1
      .prepare(
        `INSERT INTO optimisations (strategy_id, user_id, spec_version, settings, ranges, search, criterion, forward, seed,
           combinations, planned_runs, status, workers, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'queued', ?12, ?13, ?13
         WHERE NOT EXISTS (SELECT 1 FROM optimisations WHERE strategy_id = ?1 AND user_id = ?2 AND status IN ('queued', 'running'))
         RETURNING id`,
      )
      .bind(
        strategyId,
        userId,
        strategy.specVersion,
        JSON.stringify(settings),
        JSON.stringify(request.ranges),
        request.search,
        request.criterion,
        request.forward,
        request.seed,
        size,
        planned,
        workers,
        t,
      )
      .first();
    const parsed = z.object({ id: z.number() }).safeParse(inserted);
    if (!parsed.success) throw optimiseErrors.inProgress();
    const optId = parsed.data.id;
    const job: OptimisationJob = {
      optId,
      strategyId,
      userId,
      specVersion: strategy.specVersion,
      settings,
      request,
      workers,
    };
    await events.publish(userId, {
      type: "strategy-optimisation-progress",
      strId: idText(strategyId),
      optId: idText(optId),
      status: "queued",
      progress: 0,
      runsDone: 0,
      plannedRuns: planned,
    });
    let started = false;
    try {
      started = (await deps.optimiser?.start(job)) ?? false;
    } catch (e) {
      console.error("optimiser start failed", e);
    }
    if (!started) {
      const message = "The optimisation could not be started. Please try again.";
      await db
        .update(optimisations)
        .set({ status: "error", errorMessage: message, finishedAt: now(), updatedAt: now() })
        .where(and(eq(optimisations.id, optId), inArray(optimisations.status, LIVE)));
    }
    return view(await find(userId, strategyId, optId));
  }

  async function list(userId: string, strategyId: number) {
    await findStrategy(db, userId, strategyId);
    await markInterrupted(userId, strategyId);
    const rows = await db
      .select()
      .from(optimisations)
      .where(and(eq(optimisations.strategyId, strategyId), eq(optimisations.userId, userId)))
      .orderBy(desc(optimisations.id));
    return rows.map(view);
  }

  const get = async (userId: string, strategyId: number, optId: number) =>
    view(await find(userId, strategyId, optId));

  async function storedResults(row: Row): Promise<StoredResults> {
    if (!row.resultsKey) throw optimiseErrors.notCompleted();
    const object = await bucket.get(row.resultsKey);
    if (!object) throw optimiseErrors.notCompleted();
    return storedResultsSchema.parse(JSON.parse(await object.text()));
  }

  /** The sort keys of a results page: pass, result, forwardResult, an input's name, a figure, forward.<figure>. */
  function sortKeys(names: readonly string[]): string[] {
    return [
      "pass",
      "result",
      "forwardResult",
      ...names,
      ...FIGURE_NAMES,
      ...FIGURE_NAMES.map((f) => `forward.${f}`),
    ];
  }

  function sortValue(r: ResultRow, key: string, names: readonly string[]): number | null {
    if (key === "pass") return r.pass;
    if (key === "result") return r.score;
    if (key === "forwardResult") return r.forward ? r.forwardScore : null;
    const input = names.indexOf(key);
    if (input >= 0) return r.values[input] ?? null;
    if (key.startsWith("forward.")) {
      const f = FIGURE_NAMES.indexOf(key.slice(8) as (typeof FIGURE_NAMES)[number]);
      return r.forward?.[f] ?? null;
    }
    const f = FIGURE_NAMES.indexOf(key as (typeof FIGURE_NAMES)[number]);
    return r.back[f] ?? null;
  }

  /**
   * A page of the runs sorted by `sort` (runs without the value last, whatever the order; ties by pass).
   * "result" sorts by the criterion's score, so "desc" is best first for every criterion (Drawdown min too).
   */
  async function results(userId: string, strategyId: number, optId: number, q: ResultsQuery) {
    const row = await find(userId, strategyId, optId);
    const stored = await storedResults(row);
    const names = stored.inputs;
    const keys = sortKeys(names);
    if (!keys.includes(q.sort)) throw errors.validation("sort", `Sort by one of: ${keys.join(", ")}.`);
    const sign = q.order === "asc" ? 1 : -1;
    const sorted = [...stored.runs].sort((a, b) => {
      const va = sortValue(a, q.sort, names);
      const vb = sortValue(b, q.sort, names);
      if (va === null || vb === null) return va === vb ? a.pass - b.pass : va === null ? 1 : -1;
      return va === vb ? a.pass - b.pass : sign * (va - vb);
    });
    const start = (q.page - 1) * q.pageSize;
    return {
      optId: idText(optId),
      status: statusOf(row),
      criterion: requestOf(row).criterion,
      inputs: names,
      figures: FIGURE_NAMES,
      sortKeys: keys,
      sort: q.sort,
      order: q.order,
      page: q.page,
      pageSize: q.pageSize,
      total: sorted.length,
      pages: Math.max(1, Math.ceil(sorted.length / q.pageSize)),
      rows: sorted.slice(start, start + q.pageSize).map((r) => runView(row, r)),
    };
  }

  /** The chosen run (by pass; the best one without): from the results, or the row's best when it is that one. */
  async function chosenRun(row: Row, pass: number | undefined): Promise<ResultRow> {
    if (pass === undefined) {
      const best = row.best ? rowSchema.safeParse(JSON.parse(row.best)) : null;
      if (best?.success && row.resultsKey) return best.data;
      throw optimiseErrors.notCompleted();
    }
    const found = (await storedResults(row)).runs.find((r) => r.pass === pass);
    if (!found) throw optimiseErrors.runNotFound(pass);
    return found;
  }

  /**
   * Cancels a live optimisation: one conditional UPDATE ends it (the coordinator never writes an ended row
   * again), the page hears it at once, and the coordinator stops at its next slice and stores the runs made
   * so far. An optimisation that already ended is answered as it is.
   */
  async function cancel(userId: string, strategyId: number, optId: number) {
    await find(userId, strategyId, optId);
    const result = await db
      .update(optimisations)
      .set({
        status: "cancelled",
        errorMessage: OPT_CANCELLED,
        etaSeconds: null,
        finishedAt: now(),
        updatedAt: now(),
      })
      .where(
        and(
          eq(optimisations.id, optId),
          eq(optimisations.userId, userId),
          inArray(optimisations.status, LIVE),
        ),
      )
      .run();
    const row = await find(userId, strategyId, optId);
    if (result.meta.changes > 0) {
      await events.publish(userId, {
        type: "strategy-optimisation-progress",
        strId: idText(strategyId),
        optId: idText(optId),
        status: "cancelled",
        progress: row.progress,
        runsDone: row.runsDone,
        plannedRuns: row.plannedRuns,
        message: OPT_CANCELLED,
      });
      try {
        await deps.optimiser?.cancel(optId);
      } catch (e) {
        // The row is marked: the coordinator stops at its next progress write anyway.
        console.error("optimiser cancel failed", e);
      }
    }
    return view(await find(userId, strategyId, optId));
  }

  /**
   * Apply: the chosen run's input values become the strategy's next spec version (the EA's defaults once its
   * code is generated again). The values are applied to the strategy's current spec, checked by its own
   * schemas; as a chat change does (spec 2 s4), the new version clears the code.
   */
  async function apply(userId: string, strategyId: number, optId: number, pass?: number) {
    const row = await find(userId, strategyId, optId);
    const run = runView(row, await chosenRun(row, pass));
    const strategy = await activeStrategy(db, userId, strategyId);
    const current = await specAt(db, userId, strategyId, strategy.specVersion);
    if (!current) throw strategyErrors.noSpec();
    const applied = applyInputs(current, run.inputs);
    if (!applied.ok) throw optimiseErrors.stale(formatInputIssues(applied.issues));
    const version = strategy.specVersion + 1;
    const stored = await db
      .insert(strategySpecs)
      .values({ strategyId, userId, version, spec: JSON.stringify(applied.spec), createdAt: now() })
      .onConflictDoNothing()
      .returning({ version: strategySpecs.version });
    if (stored.length !== 1) throw strategyErrors.busy();
    await db
      .update(strategies)
      .set({ specVersion: version, codeId: null, updatedAt: now() })
      .where(
        and(
          eq(strategies.id, strategyId),
          eq(strategies.userId, userId),
          lt(strategies.specVersion, version),
        ),
      );
    const strId = idText(strategyId);
    const outline = renderOutline(applied.spec);
    await events.publish(userId, { type: "strategy-outline", strId, outline, stream: false });
    await events.publish(userId, { type: "strategy-code", strId, code: null, state: null });
    return { strId, optId: idText(optId), pass: run.pass, specVersion: version, inputs: run.inputs, outline };
  }

  /** The `.set` of a run: every EA input at the run's values, the optimised ones with their ranges (Y). */
  async function setFile(userId: string, strategyId: number, optId: number, pass?: number) {
    const row = await find(userId, strategyId, optId);
    const run = runView(row, await chosenRun(row, pass));
    const spec = await specAt(db, userId, strategyId, row.specVersion);
    if (!spec) throw strategyErrors.noSpec();
    const applied = applyInputs(spec, run.inputs);
    if (!applied.ok) throw optimiseErrors.stale(formatInputIssues(applied.issues));
    const strategy = await findStrategy(db, userId, strategyId);
    const request = requestOf(row);
    const text = optimisedSetFile(
      applied.spec,
      request.ranges,
      strategy.title,
      `${strategy.title}: pass ${run.pass} of optimisation ${optId} (${CRITERION_LABELS[request.criterion]})`,
    );
    return { filename: `str-${strategyId}-opt-${optId}-pass-${run.pass}.set`, text };
  }

  return { inputs, start, list, get, results, cancel, apply, setFile };
}

export type Optimisations = ReturnType<typeof createOptimisations>;
