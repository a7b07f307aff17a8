/**
 * The driver of open prices only (model 3): each bar of the test period is four ticks, its open, then
 * its other three OHLC points at 1/4, 2/4 and 3/4 of its period (low first on a bullish bar, high first
 * on a bearish one; a doji takes the opposite of the previous bar), so that SL/TP exits carry a time
 * inside the bar. The EA runs on the open only; the other three ticks still trigger SL/TP.
 *
 * THREE WAYS TO RUN A BAR, each the same as the one before it in everything a trader sees:
 *   "reference": every tick through Simulation.step (tests only: RunOptions.shortcuts false);
 *   "tick":      the open through Simulation.step; then a quiet bar (flat, no request waiting) counts its
 *                other ticks, and a fast bar (no stop, target or stop-out reachable, a profit rate that
 *                cannot change within the bar) only moves equity (Broker.beginFastBar); shortcuts.test.ts
 *                and fast-bar.test.ts compare it with the reference;
 *   "bar":       runs of bars where the EA's open tick cannot act (barLevel below): flat, or one position
 *                valued without a conversion and without trailing stop or break-even, no request waiting,
 *                no rule firing on the strategy bar that just closed (the rules are compiled to bits per
 *                strategy bar, and the list of bars where any is set), and no stop, target or stop-out
 *                reachable at any of the bar's four ticks. Such a bar changes only the equity samples,
 *                the drawdown, MFE/MAE and the margin level, computed in a loop with no call per tick,
 *                with the same expressions as Broker.tick and the fast bar, so the numbers are the same
 *                to the last bit. Every other bar runs as "tick". open-prices.test.ts checks that "bar"
 *                and "tick" give identical orders, deals, trades, curves, report input, summary and notes
 *                on every example strategy (real EURUSD H1, several accounts) and on random strategies,
 *                bars and accounts.
 */
import { bucketEnd, bucketStart, isFixed, periodMs } from "../market/periods";
import type { Bars } from "../market/types";
import { type Broker, onPriceGrid } from "./broker";
import { ENTRY_LONG, ENTRY_SHORT } from "./signals";
import type { Simulation } from "./simulation";
import { barIsBullish } from "./ticks";
import type { BacktestSettings } from "./types";

const ENTRY_BITS = ENTRY_LONG | ENTRY_SHORT;

export type OpenPricesMode = "reference" | "tick" | "bar";

export interface DriveResult {
  quality: number;
  defaultSpreadBars: number;
}

/** What a driver counted: bars with a consistent OHLC, and bars without a spread. */
interface Counts {
  good: number;
  defaultSpreadBars: number;
}

/**
 * Streams bars [start, end) into the simulation. Returns the history quality (the % of bars whose OHLC
 * is consistent: low <= open, close <= high; MT5's exact algorithm is undocumented) and the number of
 * bars that carried no spread (the symbol's default was used).
 */
export function driveOpenPrices(
  sim: Simulation,
  broker: Broker,
  bars: Bars,
  start: number,
  end: number,
  settings: BacktestSettings,
  mode: OpenPricesMode,
): DriveResult {
  const counts =
    mode === "bar"
      ? barLevel(sim, broker, bars, start, end, settings)
      : tickLevel(sim, broker, bars, start, end, settings, mode === "tick");
  return {
    quality: end > start ? (counts.good / (end - start)) * 100 : 0,
    defaultSpreadBars: counts.defaultSpreadBars,
  };
}

/** The open tick through Simulation.step, then the bar's other three ticks (openTick, restOfBar). */
function tickLevel(
  sim: Simulation,
  broker: Broker,
  bars: Bars,
  start: number,
  end: number,
  settings: BacktestSettings,
  shortcuts: boolean,
): Counts {
  const { open, high, low, close, spread } = bars;
  const point = settings.symbol.point;
  const override = settings.spreadPoints;
  const fallbackSpread = settings.symbol.spread;
  const quarter = isFixed(settings.period) ? periodMs(settings.period) / 4 : 0;
  const mode = shortcuts ? shortcutsFor(broker, settings) : NONE;
  let bullish = true;
  let good = 0;
  let defaultSpreadBars = 0;
  for (let i = start; i < end; i++) {
    const o = open[i];
    const h = high[i];
    const l = low[i];
    const c = close[i];
    if (l <= o && l <= c && h >= o && h >= c) good++;
    let pts = override ?? spread[i];
    if (!(pts > 0) && override === undefined) {
      pts = fallbackSpread;
      defaultSpreadBars++;
    }
    sim.spreadPrice = pts * point;
    openTick(sim, bars, i);
    bullish = restOfBar(sim, broker, bars, i, quarter, settings, bullish, mode);
  }
  return { good, defaultSpreadBars };
}

