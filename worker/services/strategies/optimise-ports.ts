/**
 * The optimisation's Durable Objects on D1, R2 and the UserHub (issue 17): the job as it travels between
 * them (checked with zod at every RPC), the data ports, and the row writes. An ended row (completed,
 * cancelled, error) is never written again, except that a cancelled one takes the runs made before the
 * cancel once (results_key still empty), so a coordinator that outlived a cancel cannot bring it back.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { optimisations } from "../../db/schema";
import type { CandleStore } from "../../market/store";
import { resultValue } from "../../optimise/criteria";
import { specAt } from "./access";
import { storedInputsSchema } from "./backtest-request";
import { importedCrossRates } from "./cross-rates";
import { idText } from "./ids";
import { storedRequestSchema } from "./optimise-request";
import {
  type OptimisationJob,
  type OptimiseDataPorts,
  type ResultRow,
  resultsKey,
  type StoredResults,
} from "./optimise-work";
import type { EventsPort } from "./ports";

export const optimisationJobSchema = z.object({
  optId: z.number().int(),
  strategyId: z.number().int(),
  userId: z.string(),
  specVersion: z.number().int(),
  settings: storedInputsSchema,
  request: storedRequestSchema,
  workers: z.number().int().min(1),
});

export const combinationsSchema = z.array(z.number().int().min(0)).max(100_000);

export function optimiseDataPorts(db: Db, store: CandleStore): OptimiseDataPorts {
  return {
    spec: (job) => specAt(db, job.userId, job.strategyId, job.specVersion),
    async candles(symbol, period, fromMs, toMs) {
      const answer = await store.candles(symbol, period, fromMs, toMs);
      return { bars: answer.bars, demo: answer.demo };
    },
    crossRates: (pair, fromMs, toMs) => importedCrossRates(store, pair, fromMs, toMs),
  };
}

const LIVE = ["queued", "running"];

export interface Progress {
  runsDone: number;
  planned: number;
  etaSeconds?: number;
  best: ResultRow | null;
}

/** The coordinator's writes: progress (the heartbeat), completion, the runs kept after a cancel, failure. */
export function optimiseRowPorts(db: Db, bucket: R2Bucket, events: EventsPort, now: () => number) {
  const where = (job: OptimisationJob) =>
    and(eq(optimisations.id, job.optId), eq(optimisations.userId, job.userId));
  const live = (job: OptimisationJob) => and(where(job), inArray(optimisations.status, LIVE));
  const percent = (p: Progress) => Math.min(100, Math.floor((100 * p.runsDone) / Math.max(1, p.planned)));
  const bestResult = (job: OptimisationJob, best: ResultRow | null) =>
    best?.score === null || best === null
      ? {}
      : { bestResult: resultValue(job.request.criterion, best.score) };
  const event = (
    job: OptimisationJob,
    status: "running" | "completed" | "error",
    p: Progress,
    extra: { etaSeconds?: number; message?: string } = {},
  ) =>
    events.publish(job.userId, {
      type: "strategy-optimisation-progress",
      strId: idText(job.strategyId),
      optId: idText(job.optId),
      status,
      progress: status === "completed" ? 100 : percent(p),
      runsDone: p.runsDone,
      plannedRuns: p.planned,
      ...bestResult(job, p.best),
      ...extra,
    });

  async function putResults(job: OptimisationJob, results: StoredResults): Promise<string> {
    const key = resultsKey(job.userId, job.strategyId, job.optId);
    await bucket.put(key, JSON.stringify(results), { httpMetadata: { contentType: "application/json" } });
    return key;
  }

  return {
    /** The heartbeat and progress; false when the optimisation is no longer live (cancelled, interrupted). */
    async progress(job: OptimisationJob, p: Progress): Promise<boolean> {
      const r = await db
        .update(optimisations)
        .set({
          status: "running",
          runsDone: p.runsDone,
          progress: percent(p),
          etaSeconds: p.etaSeconds ?? null,
          best: p.best ? JSON.stringify(p.best) : null,
          updatedAt: now(),
        })
        .where(live(job))
        .run();
      if (r.meta.changes === 0) return false;
      await event(job, "running", p, p.etaSeconds === undefined ? {} : { etaSeconds: p.etaSeconds });
      return true;
    },
    /** Stores the runs and ends the row completed; false when it ended meanwhile (a cancel). */
    async complete(job: OptimisationJob, results: StoredResults, best: ResultRow | null): Promise<boolean> {
      const key = await putResults(job, results);
      const r = await db
        .update(optimisations)
        .set({
          status: "completed",
          runsDone: results.runs.length,
          progress: 100,
          etaSeconds: null,
          best: best ? JSON.stringify(best) : null,
          resultsKey: key,
          resultRuns: results.runs.length,
          skipped: results.skipped.length,
          updatedAt: now(),
          finishedAt: now(),
        })
        .where(live(job))
        .run();
      if (r.meta.changes === 0) return false;
      await event(job, "completed", { runsDone: results.runs.length, planned: results.runs.length, best });
      return true;
    },
    /** A cancelled optimisation keeps the runs made before the cancel (once). */
    async keepCancelled(job: OptimisationJob, results: StoredResults, best: ResultRow | null): Promise<void> {
      const key = await putResults(job, results);
      await db
        .update(optimisations)
        .set({
          runsDone: results.runs.length,
          best: best ? JSON.stringify(best) : null,
          resultsKey: key,
          resultRuns: results.runs.length,
          skipped: results.skipped.length,
        })
        .where(and(where(job), eq(optimisations.status, "cancelled"), isNull(optimisations.resultsKey)))
        .run();
    },
    async fail(job: OptimisationJob, reason: string, p: Progress): Promise<void> {
      const r = await db
        .update(optimisations)
        .set({ status: "error", errorMessage: reason, etaSeconds: null, updatedAt: now(), finishedAt: now() })
        .where(live(job))
        .run();
      if (r.meta.changes > 0) await event(job, "error", p, { message: reason });
    },
  };
}

export type OptimiseRowPorts = ReturnType<typeof optimiseRowPorts>;
