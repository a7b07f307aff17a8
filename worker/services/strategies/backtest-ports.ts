import { and, eq, notInArray } from "drizzle-orm";
import { backtests } from "../../db/schema";
import { R2BlobStore } from "../market-data";
import { specAt } from "./access";
import { storedTickPorts } from "./backtest-ticks";
import type { BacktestWorkPorts, Section } from "./backtest-work";
import { importedCrossRates } from "./cross-rates";
import type { StrategyDeps } from "./deps";
import { idText } from "./ids";
import type { BacktestJob } from "./ports";
import { PROCESSING } from "./wire";

export const sectionKey = (userId: string, backtestId: number, section: Section) =>
  `backtests/${userId}/${backtestId}/${section}.json`;

/** The runner's ports on D1 (row and headline figures), R2 (sections) and UserHub (events). */
export function workerBacktestPorts(deps: Pick<StrategyDeps, "db" | "bucket" | "now" | "events" | "market">) {
  const { db, bucket, now, events } = deps;
  const where = (job: BacktestJob) => and(eq(backtests.id, job.backtestId), eq(backtests.userId, job.userId));
  // A run that ended (completed, failed, or marked interrupted by a request) is never written again, so a
  // runner that outlived its heartbeat cannot bring it back (issue 11).
  const live = (job: BacktestJob) =>
    and(where(job), notInArray(backtests.processing, [PROCESSING.COMPLETED, PROCESSING.ERROR]));
  const publish = (
    job: BacktestJob,
    processing: number,
    progress?: number,
    message?: string,
    etaSeconds?: number,
  ) =>
    events.publish(job.userId, {
      type: "strategy-backtest-processing",
      strId: idText(job.strategyId),
      btId: idText(job.backtestId),
      processing,
      ...(progress === undefined ? {} : { progress }),
      ...(message === undefined ? {} : { message }),
      ...(etaSeconds === undefined ? {} : { etaSeconds }),
    });

  const ports: BacktestWorkPorts = {
    spec: (job) => specAt(db, job.userId, job.strategyId, job.specVersion),
    async candles(symbol, period, fromMs, toMs) {
      const answer = await deps.market.store.candles(symbol, period, fromMs, toMs);
      return { bars: answer.bars, demo: answer.demo };
    },
    serverM1: (symbol, zone, fromMs, toMs) => deps.market.store.serverM1(symbol, zone, fromMs, toMs),
    crossRates: (pair, fromMs, toMs) => importedCrossRates(deps.market.store, pair, fromMs, toMs),
    ticks: storedTickPorts(new R2BlobStore(bucket)),
    async putSection(job, section, json) {
      await bucket.put(sectionKey(job.userId, job.backtestId, section), json, {
        httpMetadata: { contentType: "application/json" },
      });
    },
    async step(job, processing, progress, etaSeconds) {
      const result = await db
        .update(backtests)
        .set({ processing, progress, updatedAt: now() })
        .where(live(job))
        .run();
      if (result.meta.changes === 0) return false;
      await publish(job, processing, progress, undefined, etaSeconds);
      return true;
    },
    async complete(job, n, notes) {
      const result = await db
        .update(backtests)
        .set({
          processing: PROCESSING.COMPLETED,
          progress: 100,
          notes: JSON.stringify(notes),
          totalNetProfit: n.totalNetProfit,
          averageProfitTrade: n.averageProfitTrade,
          averageLossTrade: n.averageLossTrade,
          balanceDrawdownMaxPercent: n.balanceDrawdownMaxPercent,
          profitFactor: n.profitFactor,
          sharpeRatio: n.sharpeRatio,
          totalTrades: n.totalTrades,
          updatedAt: now(),
        })
        .where(live(job))
        .run();
      if (result.meta.changes > 0) await publish(job, PROCESSING.COMPLETED, 100);
    },
    async fail(job, reason) {
      const result = await db
        .update(backtests)
        .set({ processing: PROCESSING.ERROR, errorMessage: reason, updatedAt: now() })
        .where(live(job))
        .run();
      if (result.meta.changes > 0) await publish(job, PROCESSING.ERROR, undefined, reason);
    },
  };
  return ports;
}
