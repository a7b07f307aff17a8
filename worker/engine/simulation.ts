/**
 * The per-tick state machine: what happens at one modelled tick, in MT5's order:
 *   1. a new bar of the test timeframe records the equity at its first tick (Sharpe sampling);
 *   2. delayed EA requests whose time has come are executed at this tick's quote;
 *   3. the broker checks SL/TP, marks equity to market, tracks drawdown and stop-out;
 *   4. on an "EA tick" (every tick, or only bar opens in open-prices mode) the EA logic runs: on the first
 *      tick of a new strategy-timeframe bar it evaluates the rules on the bar that just closed
 *      (exits, then close-on-opposite, then entries), then trailing stop and break-even.
 * Requests (open/close) are queued when there is an execution delay and run at once otherwise.
 * `step` allocates nothing per tick (a few boxed numbers per new bar, and objects per order).
 */
import { bucketEnd, bucketStart, isFixed, periodMs } from "../market/periods";
import type { Bars, Period, SymbolInfo } from "../market/types";
import type { Distance, StrategySpec } from "../strategy/spec";
import { type Broker, onPriceGrid } from "./broker";
import type { DelayFn } from "./delay";
import { ExitPlan } from "./exits";
import { EntryCounter, entryLimitsAllow } from "./pending-limits";
import { expiryTime, PendingBook } from "./pending-orders";
import { type CompiledStrategy, ENTRY_LONG, ENTRY_SHORT, EXIT_LONG, EXIT_SHORT } from "./signals";
import { entryLots, sizingNeedsStop } from "./sizing";

interface Request {
  readonly due: number;
  readonly requestTime: number;
  /** +1 open long, -1 open short, +2 close longs, -2 close shorts. */
  readonly action: 1 | -1 | 2 | -2;
  readonly slDist: number;
  readonly tpDist: number;
  /** Lots for fixed sizing; NaN: risk sizing at execution. */
  readonly lots: number;
}

/** Growable Float64Array for per-bar samples, sized up front from the range so it rarely grows. */
export class Samples {
  data: Float64Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Float64Array(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const d = new Float64Array(this.data.length * 2);
      d.set(this.data);
      this.data = d;
    }
    this.data[this.length++] = v;
  }
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
  /** Room for `extra` more values without growing (a driver then writes `data` directly). */
  reserve(extra: number): void {
    if (this.length + extra > this.data.length) {
      const d = new Float64Array(this.length + extra);
      d.set(this.data.subarray(0, this.length));
      this.data = d;
    }
  }
}

export class Simulation {
  /** Set by the driver before each source bar. */
  spreadPrice = 0;
  firstTickOfBar = false;
  /** Open-prices-only runs the EA on bar opens only. */
  readonly eaOnOpensOnly: boolean;
  ticks = 0;
  readonly barTime: Samples;
  readonly barEquity: Samples;
  readonly barBalance: Samples;

  // The bar bookkeeping below is public for the open-prices driver, which keeps it in locals while it
  // runs bars at bar level and writes it back before it hands a bar to step() (open-prices.ts).
  /** Start of the next test-timeframe bar: a tick at or after it samples a new bar (sampleBar). */
  nextTestBar = Number.NEGATIVE_INFINITY;
  /** Start of the next strategy-timeframe bar: an EA tick at or after it reads a newly closed bar. */
  nextSignalBar = Number.NEGATIVE_INFINITY;
  /** Index of the current strategy bar (the last one whose time is at or before the last EA tick). */
  sigIdx = -1;
  /** Index of the last closed strategy bar (ATR distances read it). */
  private closed = -1;
  /** Requests waiting for their execution delay (the open-prices driver reads only the length). */
  readonly pending: Request[] = [];
  /** The rules' bits per strategy bar (CompiledStrategy.signals), and the bars where any is set. */
  readonly signals: Uint8Array;
  readonly active: Int32Array;
  /** The strategy bars with an entry bit (CompiledStrategy.entries). */
  readonly entries: Int32Array;
  /** Trailing stop or break-even: the EA manages open positions on every EA tick. */
  readonly manages: boolean;
  private readonly pip: number;
  private readonly point: number;
  /** 10^digits: onPriceGrid of the ask. */
  private readonly scale: number;
  /** Bar lengths in ms of fixed periods; 0 for W1/MN1 (calendar arithmetic). */
  readonly testLen: number;
  readonly signalLen: number;
  private readonly atrOf: (ref: string) => Float64Array;
  /** No trailing/break-even distance that manageIdle reads depends on the price. */
  private readonly manageFixed: boolean;
  /** The spec's v2 exits (exits.ts), when it has any. */
  private readonly plan: ExitPlan | null;
  /** Pending entries (spec.pendingEntry, pending-orders.ts); null: entries are market orders. */
  readonly book: PendingBook | null;
  private readonly levels: { long: Float64Array | null; short: Float64Array | null };
  /** Entries opened on the current server day (limits.maxTradesPerDay). */
  private readonly entriesToday: EntryCounter;

