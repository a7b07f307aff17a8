/**
 * runBacktest: spec + market data + settings -> orders, deals, trades, curves, report input, summary.
 * One pass over the modelled ticks (DESIGN D6); ticks are streamed to the simulation, never stored.
 *
 * MODELLING (mt5-report.md section 1):
 *   0 every tick: generated from M1 bars by ticks.ts.     Needs M1 data.
 *   1 real ticks: a windowed run given real ticks (real-ticks.ts) runs each M1 bar on the ticks stored
 *     in its minute and generates them (as 0) for the bars without; a run given none runs as 0 and says
 *     so in `notes`.
 *   2 1-minute OHLC: O, L/H, H/L, C of each M1 bar.        Needs M1 data.
 *   3 open prices only: O, L/H, H/L, C of each bar of the test period; the EA runs on the open only,
 *     the other three ticks still trigger SL/TP.            Needs data at the test period or finer.
 *   4 math calculations: no prices; refused for any spec that reads prices.
 * Data coarser than a model needs is a typed EngineError naming what is missing, never a downgrade.
 * Indicators are computed on every strategy-timeframe bar of the data, including bars before `from`
 * (warm-up); ticks are modelled only for bars in [from, to).
 */
import { aggregate } from "../market/aggregate";
import { lowerBound } from "../market/bars";
import { canAggregate, PERIOD_SECONDS, periodMs } from "../market/periods";
import { serverZone, UTC_SERVER } from "../market/server-time";
import type { Bars, Period } from "../market/types";
import { lowerTimeframes, type StrategySpec, specReadsPrices } from "../strategy/spec";
import { BarRng } from "./bar-rng";
import { Broker, depositDeal, toCents } from "./broker";
import { Converter } from "./conversion";
import { NO_COSTS } from "./costs";
import { delayFunction } from "./delay";
import { DrawdownTracker } from "./drawdown";
import type { FinerBars } from "./indicator-series";
import { type DriveResult, driveOpenPrices, type OpenPricesMode } from "./open-prices";
import { RealTickCursor, type RealTickWindow } from "./real-ticks";
import { type SummaryData, summarise } from "./report/summary";
import type { ReportInput } from "./report/types";
import type { SeriesCache } from "./series-cache";
import { compileStrategy } from "./signals";
import { Simulation } from "./simulation";
import {
  barIsBullish,
  generateTicks,
  lastTickBid,
  lastTickTime,
  MAX_TICKS_PER_BAR,
  ohlcTicks,
  tickCount,
  UNKNOWN_VOLUME_TICKS,
} from "./ticks";
import {
  ACCOUNT_TYPES,
  type BacktestResult,
  type BacktestSettings,
  type EngineDeal,
  EngineError,
  type Model,
  type SourceData,
} from "./types";

const M1_MS = 60_000;

const MODEL_NAMES = [
  "every tick",
  "every tick based on real ticks",
  "1 minute OHLC",
  "open prices only",
  "math calculations",
];

/** Internal switches for tests; not part of the settings a user picks. */
export interface RunOptions {
  /**
   * false: every modelled tick goes through the full per-tick path (no skipped quiet bars, no fast bars,
   * no idle bars), the reference the shortcuts are tested against. Default true.
   */
  readonly shortcuts?: boolean;
  /**
   * false: open prices only runs every bar on the per-tick path (with the shortcuts above), the reference
   * its bar-level path (open-prices.ts) is tested against. Default true.
   */
  readonly barLevel?: boolean;
  /** Indicator series shared by the runs of an optimisation (issue 17); results are the same without. */
  readonly seriesCache?: SeriesCache;
}

/**
 * A backtest that runs in steps (issue 11): `advance(n)` drives at most n more source bars and says whether
 * the run is over; `result()` then finishes it. Driving [start, end) in any number of steps is the same
 * single pass over the same state as one call, so the result does not depend on the step sizes.
 */
export interface BacktestRun {
  /** Source bars the run drives in all (0 for math calculations). */
  readonly totalBars: number;
  /** Source bars driven so far. */
  readonly doneBars: number;
  /** Drives up to `maxBars` more source bars; true when every bar has been driven. */
  advance(maxBars: number): boolean;
  /** The result; call once, after advance() returned true. */
  result(): BacktestResult;
}

