/**
 * Bench of the strategy pipeline (issue 6). One line per figure.
 *   - strategy/backtest/new to the completed event for one year of EURUSD H1 demo data at every tick:
 *     measured IN PROCESS in Node on the BacktestRunner's work function (runBacktestWork) with in-memory
 *     ports (a CandleStore over a MemoryBlobStore, sections kept in a Map), from the first step event to
 *     the completed one. "cold" generates the demo months on first read, as the worker does; "warm" reads
 *     them from the store's cache. Durable Object, D1 and R2 round trips are not included.
 *   - the assistant's time per turn through the service's provider (interpreter + outline), and the LLM
 *     path's own cost (schema validation, prompt) against an instant fake endpoint.
 * Run alone: `npx tsx scripts/bench/pipeline.ts`.
 */
import { pathToFileURL } from "node:url";
import { CandleStore, MemoryBlobStore } from "../../worker/market/store";
import { createInterpreterAssistant } from "../../worker/services/assistant/interpreter";
import { createLlmAssistant } from "../../worker/services/assistant/llm";
import { type BacktestWorkPorts, runBacktestWork } from "../../worker/services/strategies/backtest-work";
import type { BacktestJob } from "../../worker/services/strategies/ports";
import { interpret } from "../../worker/strategy/interpreter";
import { renderOutline } from "../../worker/strategy/outline";
import type { StrategySpec } from "../../worker/strategy/spec";

const STRATEGY =
  "Trade EURUSD on H1. Buy when the 10 SMA crosses above the 30 SMA, sell when it crosses below. Stop loss 30 pips, take profit 60 pips, 0.1 lots.";

function line(name: string, value: string, goal: string, ok: boolean): void {
  console.log(`${name.padEnd(58)} ${value.padStart(12)}   goal ${goal.padEnd(10)} ${ok ? "ok" : "MISSED"}`);
}

function memoryPorts(spec: StrategySpec, store: CandleStore, marks: Map<string, number>): BacktestWorkPorts {
  const sections = new Map<string, string>();
  return {
    spec: async () => spec,
    async candles(symbol, period, from, to) {
      const a = await store.candles(symbol, period, from, to);
      return { bars: a.bars, demo: a.demo };
    },
    async putSection(_job, section, json) {
      sections.set(section, json);
    },
    async step(_job, processing) {
      if (!marks.has(`step${processing}`)) marks.set(`step${processing}`, performance.now());
      return true;
    },
    async complete() {
      marks.set("completed", performance.now());
    },
    async fail(_job, reason) {
      throw new Error(`backtest failed: ${reason}`);
    },
  };
}

async function backtestYear(store: CandleStore, spec: StrategySpec): Promise<number> {
  const marks = new Map<string, number>();
  const job: BacktestJob = {
    backtestId: 1,
    strategyId: 1,
    userId: "bench",
    specVersion: 2,
    inputs: {
      symbol: "EURUSD",
      period: "H1",
      dateStart: "2024-01-01",
      dateEnd: "2024-12-31",
      executionMode: 0,
      model: 0,
      depositAmount: 10_000,
      depositCurrency: "USD",
      account: "hedging",
      timeZone: "GMT+2/+3",
      commission: 3.5,
      swapLong: -6.3,
      swapShort: 1.2,
      tripleSwapDay: 3,
      slippage: 0,
      stopsLevel: 0,
    },
  };
  const t0 = performance.now();
  await runBacktestWork(job, memoryPorts(spec, store, marks), () => Date.UTC(2025, 5, 1));
  const done = marks.get("completed");
  if (done === undefined) throw new Error("no completed mark");
  return done - t0;
}

async function perTurn(turn: () => Promise<unknown>, n: number): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 20; i++) await turn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await turn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)], p95: times[Math.floor(0.95 * (n - 1))] };
}

export async function bench(): Promise<void> {
  const spec = interpret(STRATEGY, null).spec;
  if (!spec) throw new Error("the bench strategy does not interpret");
  const store = new CandleStore({ blobs: new MemoryBlobStore(), now: () => Date.UTC(2025, 5, 1) });
  const cold = await backtestYear(store, spec);
  line(
    "backtest/new -> completed, 1y EURUSD H1 every tick (cold)",
    `${cold.toFixed(0)} ms`,
    "< 8 s",
    cold < 8_000,
  );
  let warm = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) warm = Math.min(warm, await backtestYear(store, spec));
  line(
    "backtest/new -> completed, 1y EURUSD H1 every tick (warm)",
    `${warm.toFixed(0)} ms`,
    "< 3 s",
    warm < 3_000,
  );

  const interpreter = createInterpreterAssistant();
  const t1 = await perTurn(async () => {
    const turn = await interpreter.turn("make the stop 40 pips and trade only London", spec);
    if (turn.spec) renderOutline(turn.spec);
  }, 500);
  line(
    "assistant turn, interpreter + outline (median)",
    `${t1.median.toFixed(3)} ms`,
    "< 5 ms",
    t1.median < 5,
  );
  line("assistant turn, interpreter + outline (p95)", `${t1.p95.toFixed(3)} ms`, "< 10 ms", t1.p95 < 10);
  const answer = JSON.stringify({ spec, reply: "Done.", followUpQuestion: null });
  const llm = createLlmAssistant("openai", async () => answer, interpreter);
  const t2 = await perTurn(() => llm.turn("make the stop 40 pips", spec), 300);
  line(
    "assistant turn, LLM path overhead (instant fake, median)",
    `${t2.median.toFixed(3)} ms`,
    "< 10 ms",
    t2.median < 10,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await bench();
