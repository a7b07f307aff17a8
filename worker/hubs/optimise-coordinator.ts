import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { createDb } from "../db/client";
import type { Env } from "../env";
import { log } from "../log";
import { FIGURE_NAMES } from "../optimise/figures";
import { runnerMarketData } from "../services/market-data";
import { hubEvents } from "../services/strategies/events";
import { OPT_INTERRUPTED } from "../services/strategies/optimisations";
import { type Plan, planOf } from "../services/strategies/optimise-plan";
import {
  type OptimiseRowPorts,
  optimisationJobSchema,
  optimiseDataPorts,
  optimiseRowPorts,
} from "../services/strategies/optimise-ports";
import {
  betterRow,
  type OptimisationJob,
  type PreparedOptimisation,
  prepareOptimisation,
  type ResultRow,
  reasonOf,
  runSlice,
  type SliceResult,
  type StoredResults,
  spaceOf,
} from "../services/strategies/optimise-work";
import type { OptimiseWorker } from "./optimise-worker";

const storedSchema = z.object({ job: optimisationJobSchema, begun: z.boolean() });
type Stored = z.infer<typeof storedSchema>;
const KEY = "job";

/** An alarm drives the optimisation for up to this long, then sets the next (no invocation nears the CPU limit). */
const ALARM_MS = 2_000;
/** Progress (the row's heartbeat and the live event) at most this often. */
const PROGRESS_MS = 400;
/** A slice's target duration: short enough that a cancel is honoured within a second. */
const SLICE_TARGET_MS = 250;
const SLICE_MAX = 512;
const HEARTBEAT_MS = 2_000;

const yieldNow = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The optimisation this instance drives; its state lives only here, in memory. */
interface Active {
  readonly job: OptimisationJob;
  readonly plan: Plan;
  readonly names: string[];
  /** The coordinator's own prepared runs, when it runs the slices itself (OPTIMISE_WORKERS = 1). */
  local: PreparedOptimisation | null;
  batch: number[];
  cursor: number;
  inflight: number;
  scores: Map<number, number | null>;
  /** Order in which each combination was asked for: the runs' pass numbers. */
  readonly order: Map<number, number>;
  asked: number;
  readonly rows: ResultRow[];
  readonly skipped: { combination: number; reason: string }[];
  best: ResultRow | null;
  sliceSize: number;
  readonly drivingSince: number;
  reported: number;
  stopped: boolean;
}

function etaSeconds(done: number, elapsedMs: number): number | undefined {
  if (done < 0.02 || done >= 1) return undefined;
  return Math.max(0, Math.round((elapsedMs * (1 - done)) / done / 1000));
}

/**
 * The coordinator of one optimisation (issue 17, DESIGN D8b), named by its id. start() stores the job and
 * sets an alarm; alarms take the plan's batches (a grid's chunks, a genetic search's generations), split
 * them into slices sized to about SLICE_TARGET_MS of runs, and fan them out to the job's N OptimiseWorker
 * instances (N = 1: the coordinator runs them itself), merging the rows, keeping the best, and writing
 * progress with the time left (the row's heartbeat and a live event) every PROGRESS_MS. A cancel (the row
 * marked by the request, and cancel() here) stops it at the next slice; the runs made so far are kept. As
 * with BacktestRunner, an instance that lost its memory fails its begun job as interrupted.
 */
export class OptimiseCoordinator extends DurableObject<Env> {
  private active: Active | null = null;

  private rowPorts(): OptimiseRowPorts {
    return optimiseRowPorts(createDb(this.env.DB), this.env.BUCKET, hubEvents(this.env.USER_HUB), () =>
      Date.now(),
    );
  }

  private dataPorts() {
    return optimiseDataPorts(createDb(this.env.DB), runnerMarketData(this.env.BUCKET).store);
  }

  private worker(job: OptimisationJob, k: number): DurableObjectStub<OptimiseWorker> {
    const ns = this.env.OPTIMISE_WORKER;
    return ns.get(ns.idFromName(`optimisation:${job.optId}:worker:${k}`));
  }

  private async stored(): Promise<Stored | null> {
    const parsed = storedSchema.safeParse(await this.ctx.storage.get(KEY));
    return parsed.success ? parsed.data : null;
  }