/** Which shortcuts restOfBar takes: none (the reference), quiet bars only, or quiet and fast bars. */
type Shortcuts = 0 | 1 | 2;
const NONE = 0;
const QUIET = 1;
const QUIET_AND_FAST = 2;

/**
 * Quiet bars always; fast bars only when the profit rate cannot change inside a bar. The fast bar values
 * the bar's ticks at one rate, and a cross rate (EURGBP with a USD deposit) is refreshed every minute,
 * while the ticks of a bar longer than M1 are minutes apart: such bars take every tick.
 */
function shortcutsFor(broker: Broker, settings: BacktestSettings): Shortcuts {
  return broker.constantUnit > 0 || settings.period === "M1" ? QUIET_AND_FAST : QUIET;
}

/**
 * One bar on the tick path is openTick then restOfBar: its open through step(); then, with shortcuts, a
 * quiet bar (flat, nothing waiting) only counts its other ticks and a fast bar only moves equity
 * (Broker.beginFastBar); otherwise every tick goes through step().
 */
function openTick(sim: Simulation, bars: Bars, i: number): void {
  sim.firstTickOfBar = true;
  sim.tickTime = bars.time[i];
  sim.tickBid = bars.open[i];
  sim.step();
}

/**
 * The bar's other three ticks after openTick (quiet, fast, or each through step()). Returns the bar's
 * direction (the next doji's tick order).
 */
function restOfBar(
  sim: Simulation,
  broker: Broker,
  bars: Bars,
  i: number,
  quarter: number,
  settings: BacktestSettings,
  wasBullish: boolean,
  shortcuts: Shortcuts,
): boolean {
  // The bar's prices are read here and its spread set by the caller in sim.spreadPrice: doubles passed
  // as arguments to a call that is not inlined would each be boxed.
  const o = bars.open[i];
  const h = bars.high[i];
  const l = bars.low[i];
  const c = bars.close[i];
  const t = bars.time[i];
  const bullish = barIsBullish(o, c, wasBullish);
  if (shortcuts !== NONE && sim.quiet()) {
    sim.ticks += 3;
    return bullish;
  }
  const q = quarter || Math.max(1, Math.floor((bucketEnd(t, settings.period) - t) / 4));
  // Tick k (1..3) at k/4 of the bar: the low then the high on a bullish bar (the high first on a
  // bearish one), then the close.
  const first = bullish ? l : h;
  const second = bullish ? h : l;
  if (shortcuts === QUIET_AND_FAST && sim.beginFastBar(l, h)) {
    for (let k = 1; k <= 3; k++) {
      broker.quoteTime = t + k * q;
      broker.quoteBid = k === 1 ? first : k === 2 ? second : c;
      broker.fastQuote();
    }
    broker.endFastBar();
    sim.ticks += 3;
    return bullish;
  }
  for (let k = 1; k <= 3; k++) {
    sim.tickTime = t + k * q;
    sim.tickBid = k === 1 ? first : k === 2 ? second : c;
    sim.step();
  }
  return bullish;
}

/** The spread price of bar i as the drivers compute it (pts x point, the symbol's default where 0). */
function spreadPrice(
  spread: Float64Array,
  i: number,
  fixed: boolean,
  fixedPrice: number,
  point: number,
  fallbackPrice: number,
): number {
  if (fixed) return fixedPrice;
  const pts = spread[i];
  return pts > 0 ? pts * point : fallbackPrice;
}

/**
 * barIsBullish folded over bars [from, to) from `bullish`: the last bar that is not a doji sets the
 * direction, and every doji after it flips it.
 */
function runDirection(
  open: Float64Array,
  close: Float64Array,
  from: number,
  to: number,
  bullish: boolean,
): boolean {
  let flips = 0;
  for (let k = to - 1; k >= from; k--) {
    const o = open[k];
    const c = close[k];
    if (c > o) return flips % 2 === 0;
    if (c < o) return flips % 2 === 1;
    flips++;
  }
  return flips % 2 === 0 ? bullish : !bullish;
}

