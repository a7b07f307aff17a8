/**
 * A netting account (MT5's ACCOUNT_MARGIN_MODE_RETAIL_NETTING): one position per symbol, and every fill
 * changes it (MetaTrader 5 Help, "Trading Operations", position accounting; the generated EA and the
 * MQL5 test runtime, tests/mql5-runtime/broker.hpp, follow the same rules):
 *   - a fill in the position's direction adds its volume (deal entry "in"): the open price becomes the
 *     volume-weighted average of the fills (not rounded to the price grid, as MT5 shows it), the volume and
 *     the margin the sums; the position keeps its ticket and open time (its first fill) and counts one
 *     entry more (maxOpenPositions counts entries, spec SEMANTICS);
 *   - an opposite fill of smaller volume closes that much of it ("out"; stop and target stay), of equal
 *     volume closes it ("out"), of larger volume reverses it ("inout": the position closes and the rest
 *     opens the other way at the fill price, as one deal of the order's volume);
 *   - a fill that adds to or reverses the position sets its stop loss and take profit to the order's own;
 *     an order without them clears them (MT5's rule for netting). A break-even done before an add may
 *     fire again, measured from the new average price (the add replaced the stop it had moved).
 * Each closed (part of a) position is one trade: the average open price, the closed volume.
 * The strategies' rules (spec SEMANTICS) send only same-direction fills and closes on a netting account;
 * opposite fills are here for the broker's completeness (netting.test.ts).
 */
import { type Broker, type Fill, openedPosition, type Position, toCents } from "./broker";

/** Volumes are kept to 1e-8 lot, as MT5 stores them, so 0.1 + 0.2 is 0.3. */
const lotsOf = (x: number): number => Math.round(x * 1e8) / 1e8;

/**
 * A fill of `fill.lots` in `dir` at `fill.price` (on the grid; sl/tp on the grid or NaN) against the account's
 * position. Returns the position held after it, or null when the order was refused for margin or the
 * fill closed the position.
 */
export function netDeal(
  b: Broker,
  dir: 1 | -1,
  fill: Fill,
  sl: number,
  tp: number,
  bid: number,
): Position | null {
  const pos = b.positions[0];
  const { lots, price, time } = fill;

  if (pos.dir === dir) {
    const margin = b.marginOf(lots, time, bid);
    if (margin > b.equity - b.usedMargin) {
      b.recordOrder(fill, "rejected", sl, tp, "no money");
      return null;
    }
    b.recordOrder(fill, "filled", sl, tp, "");
    // Commission per lot per side on the added volume (costs.ts), part of the position's entry cost.
    const commission = b.commissionOf(lots);
    b.balance = toCents(b.balance + commission);
    pos.commission += commission;
    b.recordDeal(fill, "in", { profit: 0, commission, swap: 0 }, "");
    const total = lotsOf(pos.lots + lots);
    pos.openPrice = (pos.openPrice * pos.lots + price * lots) / total;
    pos.lots = total;
    pos.margin += margin;
    b.usedMargin += margin;
    pos.sl = sl;
    pos.tp = tp;
    pos.breakEvenDone = false;
    pos.entries++;
    return pos;
  }

  // Opposite: the closed volume's profit at the fill price, in cents as every booked deal.
  const closing = Math.min(lots, pos.lots);
  const rest = lotsOf(lots - closing);
  const remainMargin = rest > 0 ? b.marginOf(rest, time, bid) : 0;
  if (remainMargin > b.equity - b.usedMargin + pos.margin) {
    b.recordOrder(fill, "rejected", sl, tp, "no money");
    return null;
  }
  b.recordOrder(fill, "filled", sl, tp, "");
  const closed = b.realize(pos, closing, price, time, bid, "signal");
  // A reversal's deal is charged for its whole volume: the closed part in realize, the opened rest here.
  const restCommission = rest > 0 ? b.commissionOf(rest) : 0;
  b.balance = toCents(b.balance + restCommission);
  const commission = toCents(closed.commission + restCommission);
  b.recordDeal(fill, rest > 0 ? "inout" : "out", { ...closed, commission }, "");
  if (closing < pos.lots) {
    const share = pos.margin * (closing / pos.lots);
    pos.lots = lotsOf(pos.lots - closing);
    pos.margin -= share;
    b.usedMargin -= share;
    return pos;
  }
  b.usedMargin -= pos.margin;
  b.positions.length = 0;
  if (rest === 0) {
    b.usedMargin = 0;
    return null;
  }
  const turned = openedPosition(
    { ticket: pos.ticket, dir, lots: rest, openPrice: price, openTime: time, margin: remainMargin, sl, tp },
    restCommission,
  );
  b.positions.push(turned);
  b.usedMargin = remainMargin;
  return turned;
}