  constructor(
    private readonly spec: StrategySpec,
    private readonly strategy: CompiledStrategy,
    readonly signalBars: Bars,
    readonly signalPeriod: Period,
    readonly testPeriod: Period,
    private readonly broker: Broker,
    private readonly delay: DelayFn,
    symbol: SymbolInfo,
    model: number,
    /** Expected number of test-timeframe bars (sizes the per-bar samples). */
    expectedBars: number,
  ) {
    const cap = Math.min(expectedBars + 2, 4_000_000);
    this.barTime = new Samples(cap);
    this.barEquity = new Samples(cap);
    this.barBalance = new Samples(cap);
    this.eaOnOpensOnly = model === 3;
    this.signals = strategy.signals;
    this.active = strategy.active;
    this.entries = strategy.entries;
    this.point = symbol.point;
    this.scale = 10 ** symbol.digits;
    // A pip is the 4th decimal (2nd for JPY pairs): 10 points on 5- and 3-digit quotes.
    this.pip = symbol.digits === 3 || symbol.digits === 5 ? symbol.point * 10 : symbol.point;
    this.atrOf = (ref) => {
      const s = strategy.lines.get(ref)?.main;
      if (!s) throw new Error(`ATR "${ref}" missing (parseSpec rejects this)`);
      return s;
    };
    this.plan = spec.exits
      ? new ExitPlan(spec.exits, strategy, signalBars.time, broker, { pip: this.pip, point: this.point })
      : null;
    // Partial closes run on every EA tick; time exits and trailing by a price on new bars while a
    // position is open, which the open-prices bar-level path (open-prices.ts) leaves to the tick path too.
    this.manages =
      spec.trailingStop !== undefined ||
      spec.breakEven !== undefined ||
      spec.exits?.breakEvenAtTarget !== undefined ||
      spec.exits?.steps !== undefined ||
      this.plan?.perTick === true ||
      this.plan?.perBar === true;
    const ts = spec.trailingStop;
    this.manageFixed = ![spec.breakEven?.trigger, ts?.distance, ts?.start, ts?.step].some(
      (d) => d?.unit === "percent",
    );
    const pe = spec.pendingEntry;
    this.book = pe ? new PendingBook(broker, symbol.point) : null;
    this.levels = {
      long: pe?.long ? strategy.valueOf(pe.long) : null,
      short: pe?.short ? strategy.valueOf(pe.short) : null,
    };
    this.entriesToday = new EntryCounter(broker.deals);
    // Fixed periods (M1 ... D1) tile the epoch from 00:00 UTC: their boundaries are plain arithmetic.
    this.testLen = isFixed(testPeriod) ? periodMs(testPeriod) : 0;
    this.signalLen = isFixed(signalPeriod) ? periodMs(signalPeriod) : 0;
  }

  /**
   * Can the rest of this bar (bid within [low, high]) go through the broker's fast bar? Only when no
   * request waits and no trailing/break-even needs each tick; the broker checks stops and margin.
   */
  beginFastBar(low: number, high: number, reachLow = low, reachHigh = high): boolean {
    if (this.pending.length > 0 || this.hasOrders()) return false;
    // Open prices only runs trailing/break-even on bar opens only; otherwise they must be unable to act
    // at any bid the bar's ticks can reach ([reachLow, reachHigh] contains them all).
    if (this.manages && !this.eaOnOpensOnly && !this.manageIdle(reachLow, reachHigh)) return false;
    return this.broker.beginFastBar(low, high, this.spreadPrice);
  }

