/**
 * The broker's freeze level (SYMBOL_TRADE_FREEZE_LEVEL; MQL5 reference, "Requirements and Limitations in
 * Making Trades"): while the exit price (bid for a long, ask for a short) is within the level of a
 * position's stop loss or take profit, in whole points, the broker refuses to modify the position or close
 * it by request. The generated EA does not send such a modification and its close is refused; the engine
 * leaves the stop and the position alone the same way (the MQL5 test runtime's broker refuses both).
 * Stops and targets themselves still trigger.
 */
import type { Position } from "./broker";

/** Is `p` frozen at this quote? `level` in points (0: never), `point` the symbol's point. */
export function frozen(p: Position, bid: number, ask: number, level: number, point: number): boolean {
  if (level <= 0) return false;
  const px = p.dir === 1 ? bid : ask;
  // NaN (no stop or target) is never within reach.
  return (
    Math.abs(Math.round((px - p.sl) / point)) <= level || Math.abs(Math.round((px - p.tp) / point)) <= level
  );
}
