import { and, eq } from "drizzle-orm";
import { backtests } from "../../db/schema";
import { specAt } from "./access";
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
  const publish = (job: BacktestJob, processing: number, progress?: number, message?: string) =>
    events.publish(job.userId, {
      type: "strategy-backtest-processing",
      strId: idText(job.strategyId),
      btId: idText(job.backtestId),
      processing,
      ...(progress === undefined ? {} : { progress }),
      ...(message === undefined ? {} : { message }),
    });

  const ports: BacktestWorkPorts = {
    spec: (job) => specAt(db, job.userId, job.strategyId, job.specVersion),
    async candles(symbol, period, fromMs, toMs) {
      const answer = await deps.market.store.candles(symbol, period, fromMs, toMs);
      return { bars: answer.bars, demo: answer.demo };
    },
    crossRates: (pair, fromMs, toMs) => importedCrossRates(deps.market.store, pair, fromMs, toMs),
    async putSection(job, section, json) {
      await bucket.put(sectionKey(job.userId, job.backtestId, section), json, {
        httpMetadata: { contentType: "application/json" },
      });
    },
    async step(job, processing, progress) {
      await db.update(backtests).set({ processing, progress, updatedAt: now() }).where(where(job));
      await publish(job, processing, progress);
    },
    async complete(job, n, notes) {
      await db
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
        .where(where(job));
      await publish(job, PROCESSING.COMPLETED, 100);
    },
    async fail(job, reason) {
      await db
        .update(backtests)
        .set({ processing: PROCESSING.ERROR, errorMessage: reason, updatedAt: now() })
        .where(where(job));
      await publish(job, PROCESSING.ERROR, undefined, reason);
    },
  };
  return ports;
}
