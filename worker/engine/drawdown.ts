/**
 * The engine's view of a streaming drawdown tracker: the report library's DrawdownTracker implements it
 * (MT5 definitions there). Kept as an interface so the broker does not depend on the report's internals.
 */
import type { Drawdown } from "./report/types";

export interface DrawdownLike {
  update(value: number): void;
  result(): Drawdown;
}

export { DrawdownTracker } from "./report/drawdown";