  /**
   * Would manage() change nothing at any bid in [low, high] for the rest of this bar? Its distances are
   * fixed within the bar (ATR reads the last closed strategy bar, which changes only on a bar's first
   * tick) unless one is a % of the price: then this says no. Mirrors manage()'s NaN rules.
   */
  private manageIdle(low: number, high: number): boolean {
    if (!this.manageFixed) return false;
    const broker = this.broker;
    const spread = this.spreadPrice;
    if (this.plan?.partialCouldFire(low, high, spread)) return false;
    const be = this.spec.breakEven;
    if (be) {
      const trigger = this.distance(be.trigger, 0);
      if (!Number.isNaN(trigger) && broker.breakEvenCouldFire(trigger, low, high, spread)) return false;
    }
    const beAt = this.spec.exits?.breakEvenAtTarget;
    if (beAt !== undefined && broker.breakEvenAtTargetCouldFire(beAt, low, high, spread)) return false;
    const steps = this.spec.exits?.steps;
    if (steps) {
      const unit = steps.unit === "pips" ? this.pip : this.point;
      if (broker.stepsCouldMove(steps.every * unit, steps.move * unit, low, high, spread)) return false;
    }
    const ts = this.spec.trailingStop;
    if (ts) {
      const dist = this.distance(ts.distance, 0);
      if (Number.isNaN(dist)) return true;
      const start = ts.start ? this.distance(ts.start, 0) : 0;
      const step = ts.step ? this.distance(ts.step, 0) : 0;
      if (Number.isNaN(start) || Number.isNaN(step)) return true;
      if (broker.trailCouldMove(dist, start, step, low, high, spread)) return false;
    }
    return true;
  }

  /** Nothing can happen before the next bar: flat, no request waiting (the driver may skip ticks). */
  quiet(): boolean {
    return this.broker.positions.length === 0 && this.pending.length === 0 && !this.hasOrders();
  }

  /** Pending orders wait (every tick may fill one: no fast path applies). */
  hasOrders(): boolean {
    return this.book !== null && this.book.orders.length > 0;
  }

  /**
   * The current tick. The driver writes these fields and calls step(): passing doubles through fields
   * rather than arguments spares V8 a heap-number box per argument per tick (tens of millions a year).
   */
  tickTime = 0;
  tickBid = 0;

  /** One modelled tick (tickTime, tickBid), in time order. */
  step(): void {
    const time = this.tickTime;
    const bid = this.tickBid;
    // The quote the EA sees and orders fill at is on the price grid (onPriceGrid); the broker marks
    // equity with the plain sum and rounds it itself for stops and targets.
    const rawAsk = bid + this.spreadPrice;
    const ask = onPriceGrid(rawAsk, this.scale);
    const gap = this.firstTickOfBar;
    this.firstTickOfBar = false;
    this.ticks++;
    const broker = this.broker;

    if (time >= this.nextTestBar) this.sampleBar(time);
    if (this.pending.length > 0) this.runDue(time, bid, ask);
    if (this.book !== null && this.book.orders.length > 0) this.book.tick(time, bid, ask, gap);

    broker.quoteTime = time;
    broker.quoteBid = bid;
    broker.quoteAsk = rawAsk;
    broker.tick(gap);

    if (this.eaOnOpensOnly && !gap) return;
    if (time >= this.nextSignalBar) {
      this.enterSignalBar(time);
      if (this.closed >= 0) this.onNewBar(time, bid, ask);
    }
    if (this.manages && broker.positions.length > 0) this.manage(bid, ask);
  }

  /**
   * A tick at `time` starts a new test-timeframe bar (time >= nextTestBar): records its start with the
   * equity and balance as they stand before the tick (the last tick's), for the Sharpe ratio and curves.
   */
  sampleBar(time: number): void {
    // Floor-division, not %, which V8 runs as a slow fmod call on doubles.
    const start =
      this.testLen > 0 ? Math.floor(time / this.testLen) * this.testLen : bucketStart(time, this.testPeriod);
    this.nextTestBar = this.testLen > 0 ? start + this.testLen : bucketEnd(time, this.testPeriod);
    this.barTime.push(start);
    this.barEquity.push(this.broker.equity);
    this.barBalance.push(this.broker.balance);
  }

  /** Sets the strategy-bar bookkeeping as enterSignalBar would have left it (open-prices driver). */
  setSignalBar(nextSignalBar: number, sigIdx: number): void {
    this.nextSignalBar = nextSignalBar;
    if (sigIdx !== this.sigIdx) {
      this.sigIdx = sigIdx;
      this.closed = sigIdx - 1;
    }
  }

