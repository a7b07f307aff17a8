/**
 * The engine's view of a streaming drawdown tracker: the report library's DrawdownTracker implements it
 * (MT5 definitions there). Kept as an interface so the broker does not depend on the report's internals.
 */
import type { Drawdown } from "./report/types";

export interface DrawdownLike {
  /** The running peak, the lowest value and a drawdown known to change nothing (see DrawdownTracker). */
  readonly peak: number;
  readonly lowest: number;
  readonly settled: number;
  update(value: number): void;
  /** True when update(v) would change nothing for any v in [min, max]. */
  unchangedWithin(min: number, max: number): boolean;
  result(): Drawdown;
}

export { DrawdownTracker } from "./report/drawdown";
