/**
 * The simulated broker: owns positions, orders, deals, balance, equity and margin (backtesting.py's
 * split, DESIGN D10). Hedging account: each fill opens its own position. Netting account (`netting`):
 * one position per symbol, each fill adds to, reduces or reverses it (netting.ts).
 *
 * FILL RULES (the generated EA and MT5's tester behave the same way):
 *   - Market buy fills at the ask of the fill tick, market sell at the bid. ask = bid + spread x point.
 *   - A long closes at the bid, a short at the ask. SL/TP are checked on EVERY modelled tick on that
 *     side: long SL when bid <= SL, long TP when bid >= TP; short SL when ask >= SL, short TP when ask <= TP.
 *   - A triggered SL/TP fills at its own price, except when the first tick of a bar has already gapped
 *     past it: then at that tick's price (worse for a stop, better for a target), as a real gap would.
 *     SL is tested before TP on the same tick (only a gap can trigger both).
 *   - Margin (deposit currency) = lots x contractSize / leverage x base->deposit rate, fixed at the fill.
 *     An order whose margin exceeds the free margin (equity - used margin) is rejected ("no money").
 *   - Stop-out: when equity / margin x 100 <= stopOutLevel (default 50 %), the position with the worst
 *     floating loss is closed at the current quote (comment "so x%"), repeated until above the level.
 *   - Commission, swap and slippage: costs.ts (rollover at 00:00 server time; times here are server time).
 */
import type { SymbolInfo } from "../market/types";
import type { Converter } from "./conversion";
import { type CostSettings, NO_COSTS, nextMidnight, rolloverNights } from "./costs";
import type { DrawdownLike } from "./drawdown";
import { frozen } from "./freeze";
import { netDeal } from "./netting";
import { placeOutside, stopsAccepted } from "./stops-level";
import type { ClosedTrade, DealEntry, EngineDeal, EngineOrder, ExitReason, OrderState } from "./types";

export interface Position {
  readonly ticket: number;
  /** +1 long, -1 short. */
  readonly dir: 1 | -1;
  // Lots, open price and margin change when a netting account adds to the position (netting.ts).
  lots: number;
  openPrice: number;
  readonly openTime: number;
  margin: number;
  /** Entries that built the position: 1 on a hedging account; a netting add counts one more. */
  entries: number;
  sl: number;
  tp: number;
  breakEvenDone: boolean;
  mfe: number;
  mae: number;
  floating: number;
  /** Swap accrued at rollovers (deposit currency, cents); booked by the closing deal. */
  swap: number;
  /** The entry deal's commission (deposit currency, <= 0); part of the trade's result. */
  commission: number;
}

/** One order's fill as the order and deal histories record it (request and fill times in server time). */
export interface Fill {
  readonly ticket: number;
  readonly type: "buy" | "sell";
  readonly lots: number;
  /** On the price grid, slippage included. */
  readonly price: number;
  readonly requestTime: number;
  readonly time: number;
}

/** What a deal books into the balance (deposit currency, cents): realize's result for a closing deal. */
export interface Booked {
  readonly profit: number;
  readonly commission: number;
  readonly swap: number;
}

/**
 * A position as its first fill opens it (a hedging open; a netting reversal's rest, netting.ts): no
 * excursion, swap or break-even yet; `commission` is the entry deal's.
 */
export function openedPosition(
  entry: Pick<Position, "ticket" | "dir" | "lots" | "openPrice" | "openTime" | "margin" | "sl" | "tp">,
  commission: number,
): Position {
  // Every field written out, in one literal: a spread ({ ...entry }) clones the argument's hidden class
  // and then grows it property by property, and V8 fell off its fast path there (a third of a 74k-bar
  // run's time went into this function). A literal gives every position one fixed shape.
  return {
    ticket: entry.ticket,
    dir: entry.dir,
    lots: entry.lots,
    openPrice: entry.openPrice,
    openTime: entry.openTime,
    margin: entry.margin,
    sl: entry.sl,
    tp: entry.tp,
    breakEvenDone: false,
    mfe: 0,
    mae: 0,
    floating: 0,
    swap: 0,
    commission,
    entries: 1,
  };
}