  /** The bookkeeping of an EA tick at `time` >= nextSignalBar: the strategy bar that just closed. */
  enterSignalBar(time: number): void {
    this.nextSignalBar =
      this.signalLen > 0
        ? Math.floor(time / this.signalLen) * this.signalLen + this.signalLen
        : bucketEnd(time, this.signalPeriod);
    const st = this.signalBars.time;
    while (this.sigIdx + 1 < st.length && st[this.sigIdx + 1] <= time) this.sigIdx++;
    this.closed = this.sigIdx - 1;
  }

  /** Closes what is still open at the last modelled tick ("end of test") and drops unsent requests. */
  finish(): void {
    this.pending.length = 0;
    this.book?.clear(this.broker.quoteTime);
    if (this.broker.positions.length > 0) {
      const b = this.broker;
      this.broker.closeAll(0, b.quoteTime, b.quoteBid, b.quoteAsk, "end", "end of test");
    }
  }

  /**
   * The rules on the strategy bar that just closed (exits, close-on-opposite, entries): step() runs this
   * on a new bar's first EA tick; the open-prices driver calls it directly for a bar whose open it ran.
   */
  onNewBar(time: number, bid: number, ask: number): void {
    const s = this.strategy;
    const bits = s.signals[this.closed];
    const el = (bits & ENTRY_LONG) !== 0;
    const es = (bits & ENTRY_SHORT) !== 0;
    const xl = (bits & EXIT_LONG) !== 0;
    const xs = (bits & EXIT_SHORT) !== 0;
    const opposite = this.spec.closeOnOpposite;
    const plan = this.plan;
    // v2 time exits first (spec-exits.ts order of work); a closeAt bar opens nothing.
    const flat = plan?.perBar === true && plan.timeExits(this.sigIdx, time, bid, ask);
    // With nothing open and nothing on its way, a close has nothing to close: the EA sends none, and no
    // delay is drawn for it (the open-prices bar level skips such bars: open-prices.ts).
    const idle = this.broker.positions.length === 0 && this.pending.length === 0;
    if (!idle && (xl || (opposite && es && !el))) this.request(2, time, bid, ask);
    if (!idle && (xs || (opposite && el && !es))) this.request(-2, time, bid, ask);
    if (plan?.perBar) plan.trailStops(this.closed, bid, ask);
    if (flat) return;
    if (this.book !== null) {
      if (el || es) this.placeOrders(el, es, time, bid, ask);
      return;
    }
    // Both entries at once is contradictory: neither is taken.
    if (el === es) return;
    if (!s.timeAllowed(time)) return;
    if (!this.limitsAllow(time, bid, ask)) return;
    if (this.broker.netting && this.heldAgainst(el ? 1 : -1)) return;
    if (this.openCount() >= this.spec.maxOpenPositions) return;
    this.request(el ? 1 : -1, time, bid, ask);
  }

  /** limits.maxTradesPerDay, maxSpread and minMinutesBetween (spec-orders.ts) at an entry. */
  private limitsAllow(time: number, bid: number, ask: number): boolean {
    const limits = this.spec.limits;
    if (limits === undefined) return true;
    const today = this.entriesToday.on(time);
    return entryLimitsAllow(limits, today, ask - bid, this.point, this.pip, this.entriesToday.since(time));
  }

  /**
   * Pending entries (spec-orders.ts): each signalled side places its order at its price of the bar
   * that just closed, with stop and target from that price; both sides form a bracket when oco.
   */
  private placeOrders(el: boolean, es: boolean, time: number, bid: number, ask: number): void {
    const book = this.book;
    const pe = this.spec.pendingEntry;
    if (book === null || pe === undefined || book.orders.length > 0) return;
    if (!this.strategy.timeAllowed(time) || !this.limitsAllow(time, bid, ask)) return;
    if (this.openCount() >= this.spec.maxOpenPositions) return;
    const expires = expiryTime(pe.expiry, time, this.signalBars.time[this.sigIdx], this.signalPeriod);
    const group = pe.oco ? book.group() : 0;
    // One side at a time, without a list of tuples: this runs on every bar of a strategy whose orders
    // wait one bar (the turtle's stop orders).
    if (el) this.placeOne(1, this.levels.long, pe, expires, group, time, bid, ask);
    if (es) this.placeOne(-1, this.levels.short, pe, expires, group, time, bid, ask);
  }