  /** RPC: take the job (its row is written and queued) and start it at once. */
  async start(input: OptimisationJob): Promise<boolean> {
    const job = optimisationJobSchema.parse(input);
    this.active = null;
    await this.ctx.storage.put(KEY, { job, begun: false } satisfies Stored);
    await this.ctx.storage.setAlarm(Date.now());
    return true;
  }

  /** RPC: the user cancelled (the row is marked): stop at the next slice and keep the runs made so far. */
  async cancel(optId: number): Promise<void> {
    const a = this.active;
    if (a && a.job.optId === optId && !a.stopped) await this.stop(a, true);
    const current = await this.stored();
    if (current?.job.optId === optId) await this.ctx.storage.delete(KEY);
  }

  override async alarm(): Promise<void> {
    const current = await this.stored();
    if (!current) return;
    const a = this.active;
    if (!a || a.job.optId !== current.job.optId) {
      if (current.begun) {
        await this.rowPorts().fail(current.job, OPT_INTERRUPTED, { runsDone: 0, planned: 0, best: null });
        await this.ctx.storage.delete(KEY);
        return;
      }
      await this.begin(current);
      return;
    }
    try {
      await this.drive(a);
    } catch (e) {
      await this.failWith(a, e);
    }
  }

  private async begin(current: Stored): Promise<void> {
    const { job } = current;
    await this.ctx.storage.put(KEY, { ...current, begun: true } satisfies Stored);
    const rows = this.rowPorts();
    const heartbeat = { runsDone: 0, planned: 0, best: null };
    try {
      const spec = await this.dataPorts().spec(job);
      if (!spec) throw new Error("missing spec");
      const space = spaceOf(spec, job.request.ranges);
      const plan = planOf(spec, space, job.request);
      const a: Active = {
        job,
        plan,
        names: space.dimensions.map((d) => d.input.name),
        local: null,
        batch: [],
        cursor: 0,
        inflight: 0,
        scores: new Map(),
        order: new Map(),
        asked: 0,
        rows: [],
        skipped: [],
        best: null,
        sliceSize: 4,
        drivingSince: Date.now(),
        reported: 0,
        stopped: false,
      };
      this.active = a;
      if (!(await rows.progress(job, { runsDone: 0, planned: plan.planned, best: null }))) {
        await this.end(a);
        return;
      }
      if (job.workers === 1) {
        const timer = setInterval(() => {
          rows.progress(job, { runsDone: 0, planned: plan.planned, best: null }).catch(() => {});
        }, HEARTBEAT_MS);
        try {
          a.local = await prepareOptimisation(job, this.dataPorts(), () => Date.now());
        } finally {
          clearInterval(timer);
        }
      }
      if (this.active !== a) return;
      await this.ctx.storage.setAlarm(Date.now());
    } catch (e) {
      log.error("optimisation.failed", e, { optId: job.optId });
      await rows.fail(job, reasonOf(e), heartbeat);
      this.active = null;
      await this.ctx.storage.delete(KEY);
    }
  }

  /** Merges a slice's rows and refusals (scores kept for the genetic search's next generation). */
  private merge(a: Active, slice: readonly number[], r: SliceResult): void {
    for (const row of r.rows) {
      a.rows.push(row);
      a.scores.set(row.combination, row.score);
      if (!a.best || betterRow(row, a.best)) a.best = row;
    }
    for (const s of r.skipped) {
      a.skipped.push(s);
      a.scores.set(s.combination, null);
    }
    // A combination a worker did not answer (stopped mid-slice) has no score; the search is ending anyway.
    if (r.rows.length + r.skipped.length < slice.length && !a.stopped)
      throw new Error("a slice came back short");
  }

  private takeSlice(a: Active): number[] {
    const slice = a.batch.slice(a.cursor, a.cursor + a.sliceSize);
    a.cursor += slice.length;
    return slice;
  }

  /** Sizes the next slices from the pace of the last one (about SLICE_TARGET_MS of runs each). */
  private pace(a: Active, runs: number, ms: number): void {
    if (runs === 0) return;
    const perRun = Math.max(ms / runs, 0.05);
    a.sliceSize = Math.max(1, Math.min(SLICE_MAX, Math.round(SLICE_TARGET_MS / perRun)));
  }