/**
 * The source bars of a windowed run (issue 11): the run is set up from the strategy-timeframe bars of the
 * whole history (small: the indicators need all of it) and what the source bars of [from, to) are (counted
 * by a first pass), and the source bars themselves (M1, the big part) come later, window by window.
 */
export interface WindowedSource {
  /** The source period: M1 (windowed runs model every tick or 1 minute OHLC). */
  readonly period: Period;
  /** The strategy's timeframe bars of the whole data, warm-up included: aggregate(all source bars). */
  readonly signalBars: Bars;
  /** Source bars with an open time in [from, to): their number and the first and last open times. */
  readonly inRange: { readonly count: number; readonly first: number; readonly last: number };
  /** True when some windows come with real ticks (feed's second argument): model 1 then runs as 1. */
  readonly realTicks?: boolean;
  /**
   * The bars of each timeframe below the strategy's that it reads (lowerTimeframes of the spec), whole
   * data, aggregated by the same first pass as signalBars (spec-indicators.ts, LOWER TIMEFRAME).
   */
  readonly finerBars?: ReadonlyMap<Period, Bars>;
}

/** A windowed run: feed() the next source bars (in time order, any window), then advance() over them. */
export interface WindowedRun extends BacktestRun {
  /**
   * Gives the next window of source bars; bars outside [from, to) are skipped. `ticks`: the real ticks of
   * the window's minutes (model 1 only), which replace the generated ticks of the bars they fall in.
   */
  feed(window: Bars, ticks?: RealTickWindow): void;
}

export function runBacktest(
  spec: StrategySpec,
  data: SourceData,
  settings: BacktestSettings,
  options: RunOptions = {},
): BacktestResult {
  const run = startBacktest(spec, data, settings, options);
  while (!run.advance(Number.POSITIVE_INFINITY)) {
    // one call drives every bar
  }
  return run.result();
}

function finishedRun(result: BacktestResult): BacktestRun {
  return { totalBars: 0, doneBars: 0, advance: () => true, result: () => result };
}

/** Checks the settings and data and prepares the run; no bar is driven yet. Throws EngineError. */
export function startBacktest(
  spec: StrategySpec,
  data: SourceData,
  settings: BacktestSettings,
  options: RunOptions = {},
): BacktestRun {
  const checked = checkRun(spec, data.period, settings);
  if ("result" in checked) return finishedRun(checked.result);
  const { modelRun, notes } = checked;
  const signalBars = aggregate(data.bars, data.period, spec.timeframe);
  const sourceBars = modelRun === 3 ? aggregate(data.bars, data.period, settings.period) : data.bars;
  const start = lowerBound(sourceBars.time, settings.from);
  const end = lowerBound(sourceBars.time, settings.to);
  if (end <= start) throw noData(settings);
  // Lower timeframes (spec-indicators.ts, LOWER TIMEFRAME) from the same data, once each.
  const finer = new Map<Period, Bars>();
  const parts = setUp(spec, signalBars, sourceBars.time[start], sourceBars.time[end - 1], end - start, {
    settings,
    modelRun,
    cache: options.seriesCache,
    finer: (tf) => {
      let b = finer.get(tf);
      if (!b) {
        b = aggregate(data.bars, data.period, tf);
        finer.set(tf, b);
      }
      return b;
    },
  });
  const driver =
    modelRun === 3
      ? openPricesDriver(end - start, () =>
          driveOpenPrices(parts.sim, parts.broker, sourceBars, start, end, settings, openPricesMode(options)),
        )
      : createDriver(parts.sim, parts.broker, end - start, modelRun, settings, options.shortcuts !== false);
  driver.feed?.(sourceBars);
  return runOf(driver, end - start, { ...parts, settings, notes, modelRun });
}

/**
 * A run whose source bars are given window by window (issue 11): every tick and 1 minute OHLC only. Driving
 * the same bars in windows of any size gives exactly the result of startBacktest over all of them.
 */
