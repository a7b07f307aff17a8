import { DurableObject } from "cloudflare:workers";
import { createDb } from "../db/client";
import type { Env } from "../env";
import { runnerMarketData } from "../services/market-data";
import {
  combinationsSchema,
  optimisationJobSchema,
  optimiseDataPorts,
} from "../services/strategies/optimise-ports";
import {
  type OptimisationJob,
  type PreparedOptimisation,
  prepareOptimisation,
  runSlice,
  type SliceResult,
} from "../services/strategies/optimise-work";

/**
 * A worker of an optimisation (issue 17, DESIGN D8b): one of OPTIMISE_WORKERS instances per optimisation,
 * named by the optimisation and its number. It prepares the optimisation once (spec, data, the Evaluator
 * with its shared indicator series) and runs the slices the coordinator hands it, answering their rows.
 * A slice is a fraction of a second of runs (the coordinator sizes them), so a cancel waits at most one.
 */
export class OptimiseWorker extends DurableObject<Env> {
  private prepared: { optId: number; ready: Promise<PreparedOptimisation> } | null = null;
  private cancelled = new Set<number>();

  /** RPC: runs `combinations` of the job; after a cancel, nothing. Throws the refusal of a job that cannot run. */
  async runSlice(input: OptimisationJob, combinations: number[]): Promise<SliceResult> {
    const job = optimisationJobSchema.parse(input);
    const list = combinationsSchema.parse(combinations);
    if (this.cancelled.has(job.optId)) return { rows: [], skipped: [] };
    if (this.prepared?.optId !== job.optId) {
      const ports = optimiseDataPorts(createDb(this.env.DB), runnerMarketData(this.env.BUCKET).store);
      this.prepared = { optId: job.optId, ready: prepareOptimisation(job, ports, () => Date.now()) };
    }
    const p = await this.prepared.ready;
    return runSlice(p, list, () => this.cancelled.has(job.optId));
  }

  /** RPC: the optimisation ended (completed or cancelled): its data are dropped and no slice runs again. */
  async release(optId: number, cancelled: boolean): Promise<void> {
    if (cancelled) this.cancelled.add(optId);
    if (this.prepared?.optId === optId) this.prepared = null;
  }

  override async fetch(): Promise<Response> {
    return new Response("OptimiseWorker is reached through RPC", { status: 404 });
  }
}
