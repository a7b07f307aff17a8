import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { createDb } from "../db/client";
import type { Env } from "../env";
import { runnerMarketData } from "../services/market-data";
import { workerBacktestPorts } from "../services/strategies/backtest-ports";
import { storedInputsSchema } from "../services/strategies/backtest-request";
import {
  type BacktestWorkPorts,
  failBacktest,
  finishBacktest,
  INTERRUPTED,
  monthsLoaded,
  type PreparedBacktest,
  prepareBacktest,
  progressOf,
  stepBacktest,
  workDone,
} from "../services/strategies/backtest-work";
import { hubEvents } from "../services/strategies/events";
import type { BacktestJob } from "../services/strategies/ports";
import { nextSliceBars, SLICE_FIRST_BARS } from "../services/strategies/slice-budget";
import { pauseIfDue, yieldNow } from "../services/yield-pacer";

const jobSchema = z.object({
  backtestId: z.number().int(),
  strategyId: z.number().int(),
  userId: z.string(),
  specVersion: z.number().int(),
  inputs: storedInputsSchema,
});
/** `begun`: an instance took the job up. A begun job without a live run in this instance lost its worker. */
const storedSchema = z.object({ job: jobSchema, startedAt: z.number(), begun: z.boolean() });
type Stored = z.infer<typeof storedSchema>;
const KEY = "job";

/**
 * A slice: a month of M1 loaded and aggregated (the first pass of a run that models ticks), or as many bars
 * driven as fit in a few milliseconds (slice-budget.ts: the count adapts to the measured pace, from a bar of
 * open prices to a bar of every tick). The runner yields to the event loop after every slice, so a page or
 * another user's run waits at most one slice behind a backtest (issue 11). An alarm drives slices for up to
 * ALARM_MS, writing the heartbeat and progress (with the time left) every PROGRESS_MS, then sets the next
 * alarm: no invocation nears the CPU limit (wrangler.toml [limits]), and the per-write costs (a D1 write,
 * an event) are paid a few times a second, not per slice.
 */
const ALARM_MS = 2_000;
/** Progress events at least every half second on long runs (issue 16). */
const PROGRESS_MS = 400;
/** While data loads (one invocation, many R2 reads), the heartbeat is kept by a timer. */
const HEARTBEAT_MS = 2_000;

/** The run this instance is driving; its engine state lives only here, in memory. */
interface Active {
  readonly backtestId: number;
  prepared: PreparedBacktest | null;
  /** When the slices began, for the estimate of the time left. */
  drivingSince: number;
  /** Bars of the next slice (slice-budget.ts), kept across alarms. */
  sliceBars: number;
}

/** Seconds left at the pace so far; undefined until a little of the work is done (no wild first guess). */
function etaSeconds(done: number, elapsedMs: number): number | undefined {
  if (done < 0.02 || done >= 1) return undefined;
  return Math.max(0, Math.round((elapsedMs * (1 - done)) / done / 1000));
}

/**
 * One per strategy (DESIGN D6): runs that strategy's backtests one at a time, in slices (issue 11). start()
 * stores the job and sets an alarm; the first alarm prepares the run (spec, data, engine), and every later
 * alarm drives slices of a few milliseconds each, writes the heartbeat and progress (ports.step) and sets the
 * next alarm at once, so the isolate serves other requests between slices. The engine state is kept in this instance
 * only: an alarm that finds a begun job but no live run (the instance died) fails it as interrupted, and
 * never runs it again. A request that sees a run whose heartbeat stopped marks it interrupted too
 * (backtests.ts), so the user can delete or rerun it at once.
 */
export class BacktestRunner extends DurableObject<Env> {
  private active: Active | null = null;

  private ports(): BacktestWorkPorts {
    return workerBacktestPorts({
      db: createDb(this.env.DB),
      bucket: this.env.BUCKET,
      now: () => Date.now(),
      events: hubEvents(this.env.USER_HUB),
      market: runnerMarketData(this.env.BUCKET),
    });
  }

  private async stored(): Promise<Stored | null> {
    const parsed = storedSchema.safeParse(await this.ctx.storage.get(KEY));
    return parsed.success ? parsed.data : null;
  }