export function startWindowedBacktest(
  spec: StrategySpec,
  source: WindowedSource,
  settings: BacktestSettings,
  options: RunOptions = {},
): WindowedRun {
  const checked = checkRun(spec, source.period, settings, source.realTicks === true);
  if ("result" in checked) {
    const result = checked.result;
    return { ...finishedRun(result), feed: () => {} };
  }
  const { modelRun, notes } = checked;
  if (modelRun === 3) throw new Error("open prices only runs in one window (startBacktest)");
  const { count, first, last } = source.inRange;
  if (count <= 0) throw noData(settings);
  const parts = setUp(spec, source.signalBars, first, last, count, {
    settings,
    modelRun,
    cache: options.seriesCache,
    finer: (tf) => {
      const b = source.finerBars?.get(tf);
      if (!b) throw new Error(`the windowed source has no ${tf} bars (WindowedSource.finerBars)`);
      return b;
    },
  });
  const driver = createDriver(
    parts.sim,
    parts.broker,
    count,
    modelRun,
    settings,
    options.shortcuts !== false,
  );
  const run = runOf(driver, count, { ...parts, settings, notes, modelRun });
  return {
    ...run,
    get doneBars() {
      return driver.done;
    },
    feed: (window, ticks) => driver.feed?.(window, ticks),
  };
}

/** Which of open prices' three paths runs (open-prices.ts): the reference only when the tests ask for it. */
function openPricesMode(options: RunOptions): OpenPricesMode {
  return options.shortcuts === false ? "reference" : options.barLevel !== false ? "bar" : "tick";
}

function noData(settings: BacktestSettings): EngineError {
  return new EngineError(
    "NO_DATA",
    `No ${settings.symbol.name} bars between ${new Date(settings.from).toISOString()} and ${new Date(settings.to).toISOString()}.`,
  );
}

/** The settings and data period checked against the model: the model run, or the result of a run without prices. */
function checkRun(
  spec: StrategySpec,
  dataPeriod: Period,
  settings: BacktestSettings,
  realTicks = false,
): { modelRun: Model; notes: string[] } | { result: BacktestResult } {
  checkSettings(settings);
  checkAccount(settings);
  const notes: string[] = [];
  const model = settings.model;
  if (model === 4) {
    if (specReadsPrices(spec)) {
      throw new EngineError(
        "MATH_NEEDS_NO_PRICES",
        "Math calculations (model 4) run without market data, but this strategy reads prices (indicators, entries or stops). Choose another modelling.",
      );
    }
    return { result: emptyResult(settings, notes, 4) };
  }
  let modelRun: Model = model;
  if (model === 0 || model === 1 || model === 2) {
    if (dataPeriod !== "M1") {
      throw new EngineError(
        "DATA_TOO_COARSE",
        `${MODEL_NAMES[model]} (model ${model}) is modelled from M1 bars, but the ${settings.symbol.name} data has ${dataPeriod} bars. Load M1 data or use open prices only (model 3).`,
      );
    }
    if (model === 1 && !realTicks) {
      modelRun = 0;
      notes.push(
        `No real ticks are stored for ${settings.symbol.name}: every tick was generated from M1 bars instead (as model 0).`,
      );
    }
  }
  if (!canAggregate(dataPeriod, spec.timeframe)) {
    throw new EngineError(
      "DATA_TOO_COARSE",
      `The strategy works on ${spec.timeframe} bars, which cannot be built from the ${dataPeriod} data of ${settings.symbol.name}.`,
    );
  }
  for (const tf of lowerTimeframes(spec)) {
    if (!canAggregate(dataPeriod, tf))
      throw new EngineError(
        "DATA_TOO_COARSE",
        `The strategy reads ${tf} bars, which cannot be built from the ${dataPeriod} data of ${settings.symbol.name}. Load M1 data.`,
      );
  }
  if (modelRun === 3 && !canAggregate(dataPeriod, settings.period)) {
    throw new EngineError(
      "DATA_TOO_COARSE",
      `Open prices only models ${settings.period} bars, which cannot be built from the ${dataPeriod} data of ${settings.symbol.name}.`,
    );
  }
  return { modelRun, notes };
}

