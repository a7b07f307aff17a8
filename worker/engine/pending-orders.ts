/**
 * The strategy's pending orders (issue 14; semantics in worker/strategy/spec-orders.ts): buy/sell stop
 * and limit orders waiting at a price, their expiry, and one-cancels-other brackets. The simulation
 * places them on an entry signal; tick() runs on every modelled tick before the broker's stops and
 * targets: it deletes expired orders, then fills the triggered ones through the broker (MetaTrader 5's
 * tester: a stop or limit fills at its price, or at the tick's quote when the bar's first tick gapped
 * past it). Pure (DESIGN D9).
 */
import { bucketEnd, isFixed, periodMs } from "../market/periods";
import type { Period } from "../market/types";
import type { Expiry, PendingOrderType } from "../strategy/spec";
import type { Broker } from "./broker";
import { DAY_MS, msOfDay } from "./clock";
import type { EngineOrder, OrderState } from "./types";

export interface PendingOrder {
  /** +1 buy, -1 sell. */
  readonly dir: 1 | -1;
  readonly kind: PendingOrderType;
  /** On the price grid. */
  readonly price: number;
  /** Absolute stop loss and take profit (NaN: none), placed from `price`. */
  readonly sl: number;
  readonly tp: number;
  readonly lots: number;
  /** When it was placed (the order's setup time). */
  readonly setup: number;
  /** Deleted at the first tick at or after this time (+Infinity: never). */
  readonly expires: number;
  /** Orders of one bracket share a group (> 0) when oco; 0: alone. */
  readonly group: number;
}

/**
 * Why place() refused an order (MT5 retcodes 10015 invalid price, 10016 invalid stops). A refused order
 * is listed as rejected with this comment, as the margin check's "no money" is (broker.ts).
 */
export type PlaceResult = "placed" | "invalid price";

export class PendingBook {
  readonly orders: PendingOrder[] = [];
  /** Orders filled, expired and refused (for tests and notes). */
  filled = 0;
  expired = 0;
  refused = 0;
  private nextGroup = 1;

  /** The broker's stops level in points (0: none); set before the run. */
  stopsLevel = 0;

  constructor(
    private readonly broker: Broker,
    /** The symbol's point. */
    private readonly point: number,
  ) {}

  /** A new bracket id for orders placed together with oco. */
  group(): number {
    return this.nextGroup++;
  }

  /**
   * Places an order if its price is on the right side of the quote and at least the stops level away
   * (MQL5 reference, "Requirements and Limitations in Making Trades": a buy order's price against the
   * ask, a sell order's against the bid; whole points).
   */
  place(order: PendingOrder, bid: number, ask: number): PlaceResult {
    const market = order.dir === 1 ? ask : bid;
    // Above the market: a buy stop, a sell limit. Below: a buy limit, a sell stop.
    const above = (order.dir === 1) === (order.kind === "stop");
    const points = Math.round((above ? order.price - market : market - order.price) / this.point);
    const beyond = above ? order.price > market : order.price < market;
    if (!beyond || points < this.stopsLevel) {
      this.refused++;
      this.record(order, order.setup, "rejected", "invalid price");
      return "invalid price";
    }
    this.orders.push(order);
    return "placed";
  }

  /**
   * One tick: expired orders go, then triggered orders fill in the order they were placed; a fill
   * deletes the rest of its bracket. `gap`: the bar's first tick.
   */
  tick(time: number, bid: number, ask: number, gap: boolean): void {
    const orders = this.orders;
    for (let k = 0; k < orders.length; ) {
      if (time >= orders[k].expires) {
        this.record(orders[k], time, "expired", "");
        orders.splice(k, 1);
        this.expired++;
      } else k++;
    }
    for (let k = 0; k < orders.length; ) {
      const o = orders[k];
      const quote = o.dir === 1 ? ask : bid;
      const rises = (o.dir === 1) === (o.kind === "stop");
      const hit = rises ? quote >= o.price : quote <= o.price;
      if (!hit) {
        k++;
        continue;
      }
      orders.splice(k, 1);
      // Past the price on the bar's first tick: a real gap fills at the quote (worse for a stop,
      // better for a limit), as Broker.tick fills a gapped stop loss or take profit.
      const fill = gap && quote !== o.price ? quote : o.price;
      this.filled++;
      // A stop order becomes a market order and slips like one; a limit fills at its price or better.
      const price = o.kind === "stop" ? this.broker.round(fill + o.dir * this.broker.slip) : fill;
      this.broker.openAt(o.dir, o.lots, price, o.sl, o.tp, o.setup, time, bid);
      this.relabelFill(o);
      if (o.group > 0) {
        for (let j = orders.length - 1; j >= 0; j--) {
          if (orders[j].group !== o.group) continue;
          this.record(orders[j], time, "canceled", "oco");
          orders.splice(j, 1);
        }
        k = 0;
      }
    }
  }

  /** Ends the test at `time`: unfilled orders are deleted, listed as canceled at the end of test. */
  clear(time: number): void {
    for (const o of this.orders) this.record(o, time, "canceled", "end of test");
    this.orders.length = 0;
  }

  /**
   * The report's Orders list shows every pending order as MT5's history does: "buy stop", "sell limit"
   * and so on, with its own price and the state it ended in (filled, expired, canceled, rejected).
   * Orders that end unfilled are listed when they end (their ticket is taken then).
   */
  private record(o: PendingOrder, time: number, state: OrderState, comment: string): void {
    const b = this.broker;
    b.orders.push({
      ticket: b.nextTicket++,
      timeSetup: o.setup,
      symbol: b.symbol.name,
      type: pendingType(o),
      volume: o.lots,
      price: o.price,
      sl: Number.isNaN(o.sl) ? null : o.sl,
      tp: Number.isNaN(o.tp) ? null : o.tp,
      timeDone: time,
      state,
      comment,
    });
  }

  /** A fill is booked by the broker as a market order (openAt): its row names the pending type. */
  private relabelFill(o: PendingOrder): void {
    const list = this.broker.orders;
    const last = list.at(-1);
    if (last) list[list.length - 1] = { ...last, type: pendingType(o) };
  }
}

function pendingType(o: PendingOrder): EngineOrder["type"] {
  return `${o.dir === 1 ? "buy" : "sell"} ${o.kind}`;
}

/**
 * When an order placed at `time` on the strategy bar opened at `barOpen` expires (spec-orders.ts):
 * bars x the timeframe after the bar's open, or the next HH:MM of the server clock after `time`.
 */
export function expiryTime(
  expiry: Expiry | undefined,
  time: number,
  barOpen: number,
  period: Period,
): number {
  if (!expiry) return Number.POSITIVE_INFINITY;
  if (expiry.type === "bars") {
    if (isFixed(period)) return barOpen + expiry.bars * periodMs(period);
    let t = barOpen;
    for (let k = 0; k < expiry.bars; k++) t = bucketEnd(t, period);
    return t;
  }
  const at = (Number(expiry.at.slice(0, 2)) * 60 + Number(expiry.at.slice(3, 5))) * 60_000;
  const dayStart = time - msOfDay(time);
  const today = dayStart + at;
  return today > time ? today : today + DAY_MS;
}
