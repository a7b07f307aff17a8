import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import { z } from "zod";
import { backtests, strategyCodes } from "../../db/schema";
import { errors } from "../../http/errors";
import { PERIODS } from "../../market/types";
import { isCodeReady, isCodeState } from "../../mql5";
import { billingErrors } from "../billing/errors";
import { activeStrategy, findStrategy, specAt } from "./access";
import { tooLarge, workCap, workOf } from "./backtest-cap";
import { sectionKey } from "./backtest-ports";
import {
  backtestRequestSchema,
  dateRangeProblems,
  type NewBacktest,
  storedInputsSchema,
} from "./backtest-request";
import { CANCELLED, HEARTBEAT_STALE_MS, INTERRUPTED, jobRange, SECTIONS } from "./backtest-work";
import type { CodeUser } from "./code";
import type { StrategyDeps } from "./deps";
import { strategyErrors } from "./errors";
import { idText, iso } from "./ids";
import type { BacktestInputs } from "./ports";
import { headline, PROCESSING, processingStatus } from "./wire";

/** The request's one validation (form and API alike) lives in backtest-request.ts. */
export const newBacktestSchema = backtestRequestSchema();
export type { NewBacktest };

export const sectionSchema = z.object({
  section: z.enum(["summary", "orders", "results", "deals", "trades"]),
});

type Row = typeof backtests.$inferSelect;

function inputsOf(row: Row): BacktestInputs {
  return storedInputsSchema.parse(JSON.parse(row.inputs));
}