/** The simulation and its broker over the strategy's bars; `first`/`last`: open times of the first and last source bar driven. */
function setUp(
  spec: StrategySpec,
  signalBars: Bars,
  first: number,
  last: number,
  count: number,
  run: { settings: BacktestSettings; modelRun: Model; cache?: SeriesCache; finer: FinerBars },
): { sim: Simulation; broker: Broker; converter: Converter; drawdown: DrawdownTracker } {
  const { settings, modelRun } = run;
  const { point, digits } = settings.symbol;
  // Offsets in pips (v2 expressions): 10 points on 3- and 5-digit quotes, as the simulation's distances.
  const pip = digits === 3 || digits === 5 ? point * 10 : point;
  // Hours in a named zone convert the server clock through UTC (zoned-hours.ts); no timeZone: UTC.
  const server =
    spec.timeFilter?.hours?.zone === undefined ? UTC_SERVER : serverZone(settings.timeZone ?? "UTC");
  const strategy = compileStrategy(spec, signalBars, { point, pip }, run.cache, server, run.finer);
  const converter = new Converter(settings.symbol, settings.currency, settings.rates);
  const drawdown = new DrawdownTracker(settings.deposit);
  const broker = new Broker(
    settings.symbol,
    settings.leverage ?? 100,
    converter,
    drawdown,
    settings.stopOutLevel ?? 50,
    settings.deposit,
    first,
    settings.costs ?? NO_COSTS,
  );
  broker.netting = settings.account === "netting";
  broker.freezeLevel = settings.freezeLevelPoints ?? 0;
  broker.stopsLevel = settings.stopsLevelPoints ?? 0;
  const sim = new Simulation(
    spec,
    strategy,
    signalBars,
    spec.timeframe,
    settings.period,
    broker,
    delayFunction(settings.executionMode, settings.seed ?? 1),
    settings.symbol,
    modelRun,
    // Every sample is taken at a tick of a source bar in range, and a source bar lies in one test bar.
    Math.min(count, Math.ceil((Math.min(settings.to, last + 1) - first) / periodMs(settings.period))),
  );
  if (sim.book) sim.book.stopsLevel = settings.stopsLevelPoints ?? 0;
  return { sim, broker, converter, drawdown };
}

/** What a started run is made of: setUp's parts, its settings, the notes so far and the model it runs. */
interface RunParts {
  sim: Simulation;
  broker: Broker;
  converter: Converter;
  drawdown: DrawdownTracker;
  settings: BacktestSettings;
  notes: string[];
  modelRun: Model;
}

function runOf(driver: Driver, count: number, run: RunParts): BacktestRun {
  return {
    totalBars: count,
    get doneBars() {
      return driver.done;
    },
    advance: (maxBars) => driver.advance(maxBars),
    result: () => resultOf(driver.counts(), { ...run, count }),
  };
}

/** The finished run's figures, notes and rows. */
function resultOf(driven: Driven, run: RunParts & { count: number }): BacktestResult {
  const { sim, broker, converter, drawdown, settings, notes, modelRun, count } = run;
  const { quality, defaultSpreadBars, noVolumeBars, cappedBars, cappedTicks } = driven;
  sim.finish();
  if (defaultSpreadBars > 0) {
    notes.push(
      `${defaultSpreadBars} of ${count} bars carry no spread: the ${settings.symbol.name} default of ${settings.symbol.spread} points was used for them.`,
    );
  }

  if (noVolumeBars > 0) {
    notes.push(
      `${noVolumeBars} of ${count} M1 bars carry no tick volume: each was modelled with ${UNKNOWN_VOLUME_TICKS} generated ticks visiting its open, high, low and close.`,
    );
  }

  if (cappedBars > 0) {
    notes.push(
      `${cappedBars} of ${count} M1 bars carry a tick volume above ${MAX_TICKS_PER_BAR}: each was modelled with ${MAX_TICKS_PER_BAR} generated ticks, so the Ticks figure is ${cappedTicks} below the data's tick volume.`,
    );
  }

  if (converter.fallbacks.size > 0) {
    notes.push(
      `No quotes were given for ${[...converter.fallbacks].join(", ")}: profits and margins were converted into ${settings.currency} at the catalogue's fixed typical level, not at the time of each deal.`,
    );
  }

  const trades = broker.trades;
  const reportTrades = trades.map((t) => ({
    openTime: t.entryTime,
    closeTime: t.exitTime,
    direction: t.direction,
    profit: t.profit,
    mfe: t.mfe,
    mae: t.mae,
  }));
  // The summary is built on its first read: an optimisation's runs take their figures from `report`
  // (worker/optimise/figures.ts) and never read it, and it was a few % of such a run.
  let summary: SummaryData | undefined;
  const report: ReportInput = {
    initialDeposit: settings.deposit,
    trades: reportTrades,
    totalDeals: broker.deals.length - 1,
    equityDrawdown: drawdown.result(),
    barEquity: sim.barEquity.view(),
    periodSeconds: PERIOD_SECONDS[settings.period],
    marginLevelMin: broker.marginLevelMin,
    historyQuality: quality,
    bars: sim.barTime.length,
    ticks: sim.ticks,
    symbols: 1,
  };
  return {
    orders: broker.orders,
    deals: broker.deals,
    trades,
    curve: { time: sim.barTime.view(), equity: sim.barEquity.view(), balance: sim.barBalance.view() },
    report,
    get summary() {
      summary ??= summarise({ initialDeposit: settings.deposit, trades: reportTrades });
      return summary;
    },
    notes,
    modelRun,
    account: settings.account ?? "hedging",
    ...costTotals(broker.deals),
    modifications: broker.modifications,
    finalBalance: broker.balance,
  };
}

