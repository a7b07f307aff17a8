import type { BacktestRunner } from "../../hubs/backtest-runner";
import type { RunnerPort } from "./ports";

/** The strategy's BacktestRunner Durable Object: one per strategy (DESIGN D6). */
export function durableRunner(ns: DurableObjectNamespace<BacktestRunner>): RunnerPort {
  return {
    start: (job) => ns.get(ns.idFromName(`strategy:${job.strategyId}`)).start(job),
    cancel: (strategyId, backtestId) => ns.get(ns.idFromName(`strategy:${strategyId}`)).cancel(backtestId),
  };
}