  /** Progress when due; false when the row is no longer live (cancelled or interrupted). */
  private async report(a: Active, force = false): Promise<boolean> {
    const now = Date.now();
    if (!force && now - a.reported < PROGRESS_MS) return true;
    a.reported = now;
    const done = a.rows.length / Math.max(1, a.plan.planned);
    const live = await this.rowPorts().progress(a.job, {
      runsDone: a.rows.length,
      planned: a.plan.planned,
      etaSeconds: etaSeconds(done, now - a.drivingSince),
      best: a.best,
    });
    if (!live && !a.stopped) await this.stop(a, true);
    return live;
  }

  /** Runs slices until the plan is over, the optimisation is stopped, or ALARM_MS passed (next alarm). */
  private async drive(a: Active): Promise<void> {
    const until = Date.now() + ALARM_MS;
    while (!a.stopped && this.active === a) {
      if (a.cursor >= a.batch.length) {
        const batch = a.plan.next(a.scores);
        a.scores = new Map();
        if (!batch) {
          await this.complete(a);
          return;
        }
        for (const n of batch) if (!a.order.has(n)) a.order.set(n, a.asked++);
        a.batch = batch;
        a.cursor = 0;
      }
      if (a.local) {
        const local = a.local;
        const slice = this.takeSlice(a);
        const t0 = Date.now();
        this.merge(a, slice, runSlice(local, slice));
        this.pace(a, slice.length, Date.now() - t0);
        await yieldNow(); // a cancel or a page waits here at most one slice
      } else {
        // Every worker takes slices of the batch until it is handed out (or the alarm's time is up).
        const lane = async (k: number) => {
          const stub = this.worker(a.job, k);
          while (!a.stopped && this.active === a && a.cursor < a.batch.length && Date.now() < until) {
            const slice = this.takeSlice(a);
            const t0 = Date.now();
            const r = await stub.runSlice(a.job, slice);
            if (a.stopped || this.active !== a) return;
            this.merge(a, slice, r);
            this.pace(a, slice.length, (Date.now() - t0) / 1);
            if (!(await this.report(a))) return;
          }
        };
        await Promise.all(Array.from({ length: a.job.workers }, (_, k) => lane(k)));
      }
      if (a.stopped || this.active !== a) return;
      if (!(await this.report(a))) return;
      if (Date.now() >= until) {
        await this.ctx.storage.setAlarm(Date.now());
        return;
      }
    }
  }

  private results(a: Active): { results: StoredResults; best: ResultRow | null } {
    // Passes in the order the search asked for the runs (a grid: combination order), whatever the workers' pace.
    const rows = [...a.rows].sort(
      (x, y) => (a.order.get(x.combination) ?? 0) - (a.order.get(y.combination) ?? 0),
    );
    rows.forEach((r, i) => {
      r.pass = i + 1;
    });
    return {
      results: { inputs: a.names, figures: FIGURE_NAMES, runs: rows, skipped: a.skipped },
      best: a.best,
    };
  }

  private async complete(a: Active): Promise<void> {
    const { results, best } = this.results(a);
    const done = await this.rowPorts().complete(a.job, results, best);
    if (!done) await this.rowPorts().keepCancelled(a.job, results, best);
    await this.end(a, !done);
  }

  /** Stops the optimisation (cancelled) and keeps the runs made so far. */
  private async stop(a: Active, cancelled: boolean): Promise<void> {
    a.stopped = true;
    if (cancelled) {
      const { results, best } = this.results(a);
      await this.rowPorts().keepCancelled(a.job, results, best);
    }
    await this.end(a, cancelled);
  }

  private async failWith(a: Active, e: unknown): Promise<void> {
    log.error("optimisation.failed", e, { optId: a.job.optId });
    a.stopped = true;
    await this.rowPorts().fail(a.job, reasonOf(e), {
      runsDone: a.rows.length,
      planned: a.plan.planned,
      best: a.best,
    });
    await this.end(a, true);
  }

  /** Forgets the optimisation and lets its workers drop their data. */
  private async end(a: Active, cancelled = false): Promise<void> {
    if (this.active === a) this.active = null;
    a.stopped = true;
    await this.ctx.storage.delete(KEY);
    if (a.job.workers > 1)
      await Promise.all(
        Array.from({ length: a.job.workers }, (_, k) =>
          this.worker(a.job, k)
            .release(a.job.optId, cancelled)
            .catch(() => {}),
        ),
      );
  }

  override async fetch(): Promise<Response> {
    return new Response("OptimiseCoordinator is reached through RPC", { status: 404 });
  }
}