/** Are the times of [start, end) on the grid of `length` ms and strictly increasing (a bar per bucket)? */
function onGrid(time: Float64Array, start: number, end: number, length: number): boolean {
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = start; i < end; i++) {
    const t = time[i];
    // The bar one period after a bar on the grid is on it (whole ms far below 2^53): most bars, no division.
    if (t === previous + length) {
      previous = t;
      continue;
    }
    if (!(t > previous) || Math.floor(t / length) * length !== t) return false;
    previous = t;
  }
  return true;
}

/**
 * The bar-level path, in runs of bars:
 *   - flat, nothing waiting: until a bar whose open reads a strategy bar with a rule holding;
 *   - one position, valued without conversion, no trailing stop or break-even, nothing waiting: until
 *     such a bar, or a bar where the open hits its stop or target (gap rules of Broker.tick), or one of
 *     the other three ticks could reach them, or a stop-out could happen (Broker.beginFastBar).
 * Any other bar goes to the tick path. The simulation's bar bookkeeping (next test and strategy bar, samples,
 * tick count), the account's equity and the position's MFE/MAE live in locals during a run, and are
 * written back before a bar goes to the tick path (and read again after it).
 * When the strategy's bars are the tested bars and every bar opens its own bucket of the period
 * ("aligned", the usual case), every bar starts a new test bar and a new strategy bar at its own time,
 * so a flat run is settled in bulk (its samples are the bars' times, equity and balance) and a run
 * ends at the next bar whose rules' bits are set, found from the bits alone.
 */