  /** The order of one signalled side at its price of the bar that just closed. */
  private placeOne(
    dir: 1 | -1,
    levels: Float64Array | null,
    pe: NonNullable<StrategySpec["pendingEntry"]>,
    expires: number,
    group: number,
    time: number,
    bid: number,
    ask: number,
  ): void {
    const book = this.book;
    if (book === null || levels === null) return;
    if (this.broker.netting && this.heldAgainst(dir)) return;
    const v = levels[this.closed];
    if (Number.isNaN(v)) return;
    const broker = this.broker;
    const price = broker.round(v);
    let slDist = this.spec.stopLoss ? this.distance(this.spec.stopLoss, price) : Number.NaN;
    let tpDist = this.spec.takeProfit ? this.distance(this.spec.takeProfit, price) : Number.NaN;
    if (this.plan) {
      // A structural stop is measured from the order's price; a level not beyond it places no order.
      const structural = this.plan.orderStopDistance(dir, this.closed, price);
      if (structural !== undefined) {
        if (Number.isNaN(structural)) return;
        slDist = structural;
      }
      const target = this.plan.targetDistance(slDist);
      if (target !== undefined) tpDist = target;
    }
    const lots = entryLots(this.spec.sizing, broker, slDist, broker.valuePerPriceUnit(time, bid));
    if (Number.isNaN(lots)) return;
    const sl = Number.isNaN(slDist) ? Number.NaN : broker.round(price - dir * slDist);
    const tp = Number.isNaN(tpDist) ? Number.NaN : broker.round(price + dir * tpDist);
    book.place({ dir, kind: pe.order, price, sl, tp, lots, setup: time, expires, group }, bid, ask);
  }

  /**
   * Netting: is the account's one position, after the queued requests run, held against `dir`? Such an
   * entry is not taken (spec SEMANTICS: an opposite fill would close part of it, which no rule asks).
   */
  private heldAgainst(dir: 1 | -1): boolean {
    let held = this.broker.positions.length > 0 ? this.broker.positions[0].dir : 0;
    for (const r of this.pending) {
      if ((r.action === 2 && held === 1) || (r.action === -2 && held === -1)) held = 0;
      else if ((r.action === 1 || r.action === -1) && held === 0) held = r.action;
    }
    return held === -dir;
  }

  /** Entries after the queued requests run (a queued close frees its entries, a queued open takes one). */
  private openCount(): number {
    let n = this.broker.count(0);
    for (const r of this.pending) {
      if (r.action === 1 || r.action === -1) n++;
      else n -= this.broker.count(r.action === 2 ? 1 : -1);
    }
    return Math.max(0, n);
  }

  private request(action: 1 | -1 | 2 | -2, time: number, bid: number, ask: number): void {
    let slDist = Number.NaN;
    let tpDist = Number.NaN;
    let lots = Number.NaN;
    if (action === 1 || action === -1) {
      const price = action === 1 ? ask : bid;
      if (this.spec.stopLoss) slDist = this.distance(this.spec.stopLoss, price);
      if (this.spec.takeProfit) tpDist = this.distance(this.spec.takeProfit, price);
      if (this.plan) {
        // A structural stop replaces the distance; without a level beyond the price no order is sent.
        const structural = this.plan.stopDistance(action, this.closed, bid, ask);
        if (structural !== undefined) {
          if (Number.isNaN(structural)) return;
          slDist = structural;
        }
        const target = this.plan.targetDistance(slDist);
        if (target !== undefined) tpDist = target;
        // A target at a measured distance (a bar's range): without a value above zero no order is sent.
        const measured = this.plan.measuredTarget(this.closed);
        if (measured !== undefined) {
          if (Number.isNaN(measured)) return;
          tpDist = measured;
        }
      }
      if (this.spec.sizing.type === "fixed") lots = this.spec.sizing.lots;
      // Risk sizing needs a stop distance; during ATR warm-up there is none, so no trade.
      else if (sizingNeedsStop(this.spec.sizing) && Number.isNaN(slDist)) return;
    }
    const wait = this.delay();
    if (wait === 0) this.execute(action, time, slDist, tpDist, lots, time, bid, ask);
    else this.pending.push({ due: time + wait, requestTime: time, action, slDist, tpDist, lots });
  }

  private runDue(time: number, bid: number, ask: number): void {
    // A random delay can make a later request due first, so scan them all (there are only a few) and
    // run every due one in the order it was sent.
    let k = 0;
    while (k < this.pending.length) {
      const r = this.pending[k];
      if (r.due <= time) {
        this.pending.splice(k, 1);
        this.execute(r.action, r.requestTime, r.slDist, r.tpDist, r.lots, time, bid, ask);
      } else k++;
    }
  }

