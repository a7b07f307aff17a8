/**
 * The optimisation fan-out (issue 17, docs/optimisation.md) end to end: the built worker under `wrangler dev`
 * with OPTIMISE_WORKERS = 1, 2 and 4, a Quant user, and a 400-run grid (SMA fast x slow) over ten years of demo
 * EURUSD H1 at open prices, timed from `strategy/optimise/new` to the completed progress event. The data is
 * generated first by a backtest over the same range, so only the optimisation is timed.
 *
 * Locally every Durable Object runs in the one workerd process wrangler starts, on this machine's cores, so
 * more workers cannot add much speed here; in production each OptimiseWorker is an instance of its own.
 * Run alone: `npm run bench -- optimise-fanout` or `npx tsx scripts/bench/optimise-fanout.ts`.
 */
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { startServer } from "../../tests/browser/server";
import { benchUser, ensureBuilt } from "../bench-live";

const RANGE = { symbol: "EURUSD", period: "H1", dateStart: "2015-01-01", dateEnd: "2024-12-31" };
const progress = z.object({
  type: z.literal("strategy-optimisation-progress"),
  optId: z.coerce.string(),
  status: z.string(),
  runsDone: z.number(),
});
const inputsAnswer = z.object({ inputs: z.array(z.object({ name: z.string(), value: z.unknown() })) });

async function timeWith(workers: number): Promise<{ ms: number; runs: number }> {
  const server = await startServer({ vars: { OPTIMISE_WORKERS: String(workers) } });
  try {
    const user = await benchUser(server.url, "quant");
    await user.backtest({ ...RANGE, model: 3 });
    const { inputs } = inputsAnswer.parse(
      await user.post("/ai/strategy/optimise/inputs", { strId: user.strId }),
    );
    // The strategy's two moving-average periods, whatever the generator named them.
    const periods = inputs.filter((i) => /period/i.test(i.name)).map((i) => i.name);
    if (periods.length < 2) throw new Error(`expected two period inputs, got ${inputs.map((i) => i.name)}`);
    const [fast, slow] = periods;
    let optId = "";
    let runs = 0;
    let status = "";
    const t0 = performance.now();
    const done = user.until((e) => {
      const p = progress.safeParse(e);
      if (!p.success || p.data.optId !== optId) return false;
      runs = p.data.runsDone;
      status = p.data.status;
      return status === "completed" || status === "error" || status === "cancelled";
    });
    const started = z.object({ optId: z.coerce.string() }).parse(
      await user.post("/ai/strategy/optimise/new", {
        strId: user.strId,
        settings: { ...RANGE, depositAmount: 10_000, depositCurrency: "USD", executionMode: 0 },
        ranges: [
          { name: fast, start: 5, step: 1, stop: 24 },
          { name: slow, start: 30, step: 10, stop: 220 },
        ],
        search: "grid",
        criterion: "balance",
      }),
    );
    optId = started.optId;
    await done;
    if (status !== "completed") throw new Error(`the optimisation ended ${status}`);
    const ms = performance.now() - t0;
    user.close();
    return { ms, runs };
  } finally {
    await server.stop();
  }
}

export async function bench(): Promise<void> {
  ensureBuilt();
  let one = 0;
  for (const workers of [1, 2, 4]) {
    const { ms, runs } = await timeWith(workers);
    if (workers === 1) one = ms;
    const speedup = one > 0 ? ` (${(one / ms).toFixed(2)}x of 1 worker)` : "";
    console.log(
      `wrangler dev: ${runs}-run grid, 10y EURUSD H1 open prices, OPTIMISE_WORKERS=${workers}`.padEnd(76) +
        ` ${(ms / 1000).toFixed(2)} s, ${((runs * 1000) / ms).toFixed(0)} runs/s${speedup}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await bench();