/** Backtests (DESIGN D6): requests, lists, details and result sections; the work runs in BacktestRunner. */
export function createBacktests(deps: StrategyDeps) {
  const { db, d1, now, bucket } = deps;

  /** The schema's range rules again on the service's own clock (a caller may have parsed it earlier). */
  function checkDates(input: NewBacktest) {
    const today = new Date(now()).toISOString().slice(0, 10);
    const [problem] = dateRangeProblems(input.dateStart.slice(0, 10), input.dateEnd.slice(0, 10), today);
    if (problem) throw errors.validation(problem.field, problem.message);
  }

  /**
   * Marks the strategy's processing runs whose heartbeat stopped (HEARTBEAT_STALE_MS) as interrupted, so
   * every request that sees such a run sees it ended: it can be deleted or run again at once (issue 11). One
   * conditional UPDATE: a live runner's next write refreshes the heartbeat, and the runner never writes an
   * ended row again (backtest-ports.ts), so a marked run stays marked. No credit is involved in a backtest.
   */
  async function markInterrupted(userId: string, strategyId: number): Promise<void> {
    await db
      .update(backtests)
      .set({ processing: PROCESSING.ERROR, errorMessage: INTERRUPTED, updatedAt: now() })
      .where(
        and(
          eq(backtests.strategyId, strategyId),
          eq(backtests.userId, userId),
          notInArray(backtests.processing, [PROCESSING.COMPLETED, PROCESSING.ERROR]),
          lt(backtests.updatedAt, now() - HEARTBEAT_STALE_MS),
        ),
      )
      .run();
  }

  /** The plan's cap on one run's work (backtest-cap.ts), checked before anything is written. */
  async function checkWork(userId: string, inputs: BacktestInputs) {
    const period = PERIODS.find((p) => p === inputs.period);
    if (!period) return;
    const { from, to } = jobRange({ backtestId: 0, strategyId: 0, userId, specVersion: 0, inputs });
    const end = Math.min(to, now());
    const slug = (await deps.credits.limits(userId)).slug ?? "free";
    if (workOf(inputs.model, period, from, end) > workCap(slug)) {
      throw tooLarge(inputs.model, period, from, end, slug);
    }
  }

  async function create(user: CodeUser, strategyId: number, input: NewBacktest) {
    const userId = user.id;
    checkDates(input);
    const strategy = await activeStrategy(db, userId, strategyId);
    if (user.subscription?.status === "pending") throw billingErrors.subscriptionPending();
    if (strategy.codeId === null) throw strategyErrors.codeNotFound();
    const code = await db
      .select()
      .from(strategyCodes)
      .where(and(eq(strategyCodes.id, strategy.codeId), eq(strategyCodes.userId, userId)))
      .get();
    if (!code) throw strategyErrors.codeNotFound();
    if (!isCodeState(code.state) || !isCodeReady(code.state) || !code.r2Key)
      throw strategyErrors.codeNotReady();

    const inputs: BacktestInputs = {
      symbol: input.symbol,
      period: input.period,
      dateStart: input.dateStart.slice(0, 10),
      dateEnd: input.dateEnd.slice(0, 10),
      executionMode: input.executionMode === -2 ? (input.customDelay ?? 0) : input.executionMode,
      model: input.model,
      depositAmount: input.depositAmount,
      depositCurrency: input.depositCurrency,
      account: input.account,
      timeZone: input.timeZone,
      commission: input.commission,
      swapLong: input.swapLong,
      swapShort: input.swapShort,
      tripleSwapDay: input.tripleSwapDay,
      slippage: input.slippage,
      stopsLevel: input.stopsLevel,
    };
    await checkWork(userId, inputs);
    await markInterrupted(userId, strategyId);
    const insert = () =>
      d1
        .prepare(
          `INSERT INTO backtests (strategy_id, user_id, code_id, spec_version, description, inputs, processing, progress, created_at, updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, 0, 0, ?7, ?7
           WHERE NOT EXISTS (SELECT 1 FROM backtests WHERE strategy_id = ?1 AND user_id = ?2 AND processing NOT IN (100, 200))
           RETURNING id`,
        )
        .bind(strategyId, userId, code.id, code.specVersion, input.description, JSON.stringify(inputs), now())
        .first();
    // One statement, so two requests cannot both pass the "none running" check (D1 runs them in order).
    const parsed = z.object({ id: z.number() }).safeParse(await insert());
    if (!parsed.success) throw strategyErrors.backtestInProgress();
    const backtestId = parsed.data.id;
    const job = { backtestId, strategyId, userId, specVersion: code.specVersion, inputs };
    let started = false;
    try {
      started = await deps.runner.start(job);
    } catch (e) {
      console.error("runner start failed", e);
    }
    if (!started) {
      await db
        .update(backtests)
        .set({
          processing: PROCESSING.ERROR,
          errorMessage: "The backtest could not be started. Please try again.",
        })
        .where(and(eq(backtests.id, backtestId), eq(backtests.userId, userId)));
    }
    return { backtestId: idText(backtestId) };
  }

  async function find(userId: string, strategyId: number, backtestId: number): Promise<Row> {
    await findStrategy(db, userId, strategyId);
    await markInterrupted(userId, strategyId);
    const row = await db
      .select()
      .from(backtests)
      .where(
        and(eq(backtests.id, backtestId), eq(backtests.strategyId, strategyId), eq(backtests.userId, userId)),
      )
      .get();
    if (!row) throw strategyErrors.backtestNotFound();
    return row;
  }

  function item(row: Row) {
    return {
      backtestId: idText(row.id),
      created: iso(row.createdAt),
      description: row.description,
      processing: row.processing,
      status: processingStatus(row.processing),
      results: row.processing === PROCESSING.COMPLETED ? headline(row) : null,
      inputs: inputsOf(row),
      specVersion: row.specVersion,
    };
  }

  async function list(userId: string, strategyId: number) {
    await findStrategy(db, userId, strategyId);
    await markInterrupted(userId, strategyId);
    const rows = await db
      .select()
      .from(backtests)
      .where(and(eq(backtests.strategyId, strategyId), eq(backtests.userId, userId)))
      .orderBy(desc(backtests.id));
    return rows.map(item);
  }

  async function get(userId: string, strategyId: number, backtestId: number) {
    const row = await find(userId, strategyId, backtestId);
    const inputs = inputsOf(row);
    const notes = row.notes ? z.array(z.string()).parse(JSON.parse(row.notes)) : [];
    return {
      backtestId: idText(row.id),
      strId: idText(strategyId),
      processing: row.processing,
      processingStatus: processingStatus(row.processing),
      progress: row.progress,
      inputs,
      created: iso(row.createdAt),
      // The results screen's summary box shows it (spec 2 s2).
      description: row.description,
      isMessage: row.processing === PROCESSING.ERROR || notes.length > 0,
      message: row.errorMessage,
      /** Ended by the user's Cancel (issue 16), not by a failure. */
      cancelled: row.processing === PROCESSING.ERROR && row.errorMessage === CANCELLED,
      notes,
      results: row.processing === PROCESSING.COMPLETED ? headline(row) : null,
    };
  }

  async function remove(userId: string, strategyId: number, backtestId: number) {
    const row = await find(userId, strategyId, backtestId);
    if (processingStatus(row.processing) === "processing") throw strategyErrors.backtestInProgress();
    await db.delete(backtests).where(and(eq(backtests.id, backtestId), eq(backtests.userId, userId)));
    await bucket.delete(SECTIONS.map((s) => sectionKey(userId, backtestId, s)));
    return { backtestId: idText(backtestId) };
  }

  /**
   * Cancels a processing run (issue 16): one conditional UPDATE marks it ended with the CANCELLED reason (the
   * runner never writes an ended row again, backtest-ports.ts), the page hears it at once, and the runner
   * drops it at its next slice. A backtest costs no credit, so none is returned; the strategy can run again
   * at once. A run that already ended is answered as it is (a second click, a run that just finished).
   */
  async function cancel(userId: string, strategyId: number, backtestId: number) {
    await find(userId, strategyId, backtestId);
    const result = await db
      .update(backtests)
      .set({ processing: PROCESSING.ERROR, errorMessage: CANCELLED, updatedAt: now() })
      .where(
        and(
          eq(backtests.id, backtestId),
          eq(backtests.userId, userId),
          notInArray(backtests.processing, [PROCESSING.COMPLETED, PROCESSING.ERROR]),
        ),
      )
      .run();
    if (result.meta.changes > 0) {
      await deps.events.publish(userId, {
        type: "strategy-backtest-processing",
        strId: idText(strategyId),
        btId: idText(backtestId),
        processing: PROCESSING.ERROR,
        message: CANCELLED,
      });
      try {
        await deps.runner.cancel?.(strategyId, backtestId);
      } catch (e) {
        // The row is marked: the runner stops at its next heartbeat write anyway.
        console.error("runner cancel failed", e);
      }
    }
    const row = await find(userId, strategyId, backtestId);
    return {
      backtestId: idText(backtestId),
      processing: row.processing,
      status: processingStatus(row.processing),
      cancelled: row.processing === PROCESSING.ERROR && row.errorMessage === CANCELLED,
    };
  }

  async function section(
    userId: string,
    strategyId: number,
    backtestId: number,
    name: (typeof SECTIONS)[number],
  ) {
    const row = await find(userId, strategyId, backtestId);
    if (row.processing !== PROCESSING.COMPLETED) throw strategyErrors.backtestNotCompleted();
    const object = await bucket.get(sectionKey(userId, backtestId, name));
    if (!object) throw strategyErrors.backtestNotFound();
    const value: unknown = JSON.parse(await object.text());
    return value;
  }

  return {
    create,
    list,
    get,
    remove,
    cancel,
    details: (userId: string, strategyId: number, backtestId: number) =>
      section(userId, strategyId, backtestId, "details"),
    /** The spec version the backtest ran (its EA's inputs make the `.set` export, issue 16). */
    spec: async (userId: string, strategyId: number, backtestId: number) =>
      specAt(db, userId, strategyId, (await find(userId, strategyId, backtestId)).specVersion),
    results: (
      userId: string,
      strategyId: number,
      backtestId: number,
      name: z.infer<typeof sectionSchema>["section"],
    ) => section(userId, strategyId, backtestId, name),
  };
}