function barLevel(
  sim: Simulation,
  broker: Broker,
  bars: Bars,
  start: number,
  end: number,
  settings: BacktestSettings,
): Counts {
  const { time, open, high, low, close, spread } = bars;
  const point = settings.symbol.point;
  const scale = 10 ** settings.symbol.digits;
  const override = settings.spreadPoints;
  const fixedSpread = override !== undefined;
  // The spread price as tickLevel computes it: pts x point, the symbol's default where a bar has none.
  const fixedPrice = fixedSpread ? override * point : 0;
  const fallbackPrice = settings.symbol.spread * point;
  const quarter = isFixed(settings.period) ? periodMs(settings.period) / 4 : 0;
  const signals = sim.signals;
  const st = sim.signalBars.time;
  const stLength = st.length;
  const testLen = sim.testLen;
  const signalLen = sim.signalLen;
  const testPeriod = sim.testPeriod;
  const signalPeriod = sim.signalPeriod;
  const pending = sim.pending;
  const positions = broker.positions;
  const dd = broker.drawdown;
  // A position is valued here only when no conversion is needed (unit > 0) and nothing manages it.
  const unit = broker.constantUnit;
  const valued = unit > 0 && !sim.manages;
  const stopOut = broker.stopOutFraction;
  const mode = shortcutsFor(broker, settings);
  const active = sim.active;
  const entries = sim.entries;
  const aligned =
    sim.signalBars === bars && testLen > 0 && signalLen === testLen && onGrid(time, start, end, testLen);
  // One sample per bar at most: no growth inside the loop.
  sim.barTime.reserve(end - start);
  sim.barEquity.reserve(end - start);
  sim.barBalance.reserve(end - start);
  const barTime = sim.barTime.data;
  const barEquity = sim.barEquity.data;
  const barBalance = sim.barBalance.data;

  // The locals, loaded from the simulation and broker (and again after every bar on the tick path).
  let samples = sim.barTime.length;
  let nextTestBar = sim.nextTestBar;
  let nextSignalBar = sim.nextSignalBar;
  let sigIdx = sim.sigIdx;
  let ticks = sim.ticks;
  let equity = broker.equity;
  let balance = broker.balance;
  let usedMargin = broker.usedMargin;
  let quoteTime = broker.quoteTime;
  let quoteBid = broker.quoteBid;
  let quoteAsk = broker.quoteAsk;

  let bullish = true;
  let good = 0;
  let defaultSpreadBars = 0;
  // Filled at the write-back inside the loop: after the loop comes nothing but `return counts`.
  const counts: Counts = { good: 0, defaultSpreadBars: 0 };
  // Aligned: the next bar at or after i whose open reads a closed bar (the one before it) with bits set.
  // A flat account looks at the entry bits only (`entries`, and ENTRY_BITS when not aligned): an exit
  // rule with nothing open closes nothing, and the other rules' work (time exits, trailing) is on open
  // positions too.
  let event = start;
  let next = 0;
  let nextEntry = 0;
  let i = start;
  for (;;) {
    const flat = i < end && pending.length === 0 && positions.length === 0 && !sim.hasOrders();
    if (aligned) {
      if (flat) {
        while (nextEntry < entries.length && entries[nextEntry] + 1 < i) nextEntry++;
        event = nextEntry < entries.length ? Math.min(end, entries[nextEntry] + 1) : end;
      } else {
        while (next < active.length && active[next] + 1 < i) next++;
        event = next < active.length ? Math.min(end, active[next] + 1) : end;
      }
    }
    if (i >= end) {
      // Nothing left: write back below.
    } else if (flat) {
      // A flat run: Simulation.step at each open (strategy-bar bookkeeping, the test-bar sample with the
      // equity the last tick left, Broker.tick making equity the balance); the other three ticks count.
      // What is the same for every bar of the run (equity and balance samples, tick count, the last
      // quote, the bars' direction) is settled after it.
      const first = i;
      const firstSample = samples;
      let firstSampled = false;
      if (aligned) {
        // Each bar is its own test bar and strategy bar, starting at its time.
        i = event;
        if (i > first) {
          for (let k = first; k < i; k++) {
            barTime[samples++] = time[k];
            const o = open[k];
            const h = high[k];
            const l = low[k];
            const c = close[k];
            if (l <= o && l <= c && h >= o && h >= c) good++;
            if (!fixedSpread && !(spread[k] > 0)) defaultSpreadBars++;
          }
          firstSampled = true;
          sigIdx = i - 1;
          nextSignalBar = time[i - 1] + signalLen;
          nextTestBar = time[i - 1] + testLen;
        }
      } else {
        for (; i < end; i++) {
          const t = time[i];
          if (t >= nextSignalBar) {
            let j = sigIdx;
            while (j + 1 < stLength && st[j + 1] <= t) j++;
            if (j >= 1 && (signals[j - 1] & ENTRY_BITS) !== 0) break;
            sigIdx = j;
            // A fixed-length bar right after the previous one starts where that one ended, which is
            // what the floor division gives (times are whole ms far below 2^53).
            nextSignalBar =
              signalLen > 0
                ? t < nextSignalBar + signalLen
                  ? nextSignalBar + signalLen
                  : Math.floor(t / signalLen) * signalLen + signalLen
                : bucketEnd(t, signalPeriod);
          }
          const o = open[i];
          const h = high[i];
          const l = low[i];
          const c = close[i];
          if (l <= o && l <= c && h >= o && h >= c) good++;
          if (!fixedSpread && !(spread[i] > 0)) defaultSpreadBars++;
          if (t >= nextTestBar) {
            const barStart =
              testLen > 0
                ? t < nextTestBar + testLen
                  ? nextTestBar
                  : Math.floor(t / testLen) * testLen
                : bucketStart(t, testPeriod);
            nextTestBar = testLen > 0 ? barStart + testLen : bucketEnd(t, testPeriod);
            barTime[samples] = barStart;
            if (i === first) firstSampled = true;
            samples++;
          }
        }
      }
      if (i > first) {
        // The first bar's sample holds the equity the last tick left; Broker.tick at its open then
        // makes equity the balance, which every later sample of the run holds.
        if (samples > firstSample) {
          barEquity[firstSample] = firstSampled ? equity : balance;
          for (let k = firstSample + 1; k < samples; k++) barEquity[k] = balance;
          for (let k = firstSample; k < samples; k++) barBalance[k] = balance;
        }
        if (equity !== balance) {
          equity = balance;
          dd.update(balance);
        }
        ticks += 4 * (i - first);
        bullish = runDirection(open, close, first, i, bullish);
        const last = i - 1;
        quoteTime = time[last];
        quoteBid = open[last];
        quoteAsk = open[last] + spreadPrice(spread, last, fixedSpread, fixedPrice, point, fallbackPrice);
      }
    } else if (pending.length === 0 && positions.length === 1 && valued && !sim.hasOrders()) {
      // A one-position run: at each open Broker.tick (no stop or target hit: only markToMarket), then the
      // fast bar (Broker.fastQuote for the other three ticks, endFastBar), with the same expressions.
      const p = positions[0];
      const long = p.dir === 1;
      const lots = p.lots;
      const entry = p.openPrice;
      const sl = p.sl;
      const tp = p.tp;
      const noSl = Number.isNaN(sl);
      const noTp = Number.isNaN(tp);
      const stops = !noSl || !noTp;
      // Broker.beginFastBar: equity = a + b x bid; a long's a does not depend on the spread.
      const b = long ? lots * unit : 0 - lots * unit;
      // Equity counts the swap the position has accrued; a bar at or after the next rollover ends the
      // run (the tick path then charges it through Broker.tick), so the swap is constant within a run.
      const cash = balance + broker.openSwap;
      const rollover = broker.nextRollover;
      const longA = cash - entry * lots * unit;
      const margins = usedMargin > 0;
      const stopOutAt = usedMargin * stopOut;
      // MFE/MAE: every candidate (the open's floating P/L, the fast bar's best and worst) is a monotonic
      // function of one price when the spread is fixed (or the position long), so the run keeps the
      // extreme prices and settles MFE/MAE once, with the expressions of markToMarket and endFastBar.
      const extremes = long || fixedSpread;
      let highest = Number.NEGATIVE_INFINITY;
      let lowest = Number.POSITIVE_INFINITY;
      let lowestAsk = Number.POSITIVE_INFINITY;
      let highestAsk = Number.NEGATIVE_INFINITY;
      let mfe = p.mfe;
      let mae = p.mae;
      let levelMin = broker.levelMinFraction;
      const first = i;
      const firstSample = samples;
      // Aligned: the run stops at the next event; otherwise each bar checks for one.
      const stop = aligned ? event : end;
      let sp = fixedPrice;
      for (; i < stop; i++) {
        let newSignalBar = false;
        let j = sigIdx;
        if (!aligned) {
          const t = time[i];
          newSignalBar = t >= nextSignalBar;
          if (newSignalBar) {
            while (j + 1 < stLength && st[j + 1] <= t) j++;
            if (j >= 1 && signals[j - 1] !== 0) break;
          }
        }
        if (time[i] >= rollover) break;
        const o = open[i];
        const h = high[i];
        const l = low[i];
        const c = close[i];
        let noSpread = false;
        if (!fixedSpread) {
          const pts = spread[i];
          if (pts > 0) sp = pts * point;
          else {
            sp = fallbackPrice;
            noSpread = true;
          }
        }
        const ask = o + sp;
        if (stops) {
          if (long) {
            if (o <= sl || o >= tp || !(l > sl || noSl) || !(h < tp || noTp)) break;
          } else {
            // Stops and targets compare with the ask on the price grid, as Broker.tick does.
            const askGrid = onPriceGrid(ask, scale);
            if (
              askGrid >= sl ||
              askGrid <= tp ||
              !(onPriceGrid(h + sp, scale) < sl || noSl) ||
              !(onPriceGrid(l + sp, scale) > tp || noTp)
            )
              break;
          }
        }
        const f = long ? (o - entry) * lots * unit : (entry - ask) * lots * unit;
        const openEquity = cash + f;
        const a = long ? longA : cash + (entry - sp) * lots * unit;
        // The bar's lowest and highest bid from its open (fastQuote's running extremes: the order of the
        // ticks does not change them), and the equity there: a + b x bid is monotonic in the bid.
        let lowSeen = o;
        let highSeen = o;
        if (l < lowSeen) lowSeen = l;
        else if (l > highSeen) highSeen = l;
        if (h < lowSeen) lowSeen = h;
        else if (h > highSeen) highSeen = h;
        if (c < lowSeen) lowSeen = c;
        else if (c > highSeen) highSeen = c;
        const atLow = a + b * lowSeen;
        const atHigh = a + b * highSeen;
        const worst = Math.min(atLow, atHigh);
        // Stop-out (Broker.tick at the open, beginFastBar for the rest). The bar's low and high lie
        // within [lowSeen, highSeen], so their equities are at or above `worst`.
        if (
          margins &&
          (openEquity <= stopOutAt || (worst <= stopOutAt && Math.min(a + b * l, a + b * h) <= stopOutAt))
        )
          break;

        // The bar runs here: the bookkeeping of Simulation.step at its open.
        if (l <= o && l <= c && h >= o && h >= c) good++;
        if (noSpread) defaultSpreadBars++;
        if (aligned) barEquity[samples++] = equity;
        else {
          const t = time[i];
          if (newSignalBar) {
            sigIdx = j;
            nextSignalBar =
              signalLen > 0
                ? t < nextSignalBar + signalLen
                  ? nextSignalBar + signalLen
                  : Math.floor(t / signalLen) * signalLen + signalLen
                : bucketEnd(t, signalPeriod);
          }
          if (t >= nextTestBar) {
            const barStart =
              testLen > 0
                ? t < nextTestBar + testLen
                  ? nextTestBar
                  : Math.floor(t / testLen) * testLen
                : bucketStart(t, testPeriod);
            nextTestBar = testLen > 0 ? barStart + testLen : bucketEnd(t, testPeriod);
            barTime[samples] = barStart;
            barEquity[samples] = equity;
            samples++;
          }
        }
        // The open: markToMarket's MFE/MAE and margin level.
        if (extremes) {
          if (highSeen > highest) highest = highSeen;
          if (lowSeen < lowest) lowest = lowSeen;
          if (!long) {
            if (ask < lowestAsk) lowestAsk = ask;
            if (ask > highestAsk) highestAsk = ask;
          }
        } else {
          if (f > mfe) mfe = f;
          else if (f < mae) mae = f;
        }
        if (openEquity < usedMargin * levelMin) levelMin = openEquity / usedMargin;
        // The other three ticks, then endFastBar.
        equity = a + b * c;
        // The four equities in tick order to the drawdown tracker, unless none of them can change it:
        // all at or above its lowest value, below its peak, and no deeper than a drawdown it has
        // already settled (DrawdownTracker.unchangedWithin's first case, without the call).
        const least = Math.min(openEquity, long ? atLow : atHigh);
        const most = Math.max(openEquity, long ? atHigh : atLow);
        if (!(least >= dd.lowest && most < dd.peak && dd.peak - least <= dd.settled)) {
          // The tick order is needed only here (rarely): the bar's direction, folded from the run's start.
          const up = runDirection(open, close, first, i + 1, bullish);
          dd.update(openEquity);
          dd.update(a + b * (up ? l : h));
          dd.update(a + b * (up ? h : l));
          dd.update(equity);
        }
        if (!extremes) {
          const lo = (entry - highSeen - sp) * lots * unit;
          const hi = (entry - lowSeen - sp) * lots * unit;
          if (hi > mfe) mfe = hi;
          if (lo < mae) mae = lo;
        }
        if (margins && worst < usedMargin * levelMin) levelMin = worst / usedMargin;
      }
      if (i > first) {
        bullish = runDirection(open, close, first, i, bullish);
        if (aligned) {
          for (let k = first, m = firstSample; k < i; k++, m++) barTime[m] = time[k];
          sigIdx = i - 1;
          nextSignalBar = time[i - 1] + signalLen;
          nextTestBar = time[i - 1] + testLen;
        }
        for (let k = firstSample; k < samples; k++) barBalance[k] = balance;
        ticks += 4 * (i - first);
        const last = i - 1;
        const lastSpread = spreadPrice(spread, last, fixedSpread, fixedPrice, point, fallbackPrice);
        if (extremes) {
          // The largest and smallest of every bar's candidates, through the same monotonic expressions.
          let best: number;
          let worstPl: number;
          if (long) {
            best = (highest - entry) * lots * unit;
            worstPl = (lowest - entry) * lots * unit;
          } else {
            best = (entry - lowest - sp) * lots * unit;
            worstPl = (entry - highest - sp) * lots * unit;
            const openBest = (entry - lowestAsk) * lots * unit;
            const openWorst = (entry - highestAsk) * lots * unit;
            if (openBest > mfe) mfe = openBest;
            if (openWorst < mae) mae = openWorst;
          }
          if (best > mfe) mfe = best;
          if (worstPl < mae) mae = worstPl;
        }
        const c = close[last];
        p.floating = long ? (c - entry) * lots * unit : (entry - c - lastSpread) * lots * unit;
        p.mfe = mfe;
        p.mae = mae;
        broker.levelMinFraction = levelMin;
        const t = time[last];
        quoteTime = t + 3 * (quarter || Math.max(1, Math.floor((bucketEnd(t, settings.period) - t) / 4)));
        quoteBid = c;
        quoteAsk = c + lastSpread;
      }
    }

    // Write the locals back: before a bar goes to the tick path, and at the end (one place in the loop, so
    // that the optimised loop never meets code it has not seen run).
    sim.barTime.length = samples;
    sim.barEquity.length = samples;
    sim.barBalance.length = samples;
    sim.nextTestBar = nextTestBar;
    sim.setSignalBar(nextSignalBar, sigIdx);
    sim.ticks = ticks;
    broker.equity = equity;
    broker.quoteTime = quoteTime;
    broker.quoteBid = quoteBid;
    broker.quoteAsk = quoteAsk;
    counts.good = good;
    counts.defaultSpreadBars = defaultSpreadBars;
    if (i >= end) break;

    const o = open[i];
    const h = high[i];
    const l = low[i];
    const c = close[i];
    if (l <= o && l <= c && h >= o && h >= c) good++;
    if (!fixedSpread && !(spread[i] > 0)) defaultSpreadBars++;
    const sp = spreadPrice(spread, i, fixedSpread, fixedPrice, point, fallbackPrice);
    sim.spreadPrice = sp;
    // An aligned bar whose rules act, flat or with one position valued here: Simulation.step's open tick
    // is run here (its sample, Broker.tick with no stop, target or stop-out to handle, the strategy-bar
    // bookkeeping), then the rules and restOfBar.
    let ran = false;
    if (aligned && i === event && pending.length === 0 && !sim.manages && !sim.hasOrders()) {
      const n = positions.length;
      const t = time[i];
      const ask = o + sp;
      if (n === 0) {
        ran = true;
        barTime[samples] = t;
        barEquity[samples] = equity;
        barBalance[samples] = balance;
        if (equity !== balance) {
          equity = balance;
          dd.update(balance);
        }
      } else if (n === 1 && valued && t < broker.nextRollover) {
        const p = positions[0];
        const long = p.dir === 1;
        const f = long ? (o - p.openPrice) * p.lots * unit : (p.openPrice - ask) * p.lots * unit;
        const openEquity = balance + broker.openSwap + f;
        ran =
          (long
            ? !(o <= p.sl || o >= p.tp)
            : !(onPriceGrid(ask, scale) >= p.sl || onPriceGrid(ask, scale) <= p.tp)) &&
          !(usedMargin > 0 && openEquity <= usedMargin * stopOut);
        if (ran) {
          barTime[samples] = t;
          barEquity[samples] = equity;
          barBalance[samples] = balance;
          // Broker.markToMarket.
          p.floating = f;
          if (f > p.mfe) p.mfe = f;
          else if (f < p.mae) p.mae = f;
          if (openEquity < usedMargin * broker.levelMinFraction) {
            broker.levelMinFraction = openEquity / usedMargin;
          }
          equity = openEquity;
          dd.update(openEquity);
        }
      }
      if (ran) {
        samples++;
        sim.barTime.length = samples;
        sim.barEquity.length = samples;
        sim.barBalance.length = samples;
        sim.nextTestBar = t + testLen;
        sim.setSignalBar(t + signalLen, i);
        sim.ticks = ticks + 1;
        broker.equity = equity;
        broker.quoteTime = t;
        broker.quoteBid = o;
        broker.quoteAsk = ask;
        sim.onNewBar(t, o, onPriceGrid(ask, scale));
      }
    }
    if (!ran) openTick(sim, bars, i);
    bullish = restOfBar(sim, broker, bars, i, quarter, settings, bullish, mode);
    samples = sim.barTime.length;
    nextTestBar = sim.nextTestBar;
    nextSignalBar = sim.nextSignalBar;
    sigIdx = sim.sigIdx;
    ticks = sim.ticks;
    equity = broker.equity;
    balance = broker.balance;
    usedMargin = broker.usedMargin;
    quoteTime = broker.quoteTime;
    quoteBid = broker.quoteBid;
    quoteAsk = broker.quoteAsk;
    i++;
  }
  return counts;
}