/** The history's first deal: the deposit, a "balance" deal (MT5's report opens with it). */
export function depositDeal(ticket: number, time: number, deposit: number): EngineDeal {
  return {
    ticket,
    time,
    symbol: "",
    type: "balance",
    entry: "",
    volume: 0,
    price: 0,
    order: 0,
    commission: 0,
    swap: 0,
    profit: deposit,
    balance: deposit,
    comment: "",
  };
}

const fmt = (price: number, digits: number) => price.toFixed(digits);

/**
 * A price on the symbol's grid (`scale` = 10^digits). The ask is bid + spread x point, and that sum
 * carries float noise (1.24849 + 14 points = 1.2486300000000001) where MetaTrader's ask is on the grid:
 * a take-profit at 1.24863 must be hit (issue 13). Stops, targets, fills and the EA's decisions read the
 * ask through this; equity keeps the plain sum (the fast paths' linear form in the bid needs it).
 */
export function onPriceGrid(price: number, scale: number): number {
  return Math.round(price * scale) / scale;
}

/** Money rounded to cents: every deposit currency (DEPOSIT_CURRENCIES) has two decimals. */
export function toCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export class Broker {
  readonly positions: Position[] = [];
  readonly orders: EngineOrder[] = [];
  readonly deals: EngineDeal[] = [];
  readonly trades: ClosedTrade[] = [];
  balance: number;
  equity: number;
  usedMargin = 0;
  /** The current quote, written by the simulation before tick() (fields: see Simulation.tickTime). */
  quoteTime = 0;
  quoteBid = 0;
  quoteAsk = 0;
  // Read and written by the open-prices driver's bar-level path (open-prices.ts), which repeats tick()
  // and the fast bar for bars where nothing but equity moves.
  /** Lowest equity / used margin seen (marginLevelMin / 100). */
  levelMinFraction = Number.POSITIVE_INFINITY;
  /** The stop-out level as a fraction. */
  readonly stopOutFraction: number;
  /** Netting account: one position per symbol (netting.ts); set before the run. Default hedging. */
  netting = false;
  /** The broker's freeze level in points (freeze.ts); 0: none. Set before the run. */
  freezeLevel = 0;
  /**
   * The broker's stops level in points (stops-level.ts); 0: none. Set before the run. A market order's
   * stop and target are moved out to it; a stop move inside it is refused.
   */
  stopsLevel = 0;
  /** Stop modifications made by trail() and breakEven(), one per position per EA tick (Simulation.manage). */
  modifications = 0;
  // Ticket counters and the contract size are shared with netting.ts, which records its own fills.
  nextTicket = 2;
  nextDeal = 1;
  readonly contract: number;
  private readonly scale: number;
  /** Deposit-currency value of one price unit for one lot when it never changes (quote = deposit); else 0. */
  readonly constantUnit: number;
  private readonly fastRateOk: boolean;
  private fastA = 0;
  private fastB = 0;
  private fastUnit = 0;
  private fastSpread = 0;
  private fastLow = 0;
  private fastHigh = 0;
  /** Swap accrued by the open positions (equity = balance + floating + this). */
  openSwap = 0;
  /** The next rollover (server midnight) not yet charged. */
  private rolloverAt: number;
  /** Slippage in price (costs.slippage points), against the trader on market fills. */
  readonly slip: number;

  constructor(
    readonly symbol: SymbolInfo,
    private readonly leverage: number,
    readonly converter: Converter,
    readonly drawdown: DrawdownLike,
    stopOutLevel: number,
    deposit: number,
    startTime: number,
    private readonly costs: CostSettings = NO_COSTS,
  ) {
    this.rolloverAt = nextMidnight(startTime);
    this.slip = costs.slippage * symbol.point;
    this.stopOutFraction = stopOutLevel / 100;
    this.balance = deposit;
    this.equity = deposit;
    this.contract = symbol.contractSize;
    this.scale = 10 ** symbol.digits;
    // Quote currency = deposit currency: one price unit is worth `contract` at every tick.
    this.constantUnit = converter.constantProfitRate() ? symbol.contractSize : 0;
    this.fastRateOk = converter.profitRateFixedPerMinute();
    this.deals.push(depositDeal(this.nextDeal++, startTime, deposit));
  }

  /** Stop and target prices sit on the symbol's price grid, as the EA's NormalizeDouble puts them. */
  round(price: number): number {
    return onPriceGrid(price, this.scale);
  }

  /** Margin (deposit currency) of `lots` filled now: lots x contract / leverage x base rate. */
  marginOf(lots: number, time: number, bid: number): number {
    return ((lots * this.contract) / this.leverage) * this.converter.marginRate(time, bid);
  }

  /** Deposit-currency value of one price unit for one lot at this moment (for risk sizing). */
  valuePerPriceUnit(time: number, bid: number): number {
    return this.contract * this.converter.profitRate(time, bid);
  }

  /**
   * Opens a market position. `slDist`/`tpDist` are price distances from the fill (NaN: none).
   * Returns the position, or null when rejected for margin.
   */
  open(
    dir: 1 | -1,
    lots: number,
    slDist: number,
    tpDist: number,
    requestTime: number,
    time: number,
    bid: number,
    ask: number,
  ): Position | null {
    // Quotes sit on the symbol's grid (ask = bid + spread x point can carry float noise).
    const price = this.round(dir === 1 ? ask + this.slip : bid - this.slip);
    let sl = Number.isNaN(slDist) ? Number.NaN : this.round(price - dir * slDist);
    let tp = Number.isNaN(tpDist) ? Number.NaN : this.round(price + dir * tpDist);
    if (this.stopsLevel > 0) {
      const round = (x: number) => this.round(x);
      ({ sl, tp } = placeOutside(dir, sl, tp, bid, round(ask), this.stopsLevel, this.symbol.point, round));
    }
    return this.openAt(dir, lots, price, sl, tp, requestTime, time, bid);
  }

  /**
   * Opens a position at `price` (on the grid, slippage included) with absolute `sl`/`tp` (NaN: none):
   * a market fill (open) or a triggered pending order (pending-orders.ts).
   */
  openAt(
    dir: 1 | -1,
    lots: number,
    price: number,
    sl: number,
    tp: number,
    requestTime: number,
    time: number,
    bid: number,
  ): Position | null {
    const fill: Fill = {
      ticket: this.nextTicket++,
      type: dir === 1 ? "buy" : "sell",
      lots,
      price,
      requestTime,
      time,
    };
    if (this.netting && this.positions.length > 0) return netDeal(this, dir, fill, sl, tp, bid);
    const margin = this.marginOf(lots, time, bid);
    if (margin > this.equity - this.usedMargin) {
      this.recordOrder(fill, "rejected", sl, tp, "no money");
      return null;
    }
    this.recordOrder(fill, "filled", sl, tp, "");
    const commission = this.commissionOf(lots);
    this.balance = toCents(this.balance + commission);
    this.recordDeal(fill, "in", { profit: 0, commission, swap: 0 }, "");
    const pos = openedPosition(
      { ticket: fill.ticket, dir, lots, openPrice: price, openTime: time, margin, sl, tp },
      commission,
    );
    this.positions.push(pos);
    this.usedMargin += margin;
    return pos;
  }

  /** Closes position index `k` at `price`. */
  close(
    k: number,
    time: number,
    price: number,
    bid: number,
    reason: ExitReason,
    comment: string,
    requestTime = time,
  ): void {
    const pos = this.positions[k];
    // A take profit is a limit order; every other exit is a market fill and slips against the trader.
    price = this.round(reason === "tp" ? price : price - pos.dir * this.slip);
    const booked = this.realize(pos, pos.lots, price, time, bid, reason);
    this.recordExit(pos, pos.lots, price, requestTime, time, booked, comment);
    this.usedMargin -= pos.margin;
    if (this.positions.length === 1) {
      this.usedMargin = 0;
      this.openSwap = 0;
    }
    if (k === this.positions.length - 1) this.positions.pop();
    else this.positions.splice(k, 1);
  }

  /**
   * The order history's row for `fill` (filled, or refused with the quote of the moment); sl/tp NaN:
   * none. Opens, closes, partial closes and netting fills (netting.ts) all write their rows here.
   */
  recordOrder(fill: Fill, state: OrderState, sl: number, tp: number, comment: string): void {
    this.orders.push({
      ticket: fill.ticket,
      timeSetup: fill.requestTime,
      symbol: this.symbol.name,
      type: fill.type,
      volume: fill.lots,
      price: fill.price,
      sl: Number.isNaN(sl) ? null : sl,
      tp: Number.isNaN(tp) ? null : tp,
      timeDone: fill.time,
      state,
      comment,
    });
  }

  /** The deal of a filled order, booked after the balance has moved (the row shows the balance after it). */
  recordDeal(fill: Fill, entry: DealEntry, booked: Booked, comment: string): void {
    this.deals.push({
      ticket: this.nextDeal++,
      time: fill.time,
      symbol: this.symbol.name,
      type: fill.type,
      entry,
      volume: fill.lots,
      price: fill.price,
      order: fill.ticket,
      commission: booked.commission,
      swap: booked.swap,
      profit: booked.profit,
      balance: this.balance,
      comment,
    });
  }

  /** The closing order and "out" deal of `lots` of `pos` (the whole position: close; a part: closePart). */
  private recordExit(
    pos: Position,
    lots: number,
    price: number,
    requestTime: number,
    time: number,
    booked: Booked,
    comment: string,
  ): void {
    const type = pos.dir === 1 ? "sell" : "buy";
    const fill: Fill = { ticket: this.nextTicket++, type, lots, price, requestTime, time };
    this.recordOrder(fill, "filled", Number.NaN, Number.NaN, comment);
    this.recordDeal(fill, "out", booked, comment);
  }

  /**
   * Books closing `lots` of `pos` at `price` (on the grid) into the balance and records the closed trade:
   * the deal's profit, its commission (per lot per side) and the closed share of the swap the position has
   * accrued; the trade's result includes the entry commission's share too (costs.ts). The caller books the
   * deal and releases the margin.
   */
  realize(pos: Position, lots: number, price: number, time: number, bid: number, reason: ExitReason): Booked {
    // MT5 books each deal's profit in the deposit currency's cents and the balance is the sum of the
    // booked deals, so the Balance column and the net profit never drift from the deals by a cent.
    const profit = toCents(
      (price - pos.openPrice) * pos.dir * lots * this.contract * this.converter.profitRate(time, bid),
    );
    const share = lots >= pos.lots ? 1 : lots / pos.lots;
    const commission = this.commissionOf(lots);
    const swapShare = pos.swap * share;
    const swap = toCents(swapShare);
    const entryCommission = toCents(pos.commission * share);
    pos.swap -= swapShare;
    pos.commission -= entryCommission;
    this.openSwap -= swapShare;
    this.balance = toCents(this.balance + profit + commission + swap);
    // The closing tick's own P/L counts towards MFE/MAE (a stop fill can be beyond the last tick seen).
    this.trades.push({
      entryTime: pos.openTime,
      exitTime: time,
      direction: pos.dir === 1 ? "long" : "short",
      volume: lots,
      entryPrice: pos.openPrice,
      exitPrice: price,
      exitReason: reason,
      profit: toCents(profit + swap + commission + entryCommission),
      mfe: Math.max(profit, pos.mfe),
      mae: Math.min(profit, pos.mae),
    });
    return { profit, commission, swap };
  }

  /**
   * Closes `lots` (less than the whole) of position `k` at the current quote, a market fill (v2 partial
   * closes, exits.ts): one "out" deal and one trade of that volume; stop, target and ticket stay.
   */
  closePart(k: number, lots: number, time: number, bid: number, ask: number, comment: string): void {
    const pos = this.positions[k];
    const price = this.round((pos.dir === 1 ? bid : ask) - pos.dir * this.slip);
    const share = pos.margin * (lots / pos.lots);
    const booked = this.realize(pos, lots, price, time, bid, "signal");
    this.recordExit(pos, lots, price, time, time, booked, comment);
    pos.lots = Math.round((pos.lots - lots) * 1e8) / 1e8;
    pos.margin -= share;
    this.usedMargin -= share;
  }

  /** Closes every position of direction `dir` (0: all) at the current quote. */
  closeAll(
    dir: 1 | -1 | 0,
    time: number,
    bid: number,
    ask: number,
    reason: ExitReason,
    comment: string,
    requestTime = time,
  ): void {
    for (let k = this.positions.length - 1; k >= 0; k--) {
      const p = this.positions[k];
      if (dir !== 0 && p.dir !== dir) continue;
      // A request to close inside the freeze level is refused; the tester's own closes are not.
      if (reason === "signal" && this.isFrozen(p, bid, ask)) continue;
      this.close(k, time, p.dir === 1 ? bid : ask, bid, reason, comment, requestTime);
    }
  }

  /**
   * Entries held in direction `dir` (0: both), what maxOpenPositions counts: a hedging position is one
   * entry, a netted position as many as built it.
   */
  count(dir: 1 | -1 | 0): number {
    let n = 0;
    for (const p of this.positions) if (dir === 0 || p.dir === dir) n += p.entries;
    return n;
  }

  /**
   * One modelled tick at (quoteTime, quoteBid, quoteAsk): SL/TP triggers, then equity, MFE/MAE, drawdown, margin level and stop-out.
   * Allocation-free unless a position closes.
   */
  tick(gap: boolean): void {
    const time = this.quoteTime;
    const bid = this.quoteBid;
    const positions = this.positions;
    if (positions.length === 0) {
      // Flat: equity is the balance; the tracker only needs to hear about a change.
      if (this.equity !== this.balance) {
        this.equity = this.balance;
        this.drawdown.update(this.balance);
      }
      return;
    }
    if (time >= this.rolloverAt) this.rollover(time, bid);
    const digits = this.symbol.digits;
    const ask = this.round(this.quoteAsk);
    for (let k = positions.length - 1; k >= 0; k--) {
      const p = positions[k];
      // NaN (no stop / no target) fails every comparison, so positions without them cost two compares.
      if (p.dir === 1) {
        if (bid <= p.sl) {
          this.close(k, time, gap && bid < p.sl ? bid : p.sl, bid, "sl", `sl ${fmt(p.sl, digits)}`);
        } else if (bid >= p.tp) {
          this.close(k, time, gap && bid > p.tp ? bid : p.tp, bid, "tp", `tp ${fmt(p.tp, digits)}`);
        }
      } else if (ask >= p.sl) {
        this.close(k, time, gap && ask > p.sl ? ask : p.sl, bid, "sl", `sl ${fmt(p.sl, digits)}`);
      } else if (ask <= p.tp) {
        this.close(k, time, gap && ask < p.tp ? ask : p.tp, bid, "tp", `tp ${fmt(p.tp, digits)}`);
      }
    }
    this.markToMarket();
    if (this.usedMargin > 0 && this.equity <= this.usedMargin * this.stopOutFraction)
      this.stopOut(time, bid, ask);
  }

  /**
   * The next rollover tick() would charge a held position at; +Infinity without swaps. The open-prices
   * bar-level path ends its runs there so the rollover goes through tick().
   */
  get nextRollover(): number {
    return this.costs.swapLong === 0 && this.costs.swapShort === 0
      ? Number.POSITIVE_INFINITY
      : this.rolloverAt;
  }

  /** A deal's commission: lots x the rate per side, a charge in cents. */
  commissionOf(lots: number): number {
    const c = this.costs.commission;
    return c === 0 ? 0 : -toCents(lots * c);
  }

  /**
   * Charges every rollover (server midnight) up to `time` to the positions held across it: a night's swap
   * in points x point x contract x lots, converted at this quote, in cents (costs.ts). Positions opened
   * after a midnight are not charged for it; the first tick after a weekend charges Friday's rollover.
   */
  private rollover(time: number, bid: number): void {
    const { swapLong, swapShort, tripleSwapDay } = this.costs;
    const perPoint = this.symbol.point * this.contract * this.converter.profitRate(time, bid);
    while (this.rolloverAt <= time) {
      const at = this.rolloverAt;
      this.rolloverAt += 86_400_000;
      const nights = rolloverNights(at, tripleSwapDay);
      if (nights === 0 || (swapLong === 0 && swapShort === 0)) continue;
      for (const p of this.positions) {
        if (p.openTime >= at) continue;
        const charge = toCents((p.dir === 1 ? swapLong : swapShort) * perPoint * p.lots * nights);
        p.swap = toCents(p.swap + charge);
        this.openSwap += charge;
      }
    }
  }

  private stopOut(time: number, bid: number, ask: number): void {
    const positions = this.positions;
    while (this.usedMargin > 0 && this.equity <= this.usedMargin * this.stopOutFraction) {
      const level = (this.equity / this.usedMargin) * 100;
      let worst = 0;
      for (let k = 1; k < positions.length; k++)
        if (positions[k].floating < positions[worst].floating) worst = k;
      const w = positions[worst];
      this.close(worst, time, w.dir === 1 ? bid : ask, bid, "stopout", `so ${level.toFixed(1)}%`);
      this.markToMarket();
    }
  }

  /**
   * Fast bar (every tick / open prices, after the bar's first tick went through tick()): when no tick
   * between the bar's low and high can trigger a stop, target or stop-out, a tick can only move equity,
   * which is then a straight line in the bid: equity = a + b x bid. fastTick() does just that, and
   * endFastBar() settles MFE/MAE and the margin level from the bar's lowest and highest bid seen.
   * Exact, not an approximation: every tick still reaches the drawdown tracker.
   * Returns false (use tick() for every tick) when the bar is not safe.
   */
  beginFastBar(low: number, high: number, spread: number): boolean {
    if (!this.fastRateOk) return false;
    const positions = this.positions;
    const unit =
      this.constantUnit > 0
        ? this.constantUnit
        : this.contract * this.converter.profitRate(this.quoteTime, this.quoteBid);
    let a = this.balance + this.openSwap;
    let b = 0;
    for (let k = 0; k < positions.length; k++) {
      const p = positions[k];
      // `!(x <= NaN)` is true: a missing stop or target is never touched.
      if (p.dir === 1) {
        if (!(low > p.sl || Number.isNaN(p.sl)) || !(high < p.tp || Number.isNaN(p.tp))) return false;
        a -= p.openPrice * p.lots * unit;
        b += p.lots * unit;
      } else {
        if (
          !(this.round(high + spread) < p.sl || Number.isNaN(p.sl)) ||
          !(this.round(low + spread) > p.tp || Number.isNaN(p.tp))
        )
          return false;
        a += (p.openPrice - spread) * p.lots * unit;
        b -= p.lots * unit;
      }
    }
    const worst = Math.min(a + b * low, a + b * high);
    if (this.usedMargin > 0 && worst <= this.usedMargin * this.stopOutFraction) return false;
    this.fastA = a;
    this.fastB = b;
    this.fastUnit = unit;
    this.fastSpread = spread;
    this.fastLow = this.quoteBid;
    this.fastHigh = this.quoteBid;
    return true;
  }

  fastTick(time: number, bid: number): void {
    this.quoteTime = time;
    this.quoteBid = bid;
    this.fastQuote();
  }

  /** fastTick at (quoteTime, quoteBid) as the caller wrote them (no double arguments to box). */
  fastQuote(): void {
    const bid = this.quoteBid;
    const equity = this.fastA + this.fastB * bid;
    if (bid < this.fastLow) this.fastLow = bid;
    else if (bid > this.fastHigh) this.fastHigh = bid;
    this.equity = equity;
    this.drawdown.update(equity);
  }

  /**
   * After beginFastBar: would the bar's ticks change nothing but the closing quote and equity, for any bids
   * in [low, high]? That is, the drawdown tracker ignores every equity a + b x bid there, and no MFE/MAE
   * or margin-level minimum moves (the same comparisons endFastBar makes, at the range's ends: all of
   * them are monotonic in the bid). Then the driver feeds only the bar's last tick, with the same result.
   */
  fastBarIdle(low: number, high: number): boolean {
    const a = this.fastA;
    const b = this.fastB;
    const atLow = a + b * low;
    const atHigh = a + b * high;
    const worst = Math.min(atLow, atHigh);
    if (!this.drawdown.unchangedWithin(worst, Math.max(atLow, atHigh))) return false;
    if (this.usedMargin > 0 && worst < this.usedMargin * this.levelMinFraction) return false;
    const unit = this.fastUnit;
    const s = this.fastSpread;
    const positions = this.positions;
    for (let k = 0; k < positions.length; k++) {
      const p = positions[k];
      const lo = p.dir === 1 ? (low - p.openPrice) * p.lots * unit : (p.openPrice - high - s) * p.lots * unit;
      const hi = p.dir === 1 ? (high - p.openPrice) * p.lots * unit : (p.openPrice - low - s) * p.lots * unit;
      if (!(hi <= p.mfe) || !(lo >= p.mae)) return false;
    }
    return true;
  }

  endFastBar(): void {
    const unit = this.fastUnit;
    const s = this.fastSpread;
    const bid = this.quoteBid;
    this.quoteAsk = bid + s;
    for (const p of this.positions) {
      const lo =
        p.dir === 1
          ? (this.fastLow - p.openPrice) * p.lots * unit
          : (p.openPrice - this.fastHigh - s) * p.lots * unit;
      const hi =
        p.dir === 1
          ? (this.fastHigh - p.openPrice) * p.lots * unit
          : (p.openPrice - this.fastLow - s) * p.lots * unit;
      if (hi > p.mfe) p.mfe = hi;
      if (lo < p.mae) p.mae = lo;
      p.floating =
        p.dir === 1 ? (bid - p.openPrice) * p.lots * unit : (p.openPrice - bid - s) * p.lots * unit;
    }
    if (this.usedMargin > 0) {
      const worst = Math.min(this.fastA + this.fastB * this.fastLow, this.fastA + this.fastB * this.fastHigh);
      if (worst < this.usedMargin * this.levelMinFraction) this.levelMinFraction = worst / this.usedMargin;
    }
  }

  private markToMarket(): void {
    const time = this.quoteTime;
    const bid = this.quoteBid;
    const ask = this.quoteAsk;
    const positions = this.positions;
    let equity = this.balance + this.openSwap;
    if (positions.length > 0) {
      const unit =
        this.constantUnit > 0 ? this.constantUnit : this.contract * this.converter.profitRate(time, bid);
      for (let k = 0; k < positions.length; k++) {
        const p = positions[k];
        const f = p.dir === 1 ? (bid - p.openPrice) * p.lots * unit : (p.openPrice - ask) * p.lots * unit;
        p.floating = f;
        if (f > p.mfe) p.mfe = f;
        else if (f < p.mae) p.mae = f;
        equity += f;
      }
      // Margin level = equity / margin x 100; compare without dividing on every tick.
      if (equity < this.usedMargin * this.levelMinFraction) this.levelMinFraction = equity / this.usedMargin;
    }
    this.equity = equity;
    this.drawdown.update(equity);
  }

  /** Lowest equity / margin x 100 seen while margin was used; null when no position was ever open. */
  get marginLevelMin(): number | null {
    return this.levelMinFraction === Number.POSITIVE_INFINITY ? null : this.levelMinFraction * 100;
  }

  /**
   * Could trail() move a stop at any bid in [low, high] (ask = bid + spread)? The profit test and the
   * new stop are monotonic in the quote, so checking the range's best end is exact.
   */
  trailCouldMove(
    dist: number,
    start: number,
    step: number,
    low: number,
    high: number,
    spread: number,
  ): boolean {
    for (const p of this.positions) {
      if (p.dir === 1) {
        if (high - p.openPrice < start) continue;
        const s = this.round(high - dist);
        if (Number.isNaN(p.sl) || s >= p.sl + step) return true;
      } else {
        const ask = this.round(low + spread);
        if (p.openPrice - ask < start) continue;
        const s = this.round(ask + dist);
        if (Number.isNaN(p.sl) || s <= p.sl - step) return true;
      }
    }
    return false;
  }

  /** Could breakEven() fire for a position at any bid in [low, high] (ask = bid + spread)? */
  breakEvenCouldFire(trigger: number, low: number, high: number, spread: number): boolean {
    for (const p of this.positions) {
      if (p.breakEvenDone) continue;
      if (p.dir === 1 ? high - p.openPrice >= trigger : p.openPrice - this.round(low + spread) >= trigger)
        return true;
    }
    return false;
  }

  /**
   * Would the broker refuse `p`'s stop moved to `sl` at this quote (inside the stops level, or the target
   * inside it: stops-level.ts)? Never without a stops level.
   */
  stopRefused(p: Position, sl: number, bid: number, ask: number): boolean {
    if (this.stopsLevel <= 0) return false;
    return !stopsAccepted(p.dir, sl, p.tp, bid, this.round(ask), this.stopsLevel, this.symbol.point);
  }

  /** Within the freeze level: no modification, no close by request (freeze.ts). */
  isFrozen(p: Position, bid: number, ask: number): boolean {
    return frozen(p, bid, ask, this.freezeLevel, this.symbol.point);
  }

  /** Trailing stop: stop = exit quote -/+ dist once `start` in profit, moved only forward by >= step. */
  trail(dist: number, start: number, step: number, bid: number, ask: number): void {
    for (const p of this.positions) {
      if (this.freezeLevel > 0 && this.isFrozen(p, bid, ask)) continue;
      if (p.dir === 1) {
        if (bid - p.openPrice < start) continue;
        const s = this.round(bid - dist);
        if (Number.isNaN(p.sl) || s >= p.sl + step) p.sl = s;
      } else {
        if (p.openPrice - ask < start) continue;
        const s = this.round(ask + dist);
        if (Number.isNaN(p.sl) || s <= p.sl - step) p.sl = s;
      }
    }
  }

  /**
   * Staircase trailing (spec-exits.ts `steps`): k = the whole steps of `every` in profit (bid - open for a
   * buy, open - ask for a sell); from k >= 1 the stop goes to open -/+ (every - k x move) when better.
   * The 1e-9 keeps a profit of exactly k steps, which float subtraction may leave a hair short, at k (the
   * EA computes the same expression).
   */
  steps(every: number, move: number, bid: number, ask: number): void {
    for (const p of this.positions) {
      if (this.freezeLevel > 0 && this.isFrozen(p, bid, ask)) continue;
      const s = this.stepLevel(p, every, move, p.dir === 1 ? bid : ask);
      if (Number.isNaN(s)) continue;
      if (Number.isNaN(p.sl) || (p.dir === 1 ? s > p.sl : s < p.sl)) p.sl = s;
    }
  }

  /** The staircase stop of `p` at exit quote `quote` (NaN before the first step). */
  private stepLevel(p: Position, every: number, move: number, quote: number): number {
    const profit = p.dir === 1 ? quote - p.openPrice : p.openPrice - quote;
    const k = Math.floor(profit / every + 1e-9);
    if (!(k >= 1)) return Number.NaN;
    return this.round(p.dir === 1 ? p.openPrice - every + k * move : p.openPrice + every - k * move);
  }

  /** Could steps() move a stop at any bid in [low, high] (ask = bid + spread)? Monotonic in the quote. */
  stepsCouldMove(every: number, move: number, low: number, high: number, spread: number): boolean {
    for (const p of this.positions) {
      const s = this.stepLevel(p, every, move, p.dir === 1 ? high : this.round(low + spread));
      if (Number.isNaN(s)) continue;
      if (Number.isNaN(p.sl) || (p.dir === 1 ? s > p.sl : s < p.sl)) return true;
    }
    return false;
  }

  /**
   * Break-even at a fraction of the target (spec-exits.ts breakEvenAtTarget): once `fraction` x the distance
   * from the open price to the position's take profit in profit, the stop to the entry (never loosening it),
   * once, as breakEven(). A position without a take profit has none.
   */
  breakEvenAtTarget(fraction: number, bid: number, ask: number): void {
    for (const p of this.positions) {
      if (p.breakEvenDone || Number.isNaN(p.tp)) continue;
      if (this.freezeLevel > 0 && this.isFrozen(p, bid, ask)) continue;
      const trigger = fraction * Math.abs(p.tp - p.openPrice);
      if (p.dir === 1 ? bid - p.openPrice >= trigger : p.openPrice - ask >= trigger) {
        const s = this.round(p.openPrice);
        if (Number.isNaN(p.sl) || (p.dir === 1 ? s > p.sl : s < p.sl)) p.sl = s;
        p.breakEvenDone = true;
      }
    }
  }

  /** Could breakEvenAtTarget() fire for a position at any bid in [low, high] (ask = bid + spread)? */
  breakEvenAtTargetCouldFire(fraction: number, low: number, high: number, spread: number): boolean {
    for (const p of this.positions) {
      if (p.breakEvenDone || Number.isNaN(p.tp)) continue;
      const trigger = fraction * Math.abs(p.tp - p.openPrice);
      if (p.dir === 1 ? high - p.openPrice >= trigger : p.openPrice - this.round(low + spread) >= trigger)
        return true;
    }
    return false;
  }

  /** Break-even: once `trigger` in profit, stop to entry +/- offset (never loosening it), once. */
  breakEven(trigger: number, offset: number, bid: number, ask: number): void {
    for (const p of this.positions) {
      if (p.breakEvenDone) continue;
      if (this.freezeLevel > 0 && this.isFrozen(p, bid, ask)) continue;
      if (p.dir === 1 && bid - p.openPrice >= trigger) {
        const s = this.round(p.openPrice + offset);
        if (Number.isNaN(p.sl) || s > p.sl) p.sl = s;
        p.breakEvenDone = true;
      } else if (p.dir === -1 && p.openPrice - ask >= trigger) {
        const s = this.round(p.openPrice - offset);
        if (Number.isNaN(p.sl) || s < p.sl) p.sl = s;
        p.breakEvenDone = true;
      }
    }
  }
}