/** What drive() counted on the way, for the result's figures and notes. */
interface Driven {
  readonly quality: number;
  readonly defaultSpreadBars: number;
  /** Every tick: M1 bars without tick volume (modelled with UNKNOWN_VOLUME_TICKS ticks). */
  readonly noVolumeBars: number;
  /** Every tick: M1 bars whose tick volume exceeds MAX_TICKS_PER_BAR, and the ticks left out of them. */
  readonly cappedBars: number;
  readonly cappedTicks: number;
}

interface Driver {
  /** Source bars driven so far. */
  readonly done: number;
  /** Gives the next source bars (every tick and 1 minute OHLC); those outside [from, to) are skipped. */
  feed?(window: Bars, ticks?: RealTickWindow): void;
  /** Drives up to maxBars more of the bars fed; true when all `count` bars are driven. */
  advance(maxBars: number): boolean;
  counts(): Driven;
}

/**
 * Open prices only: its driver (open-prices.ts) keeps state across bars in its own loop, so it drives
 * all `count` bars in one step.
 */
function openPricesDriver(count: number, drive: () => DriveResult): Driver {
  // Cheap per bar (four ticks at most): one step, and the runner's work cap bounds that step.
  let driven: Driven | null = null;
  return {
    get done() {
      return driven ? count : 0;
    },
    advance() {
      if (!driven) driven = { ...drive(), noVolumeBars: 0, cappedBars: 0, cappedTicks: 0 };
      return true;
    },
    counts() {
      if (!driven) throw new Error("the run was not driven to its end");
      return driven;
    },
  };
}

/**
 * Streams the ticks of bars [start, end) into the simulation, in steps of any size. counts() gives the history quality: the % of
 * those bars whose OHLC is consistent (low <= open, close <= high). MT5's exact algorithm is
 * undocumented; this is our stand-in.
 * Fast path: the first tick of every bar goes to the simulation; when after it the account is flat
 * with no request waiting ("quiet"), the bar's other ticks cannot change anything (no stop, no
 * equity move, and signals only come at bar opens), so they are counted, not generated. Otherwise a
 * "fast bar" (no stop, target, stop-out, trailing or break-even reachable in the bar) only moves equity;
 * in every-tick mode such a bar is also "idle" when no equity it can reach would change the drawdown,
 * MFE/MAE or margin-level figures, and then only its last tick is fed (see Broker.fastBarIdle).
 * shortcuts=false (tests) takes none of these paths. shortcuts.test.ts checks they change nothing.
 * Open prices only has a driver of its own (open-prices.ts), with a bar-level path on top of these.
 */
