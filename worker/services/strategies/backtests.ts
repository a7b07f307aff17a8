import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import { z } from "zod";
import { backtests, strategyCodes } from "../../db/schema";
import { DEPOSIT_CURRENCIES } from "../../engine/types";
import { errors } from "../../http/errors";
import { findSymbol } from "../../market/catalogue";
import { PERIODS } from "../../market/types";
import { isCodeReady, isCodeState } from "../../mql5";
import { billingErrors } from "../billing/errors";
import { activeStrategy, findStrategy, specAt } from "./access";
import { sectionKey } from "./backtest-ports";
import { SECTIONS } from "./backtest-work";
import type { CodeUser } from "./code";
import type { StrategyDeps } from "./deps";
import { strategyErrors } from "./errors";
import { idText, iso } from "./ids";
import type { BacktestInputs } from "./ports";
import { headline, PROCESSING, processingStatus } from "./wire";

const DAY = /^\d{4}-\d{2}-\d{2}/;
const date = z
  .string()
  .trim()
  .regex(DAY, "Use a date like 2025-01-31.")
  .refine((s) => !Number.isNaN(Date.parse(`${s.slice(0, 10)}T00:00:00Z`)), "Not a valid date.");
const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** Spec 2 s3 delays: fixed ms values, -1 random, -2 custom (given in `customDelay`). */
const DELAYS = [0, 1, 5, 10, 20, 50, 100, 500, 1000, -1, -2] as const;

export const newBacktestSchema = z
  .object({
    description: z.string().trim().max(255, "Description must be at most 255 characters.").default(""),
    symbol: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((s) => findSymbol(s) !== undefined, "Unknown symbol."),
    period: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.enum(PERIODS)),
    dateStart: date,
    dateEnd: date,
    executionMode: numeric.pipe(
      z
        .number()
        .int()
        .refine((n) => DELAYS.some((d) => d === n), "Unknown delay."),
    ),
    customDelay: numeric
      .pipe(z.number().int("The custom delay must be whole milliseconds.").min(0).max(600_000))
      .optional(),
    model: numeric.pipe(z.number().int().min(0).max(4)).default(0),
    depositAmount: numeric.pipe(z.number().min(0, "The deposit cannot be negative.").max(1e12)),
    depositCurrency: z.enum(DEPOSIT_CURRENCIES).default("USD"),
  })
  .refine((b) => b.executionMode !== -2 || b.customDelay !== undefined, {
    path: ["customDelay"],
    message: "Enter the custom delay in milliseconds.",
  });

export type NewBacktest = z.infer<typeof newBacktestSchema>;

export const sectionSchema = z.object({
  section: z.enum(["summary", "orders", "results", "deals", "trades"]),
});

type Row = typeof backtests.$inferSelect;

/** Longer than the runner's own watchdog (2 x 10 min), so a live run is never failed from here. */
const ABANDONED_MS = 30 * 60_000;

const inputsSchema = z.object({
  symbol: z.string(),
  period: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  executionMode: z.number(),
  model: z.number(),
  depositAmount: z.number(),
  depositCurrency: z.string(),
});

function inputsOf(row: Row): BacktestInputs {
  return inputsSchema.parse(JSON.parse(row.inputs));
}

/** Backtests (DESIGN D6): requests, lists, details and result sections; the work runs in BacktestRunner. */
export function createBacktests(deps: StrategyDeps) {
  const { db, d1, now, bucket } = deps;

  function checkDates(input: NewBacktest) {
    const today = new Date(now()).toISOString().slice(0, 10);
    const start = input.dateStart.slice(0, 10);
    const end = input.dateEnd.slice(0, 10);
    if (start > today) throw errors.validation("dateStart", "The start date cannot be after today.");
    if (end > today) throw errors.validation("dateEnd", "The end date cannot be after today.");
    if (start > end) throw errors.validation("dateStart", "The start date must not be after the end date.");
  }

  /**
   * A run whose row has not moved for ABANDONED_MS lost its runner (the runner writes at every step and
   * has its own watchdog): it is marked as an error so it cannot block the strategy forever.
   */
  async function failAbandoned(userId: string, strategyId: number): Promise<boolean> {
    const result = await db
      .update(backtests)
      .set({
        processing: PROCESSING.ERROR,
        errorMessage: "The backtest was interrupted. Please run it again.",
        updatedAt: now(),
      })
      .where(
        and(
          eq(backtests.strategyId, strategyId),
          eq(backtests.userId, userId),
          notInArray(backtests.processing, [PROCESSING.COMPLETED, PROCESSING.ERROR]),
          lt(backtests.updatedAt, now() - ABANDONED_MS),
        ),
      )
      .run();
    return result.meta.changes > 0;
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
    };
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
    let parsed = z.object({ id: z.number() }).safeParse(await insert());
    if (!parsed.success && (await failAbandoned(userId, strategyId))) {
      parsed = z.object({ id: z.number() }).safeParse(await insert());
    }
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
