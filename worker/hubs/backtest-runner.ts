import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { createDb } from "../db/client";
import type { Env } from "../env";
import { createMarketData } from "../services/market-data";
import { workerBacktestPorts } from "../services/strategies/backtest-ports";
import { runBacktestWork } from "../services/strategies/backtest-work";
import { hubEvents } from "../services/strategies/events";
import type { BacktestJob } from "../services/strategies/ports";

const jobSchema = z.object({
  backtestId: z.number().int(),
  strategyId: z.number().int(),
  userId: z.string(),
  specVersion: z.number().int(),
  inputs: z.object({
    symbol: z.string(),
    period: z.string(),
    dateStart: z.string(),
    dateEnd: z.string(),
    executionMode: z.number(),
    model: z.number(),
    depositAmount: z.number(),
    depositCurrency: z.string(),
  }),
});
const storedSchema = z.object({ job: jobSchema, startedAt: z.number(), attempts: z.number().int() });
type Stored = z.infer<typeof storedSchema>;

/** A run not finished after this long is considered lost (the isolate died): resumed once, then failed. */
const WATCHDOG_MS = 10 * 60_000;
const MAX_ATTEMPTS = 2;
const KEY = "job";

/**
 * One per strategy (DESIGN D6): runs that strategy's backtests one at a time. The job is kept in DO storage
 * and run from an alarm, and a watchdog alarm stays set while it runs, so a runner that restarts mid-run
 * resumes it (once) or fails it with a reason: nothing is left processing forever.
 */
export class BacktestRunner extends DurableObject<Env> {
  private ports() {
    return workerBacktestPorts({
      db: createDb(this.env.DB),
      bucket: this.env.BUCKET,
      now: () => Date.now(),
      events: hubEvents(this.env.USER_HUB),
      market: createMarketData(this.env.BUCKET),
    });
  }

  private async stored(): Promise<Stored | null> {
    const parsed = storedSchema.safeParse(await this.ctx.storage.get(KEY));
    return parsed.success ? parsed.data : null;
  }

  /** RPC: queue a job; false when a run of this strategy is still going. */
  async start(input: BacktestJob): Promise<boolean> {
    const job = jobSchema.parse(input);
    const current = await this.stored();
    if (current) {
      if (Date.now() - current.startedAt < WATCHDOG_MS * MAX_ATTEMPTS) return false;
      await this.ports().fail(current.job, "The backtest was interrupted. Please run it again.");
    }
    const next: Stored = { job, startedAt: Date.now(), attempts: 0 };
    await this.ctx.storage.put(KEY, next);
    await this.ctx.storage.setAlarm(Date.now());
    return true;
  }

  override async alarm(): Promise<void> {
    const current = await this.stored();
    if (!current) return;
    const ports = this.ports();
    if (current.attempts >= MAX_ATTEMPTS) {
      await ports.fail(
        current.job,
        "The backtest was interrupted twice and was stopped. Please run it again.",
      );
      await this.ctx.storage.delete(KEY);
      return;
    }
    await this.ctx.storage.put(KEY, { ...current, attempts: current.attempts + 1 });
    await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
    await runBacktestWork(current.job, ports, () => Date.now());
    await this.ctx.storage.delete(KEY);
    await this.ctx.storage.deleteAlarm();
  }

  override async fetch(): Promise<Response> {
    return new Response("BacktestRunner is reached through RPC", { status: 404 });
  }
}
