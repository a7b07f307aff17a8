/**
 * Test-only: runEngine over hand-made M1 bars from Monday 00:00, the whole of them tested, the way the
 * form's defaults ask (every tick, no delay, a deposit of 10,000).
 */
import { barsOf, MINUTE, MONDAY, type Ohlc } from "../../engine/scenario.fixture";
import type { StrategySpec } from "../../strategy/spec";
import type { CrossRateBars } from "./cross-rates";
import { type EngineInputs, runEngine } from "./engine-adapter";

export function runOnM1(
  spec: StrategySpec,
  rows: readonly Ohlc[],
  symbol = "EURUSD",
  currency = "USD",
  crossRates: ReadonlyMap<string, CrossRateBars> = new Map(),
) {
  const inputs: EngineInputs = {
    symbol,
    period: "M1",
    from: MONDAY,
    to: MONDAY + rows.length * MINUTE,
    model: 2,
    delayMs: 0,
    deposit: 10_000,
    currency,
  };
  return runEngine(spec, barsOf(rows, MONDAY, MINUTE), "M1", inputs, crossRates);
}