  /**
   * RPC: take a job and start it. Called only after the request wrote the run's row, which it can do only
   * when no run of the strategy is processing (or the one that was had lost its heartbeat): whatever this
   * instance still holds is over, so it is dropped and its row failed if it was still open.
   */
  async start(input: BacktestJob): Promise<boolean> {
    const job = jobSchema.parse(input);
    const current = await this.stored();
    this.active = null;
    if (current && current.job.backtestId !== job.backtestId)
      await this.ports().fail(current.job, INTERRUPTED);
    const next: Stored = { job, startedAt: Date.now(), begun: false };
    await this.ctx.storage.put(KEY, next);
    await this.ctx.storage.setAlarm(Date.now());
    return true;
  }

  override async alarm(): Promise<void> {
    const current = await this.stored();
    if (!current) return;
    const { job } = current;
    const ports = this.ports();
    const active = this.active;
    if (!active || active.backtestId !== job.backtestId) {
      if (current.begun) {
        // Begun by an instance that is gone, with its engine state: interrupted, never re-run silently.
        await ports.fail(job, INTERRUPTED);
        this.active = null;
        await this.ctx.storage.delete(KEY);
        return;
      }
      await this.begin(current, ports);
      return;
    }
    const prepared = active.prepared;
    if (!prepared) return; // still preparing; that invocation sets the next alarm
    const started = Date.now();
    let reported = started;
    let done = false;
    try {
      while (!done) {
        const sliceStart = Date.now();
        const loadedBefore = monthsLoaded(prepared);
        done = await stepBacktest(prepared, ports, active.sliceBars);
        if (this.active !== active) return; // cancelled or replaced meanwhile
        if (done) break;
        // A step that loaded a month (generated in pieces, with yields) says nothing of the pace of bars.
        const loadedMonth = monthsLoaded(prepared) !== loadedBefore;
        if (!loadedMonth) active.sliceBars = nextSliceBars(active.sliceBars, Date.now() - sliceStart);
        // Waiting requests run here: after every slice of bars (sized to that budget), and after a month's load
        // only once the isolate has been held a slice's time since the load's last yield (yield-pacer.ts).
        await (loadedMonth ? pauseIfDue() : yieldNow());
        if (this.active !== active) return;
        const now = Date.now();
        if (now - reported >= PROGRESS_MS) {
          reported = now;
          const eta = etaSeconds(workDone(prepared), now - active.drivingSince);
          // False: the run is no longer processing (cancelled, deleted or marked interrupted).
          if (!(await ports.step(job, 1, progressOf(prepared), eta))) {
            await this.end(active);
            return;
          }
          if (this.active !== active) return;
        }
        if (now - started >= ALARM_MS) {
          await this.ctx.storage.setAlarm(Date.now());
          return;
        }
      }
    } catch (e) {
      await failBacktest(job, ports, e);
      await this.end(active);
      return;
    }
    await finishBacktest(job, prepared, ports, pauseIfDue);
    await this.end(active);
  }

  /**
   * RPC (issue 16): the user cancelled `backtestId`, whose row the request already marked. The run this
   * instance drives stops at its next slice (tens of milliseconds) and is forgotten; another job is left alone.
   */
  async cancel(backtestId: number): Promise<void> {
    const current = await this.stored();
    if (this.active?.backtestId === backtestId) this.active = null;
    if (current?.job.backtestId === backtestId) await this.ctx.storage.delete(KEY);
  }

  private async begin(current: Stored, ports: BacktestWorkPorts): Promise<void> {
    const { job } = current;
    const active: Active = {
      backtestId: job.backtestId,
      prepared: null,
      drivingSince: Date.now(),
      sliceBars: SLICE_FIRST_BARS,
    };
    this.active = active;
    await this.ctx.storage.put(KEY, { ...current, begun: true });
    const timer = setInterval(() => {
      ports.step(job, 1, 0).catch(() => {});
    }, HEARTBEAT_MS);
    let prepared: PreparedBacktest | null;
    try {
      prepared = await prepareBacktest(job, ports, () => Date.now());
    } finally {
      clearInterval(timer);
    }
    if (this.active !== active) return; // replaced by a newer job meanwhile
    if (!prepared) {
      await this.end(active);
      return;
    }
    active.prepared = prepared;
    active.drivingSince = Date.now();
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** Forgets the run (stored job and instance state) unless a newer job replaced it meanwhile. */
  private async end(active: Active): Promise<void> {
    if (this.active !== active) return;
    this.active = null;
    await this.ctx.storage.delete(KEY);
  }

  override async fetch(): Promise<Response> {
    return new Response("BacktestRunner is reached through RPC", { status: 404 });
  }
}