function createDriver(
  sim: Simulation,
  broker: Broker,
  count: number,
  model: Model,
  settings: BacktestSettings,
  shortcuts: boolean,
): Driver {
  let window: Bars | null = null;
  // Model 1: the real ticks of the window being driven, walked bar by bar.
  let real: RealTickCursor | null = null;
  // The bars of the window still to drive: [next, stop) of `window`.
  let next = 0;
  let stop = 0;
  const point = settings.symbol.point;
  const override = settings.spreadPoints;
  const fallbackSpread = settings.symbol.spread;
  const rng = new BarRng(settings.seed ?? 1);
  // The first tick of a bar is fed by hand; the generator's own first tick is then dropped.
  let skipFirst = false;
  const sink = (t: number, bid: number) => {
    if (skipFirst) skipFirst = false;
    else {
      sim.tickTime = t;
      sim.tickBid = bid;
      sim.step();
    }
  };
  // Ticks of a "fast bar" (see Broker.beginFastBar) only move equity.
  const fastSink = (t: number, bid: number) => {
    if (skipFirst) skipFirst = false;
    else broker.fastTick(t, bid);
  };
  // The state carried from one step to the next (kept in locals inside a step for speed).
  const state = {
    done: 0,
    bullish: true,
    good: 0,
    defaultSpreadBars: 0,
    noVolumeBars: 0,
    cappedBars: 0,
    cappedTicks: 0,
  };

  function feed(bars: Bars, ticks?: RealTickWindow): void {
    if (next < stop) throw new Error("a window was fed before the previous one was driven");
    window = bars;
    real = model === 1 && ticks && ticks.ticks.length > 0 ? new RealTickCursor(ticks) : null;
    next = lowerBound(bars.time, settings.from);
    stop = Math.min(lowerBound(bars.time, settings.to), next + count - state.done);
  }

  function advance(maxBars: number): boolean {
    if (!window) return state.done >= count;
    const { time, open, high, low, close, volume, spread } = window;
    const last = Math.min(stop, next + Math.max(1, maxBars));
    let { bullish, good, defaultSpreadBars, noVolumeBars, cappedBars, cappedTicks } = state;
    for (let i = next; i < last; i++) {
      const o = open[i];
      const h = high[i];
      const l = low[i];
      const c = close[i];
      const t = time[i];
      if (l <= o && l <= c && h >= o && h >= c) good++;
      if (real && real.bar(t, M1_MS) > 0) {
        real.drive(sim, shortcuts);
        bullish = barIsBullish(o, c, bullish);
        continue;
      }
      let pts = override ?? spread[i];
      if (!(pts > 0) && override === undefined) {
        pts = fallbackSpread;
        defaultSpreadBars++;
      }
      sim.spreadPrice = pts * point;
      sim.firstTickOfBar = true;
      // Model 1 generates the ticks of a bar without real ones as model 0 does.
      if (model !== 2) {
        const n = tickCount(volume[i]);
        if (!(volume[i] >= 1)) noVolumeBars++;
        else if (n < Math.floor(volume[i])) {
          cappedBars++;
          cappedTicks += Math.floor(volume[i]) - n;
        }
        sim.tickTime = t;
        sim.tickBid = n === 1 ? c : o;
        sim.step();
        if (shortcuts && sim.quiet()) {
          sim.ticks += n - 1;
          bullish = barIsBullish(o, c, bullish);
          continue;
        }
        rng.reseed(t);
        skipFirst = true;
        // Every generated bid lies in [min(l, o, c), max(h, o, c)] up to float noise (< 1e-6 point): a
        // point of margin either side keeps the idle tests exact on any bar.
        const lw = Math.min(l, o, c) - point;
        const hw = Math.max(h, o, c) + point;
        if (shortcuts && sim.beginFastBar(l, h, lw, hw)) {
          if (n > 1 && broker.fastBarIdle(lw, hw)) {
            // Idle bar: its ticks could change only the closing quote and equity, so only the last one
            // is fed (generating the others is most of an every-tick run's cost).
            broker.fastTick(lastTickTime(volume[i], t), lastTickBid(o, h, l, c, volume[i], bullish, point));
            bullish = barIsBullish(o, c, bullish);
          } else {
            bullish = generateTicks(o, h, l, c, volume[i], t, bullish, point, rng.next, fastSink);
          }
          broker.endFastBar();
          sim.ticks += n - 1;
        } else {
          bullish = generateTicks(o, h, l, c, volume[i], t, bullish, point, rng.next, sink);
        }
        continue;
      }
      sim.tickTime = t;
      sim.tickBid = o;
      sim.step();
      if (shortcuts && sim.quiet()) {
        sim.ticks += 3;
        bullish = barIsBullish(o, c, bullish);
        continue;
      }
      skipFirst = true;
      bullish = ohlcTicks(o, h, l, c, t, bullish, sink);
    }
    state.done += last - next;
    next = last;
    if (next >= stop) {
      window = null;
      real = null;
    }
    Object.assign(state, {
      bullish,
      good,
      defaultSpreadBars,
      noVolumeBars,
      cappedBars,
      cappedTicks,
    });
    return state.done >= count;
  }

  return {
    get done() {
      return state.done;
    },
    feed,
    advance,
    counts: () => ({
      quality: count > 0 ? (state.good / count) * 100 : 0,
      defaultSpreadBars: state.defaultSpreadBars,
      noVolumeBars: state.noVolumeBars,
      cappedBars: state.cappedBars,
      cappedTicks: state.cappedTicks,
    }),
  };
}

