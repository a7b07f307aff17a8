import type { BacktestRunner } from "../../hubs/backtest-runner";
import type { OptimiseCoordinator } from "../../hubs/optimise-coordinator";
import type { OptimiserPort, RunnerPort } from "./ports";

/** The strategy's BacktestRunner Durable Object: one per strategy (DESIGN D6). */
export function durableRunner(ns: DurableObjectNamespace<BacktestRunner>): RunnerPort {
  return {
    start: (job) => ns.get(ns.idFromName(`strategy:${job.strategyId}`)).start(job),
    cancel: (strategyId, backtestId) => ns.get(ns.idFromName(`strategy:${strategyId}`)).cancel(backtestId),
  };
}

/** An optimisation's coordinator Durable Object: one per optimisation (issue 17). */
export function durableOptimiser(ns: DurableObjectNamespace<OptimiseCoordinator>): OptimiserPort {
  const stub = (optId: number) => ns.get(ns.idFromName(`optimisation:${optId}`));
  return {
    start: (job) => stub(job.optId).start(job),
    cancel: (optId) => stub(optId).cancel(optId),
  };
}
