/**
 * The broker's stops level (SYMBOL_TRADE_STOPS_LEVEL; MQL5 reference, "Requirements and Limitations in
 * Making Trades") for a position's stop loss and take profit: a buy's are measured from the bid, a sell's
 * from the ask, and each must lie on its own side of that price at least `level` whole points away, or the
 * broker refuses the request (retcode 10016, invalid stops). The generated EA (worker/mql5/generate/
 * trading.ts, exits.ts) works with it the way the engine does here:
 *   - a new position's stop or target closer than the level is moved out to it (placeOutside);
 *   - a stop move (trailing, break-even, staircase, trailing by a price) to a level inside it is not made,
 *     and neither is any move while the target is inside it, since the broker checks the pair and refuses
 *     the whole modification (stopsAccepted). The stop waits for room and is tried again on the next tick.
 * Pending orders are checked when placed (pending-orders.ts). Level 0: no limit (the engine then keeps
 * its former behaviour, the side check included).
 */

/** Whole points from `b` up to `a`, as the broker and the EA count their levels. */
const pointsFrom = (a: number, b: number, point: number): number => Math.round((a - b) / point);

/**
 * Would the broker accept stop `sl` and target `tp` (NaN: none) on a position of direction `dir` at this
 * quote? `level` in points (0: always), `point` the symbol's point. The MQL5 test runtime's broker
 * (tests/mql5-runtime/broker.hpp stopsValid) applies the same rule.
 */
export function stopsAccepted(
  dir: 1 | -1,
  sl: number,
  tp: number,
  bid: number,
  ask: number,
  level: number,
  point: number,
): boolean {
  if (level <= 0) return true;
  if (dir === 1) {
    if (!Number.isNaN(sl) && !(sl < bid && pointsFrom(bid, sl, point) >= level)) return false;
    return Number.isNaN(tp) || (tp > bid && pointsFrom(tp, bid, point) >= level);
  }
  if (!Number.isNaN(sl) && !(sl > ask && pointsFrom(sl, ask, point) >= level)) return false;
  return Number.isNaN(tp) || (tp < ask && pointsFrom(ask, tp, point) >= level);
}

/**
 * A new position's stop and target (NaN: none) moved out to the stops level where they lie closer to the
 * quote than it, as the EA's OpenPosition does before it sends the order (a stop within the level: at
 * bid - level for a buy, ask + level for a sell; a target at bid + level / ask - level). `round` puts the
 * moved price on the symbol's grid.
 */
export function placeOutside(
  dir: 1 | -1,
  sl: number,
  tp: number,
  bid: number,
  ask: number,
  level: number,
  point: number,
  round: (price: number) => number,
): { sl: number; tp: number } {
  if (level <= 0) return { sl, tp };
  const away = level * point;
  if (dir === 1) {
    return {
      sl: pointsFrom(bid, sl, point) < level ? round(bid - away) : sl,
      tp: pointsFrom(tp, bid, point) < level ? round(bid + away) : tp,
    };
  }
  return {
    sl: pointsFrom(sl, ask, point) < level ? round(ask + away) : sl,
    tp: pointsFrom(ask, tp, point) < level ? round(ask - away) : tp,
  };
}