  /** Runs a request (sent at requestTime) at this tick. */
  private execute(
    action: 1 | -1 | 2 | -2,
    requestTime: number,
    slDist: number,
    tpDist: number,
    requestLots: number,
    time: number,
    bid: number,
    ask: number,
  ): void {
    const broker = this.broker;
    if (action === 2 || action === -2) {
      broker.closeAll(action === 2 ? 1 : -1, time, bid, ask, "signal", "", requestTime);
      return;
    }
    let lots = requestLots;
    // Sized at execution (sizing.ts): rounded DOWN so the risk is never exceeded (but 0.01 at least).
    if (Number.isNaN(lots))
      lots = entryLots(this.spec.sizing, broker, slDist, broker.valuePerPriceUnit(time, bid));
    broker.open(action, lots, slDist, tpDist, requestTime, time, bid, ask);
  }

  /** A spec distance in price units at the current bar (ATR of the last closed bar). */
  private distance(d: Distance, price: number): number {
    switch (d.unit) {
      case "pips":
        return d.value * this.pip;
      case "points":
        return d.value * this.point;
      case "percent":
        return (price * d.value) / 100;
      case "atr":
        return this.closed >= 0 ? d.multiple * this.atrOf(d.ref)[this.closed] : Number.NaN;
    }
  }

  /** Stop losses and break-even marks before manageStops, to count (or undo) the moves it made. */
  private readonly slBefore: number[] = [];
  private readonly beBefore: boolean[] = [];

  /**
   * Trailing stop and break-even on this EA tick. A position whose stop moved counts one modification
   * (the EA sends one PositionModify with the final stop, even when break-even and trailing both moved it);
   * a move the broker's stops level refuses is undone, to be tried again on a later tick (stops-level.ts).
   */
  private manage(bid: number, ask: number): void {
    // Partial closes first; their break-even is a modification of its own (the EA sends it apart).
    if (this.plan?.perTick) this.plan.partials(this.broker.quoteTime, bid, ask);
    const broker = this.broker;
    const positions = broker.positions;
    const before = this.slBefore;
    const beBefore = this.beBefore;
    for (let k = 0; k < positions.length; k++) {
      before[k] = positions[k].sl;
      beBefore[k] = positions[k].breakEvenDone;
    }
    this.manageStops(bid, ask);
    for (let k = 0; k < positions.length; k++) {
      const p = positions[k];
      if (p.sl === before[k] || (Number.isNaN(p.sl) && Number.isNaN(before[k]))) continue;
      if (broker.stopRefused(p, p.sl, bid, ask)) {
        p.sl = before[k];
        p.breakEvenDone = beBefore[k];
      } else broker.modifications++;
    }
  }

  private manageStops(bid: number, ask: number): void {
    const warm = this.manageV1Stops(bid, ask);
    // Staircase trailing (spec-exits.ts steps) after break-even and trailing, as the EA works them out;
    // an ATR distance of theirs in its warm-up leaves the stop alone, as the EA skips the position then.
    const steps = this.spec.exits?.steps;
    if (steps && !warm) {
      const unit = steps.unit === "pips" ? this.pip : this.point;
      this.broker.steps(steps.every * unit, steps.move * unit, bid, ask);
    }
  }

  /** Break-even and the v1 trailing stop; true when a distance of theirs has no value (ATR warm-up). */
  private manageV1Stops(bid: number, ask: number): boolean {
    let warm = false;
    const be = this.spec.breakEven;
    if (be) {
      const trigger = this.distance(be.trigger, bid);
      if (!Number.isNaN(trigger)) {
        this.broker.breakEven(trigger, be.offset ? this.distance(be.offset, bid) : 0, bid, ask);
      } else warm = true;
    }
    // Break-even half way to the target (spec-exits.ts), right after the v1 one, as the EA works it out.
    const beAt = this.spec.exits?.breakEvenAtTarget;
    if (beAt !== undefined) this.broker.breakEvenAtTarget(beAt, bid, ask);
    const ts = this.spec.trailingStop;
    if (ts) {
      const dist = this.distance(ts.distance, bid);
      if (Number.isNaN(dist)) return true;
      const start = ts.start ? this.distance(ts.start, bid) : 0;
      const step = ts.step ? this.distance(ts.step, bid) : 0;
      if (Number.isNaN(start) || Number.isNaN(step)) return true;
      this.broker.trail(dist, start, step, bid, ask);
    }
    return warm;
  }
}