/** The deals' Commission and Swap columns summed, in cents. */
function costTotals(deals: readonly EngineDeal[]): { totalCommission: number; totalSwap: number } {
  let c = 0;
  let s = 0;
  for (const d of deals) {
    c += d.commission;
    s += d.swap;
  }
  return { totalCommission: toCents(c), totalSwap: toCents(s) };
}

function checkSettings(s: BacktestSettings): void {
  const bad = (m: string) => {
    throw new EngineError("BAD_SETTINGS", m);
  };
  if (![0, 1, 2, 3, 4].includes(s.model)) bad(`Unknown modelling ${s.model}; use 0 to 4.`);
  if (!(s.deposit > 0)) bad("The deposit must be above 0.");
  if (!(s.from < s.to)) bad("The start date must be before the end date.");
  if (s.leverage !== undefined && !(s.leverage >= 1)) bad("Leverage must be at least 1.");
  if (s.spreadPoints !== undefined && !(s.spreadPoints >= 0)) bad("The spread cannot be negative.");
  const c = s.costs;
  if (c) {
    if (!(c.commission >= 0)) bad("The commission cannot be negative.");
    if (!(c.slippage >= 0)) bad("The slippage cannot be negative.");
    if (!Number.isFinite(c.swapLong) || !Number.isFinite(c.swapShort))
      bad("Swaps must be numbers of points.");
    if (!Number.isInteger(c.tripleSwapDay) || c.tripleSwapDay < 1 || c.tripleSwapDay > 7)
      bad("The triple-swap day must be 1 (Monday) to 7 (Sunday).");
  }
  if (!(s.executionMode === -1 || s.executionMode >= 0) || s.executionMode > 600_000) {
    bad("The execution delay must be -1 (random) or 0 to 600000 ms.");
  }
}

/** The account type is one of ACCOUNT_TYPES (a netting account nets its fills, netting.ts). */
function checkAccount(s: BacktestSettings): void {
  if (s.account !== undefined && !ACCOUNT_TYPES.includes(s.account))
    throw new EngineError("BAD_SETTINGS", `Unknown account type ${s.account}; use hedging or netting.`);
}

function emptyResult(settings: BacktestSettings, notes: string[], modelRun: Model): BacktestResult {
  const drawdown = new DrawdownTracker(settings.deposit);
  const deals: EngineDeal[] = [depositDeal(1, settings.from, settings.deposit)];
  const empty = new Float64Array(0);
  return {
    orders: [],
    deals,
    trades: [],
    curve: { time: empty, equity: empty, balance: empty },
    report: {
      initialDeposit: settings.deposit,
      trades: [],
      totalDeals: 0,
      equityDrawdown: drawdown.result(),
      barEquity: empty,
      periodSeconds: PERIOD_SECONDS[settings.period],
      marginLevelMin: null,
      historyQuality: 0,
      bars: 0,
      ticks: 0,
      symbols: 1,
    },
    summary: summarise({ initialDeposit: settings.deposit, trades: [] }),
    notes,
    modelRun,
    account: settings.account ?? "hedging",
    totalCommission: 0,
    totalSwap: 0,
    modifications: 0,
    finalBalance: settings.deposit,
  };
}
