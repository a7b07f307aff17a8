/**
 * The v2 exits of a spec (worker/strategy/spec-exits.ts SEMANTICS) in the simulation: structural stops
 * and R targets when an order is sent, time exits and trailing by a price on each new bar, partial closes
 * on every EA tick. The price levels are whole series over the strategy bars, computed once before the
 * run like the rules (CompiledStrategy.valueOf); per position only the tickets of done partial closes are
 * kept. The generated EA does the same (worker/mql5/generate/exits.ts).
 */
import { lowerBound } from "../market/bars";
import { clockMinutes, type Exits } from "../strategy/spec";
import type { Broker } from "./broker";
import { dayNumber, isoWeekday, msOfDay } from "./clock";
import type { CompiledStrategy } from "./signals";

/** The lot step of partial closes (the risk sizing's, and the EA's SYMBOL_VOLUME_STEP). */
const LOT_STEP = 0.01;

export class ExitPlan {
  private readonly stop: readonly [Float64Array | null, Float64Array | null];
  private readonly trail: readonly [Float64Array | null, Float64Array | null];
  /** exits.targetDistance's measured value per closed bar (before its multiple); null without one. */
  private readonly measured: Float64Array | null;
  private readonly closeMinutes: number;
  private readonly closeDays: readonly number[] | undefined;
  /** Tickets whose partial close is done (a netting position keeps its ticket through adds). */
  private readonly partialDone = new Set<number>();
  /** Scale-out closes done per ticket (the EA counts the position's out deals). */
  private readonly scaleDone = new Map<number, number>();
  /** The scale-out targets' distances in price, nearest first. */
  private readonly scaleAt: readonly number[];
  /** Partial closes need every EA tick. */
  readonly perTick: boolean;
  /** Time exits or trailing act on new bars while a position is open. */
  readonly perBar: boolean;

  constructor(
    private readonly exits: Exits,
    strategy: CompiledStrategy,
    private readonly signalTime: Float64Array,
    private readonly broker: Broker,
    units: { readonly pip: number; readonly point: number },
  ) {
    const series = (op: Parameters<CompiledStrategy["valueOf"]>[0] | undefined) =>
      op ? strategy.valueOf(op) : null;
    this.stop = [series(exits.stop?.long), series(exits.stop?.short)];
    this.trail = [series(exits.trail?.long), series(exits.trail?.short)];
    this.measured = series(exits.targetDistance?.of);
    this.closeMinutes = exits.closeAt ? clockMinutes(exits.closeAt.time) : -1;
    this.closeDays = exits.closeAt?.weekdays;
    this.scaleAt = (exits.scaleOut ?? []).map(
      (t) => t.distance * (t.unit === "pips" ? units.pip : units.point),
    );
    this.perTick = exits.partial !== undefined || this.scaleAt.length > 0;
    this.perBar =
      exits.afterBars !== undefined ||
      exits.closeAt !== undefined ||
      this.trail[0] !== null ||
      this.trail[1] !== null;
  }

  /**
   * The stop distance of a new position from its entry price (a buy's ask, a sell's bid) with the
   * structural stop read at closed bar `c`: undefined when the side has none (the spec's stopLoss applies),
   * NaN when no order may be sent (no value, or a level not beyond the exit quote: below a buy's bid, above
   * a sell's ask, where the broker accepts a stop).
   */
  stopDistance(dir: 1 | -1, c: number, bid: number, ask: number): number | undefined {
    const s = this.stop[dir === 1 ? 0 : 1];
    if (!s) return undefined;
    const level = c >= 0 ? s[c] : Number.NaN;
    if (dir === 1) return level < bid ? ask - level : Number.NaN;
    return level > ask ? level - bid : Number.NaN;
  }

  /**
   * The stop distance of a pending order at `price` (spec-orders.ts) with the structural stop read at closed
   * bar `c`: undefined when the side has none, NaN when the order may not be placed (no value, or a level
   * not beyond the order's price: at or above a buy order's, at or below a sell order's).
   */
  orderStopDistance(dir: 1 | -1, c: number, price: number): number | undefined {
    const s = this.stop[dir === 1 ? 0 : 1];
    if (!s) return undefined;
    const level = c >= 0 ? s[c] : Number.NaN;
    if (dir === 1) return level < price ? price - level : Number.NaN;
    return level > price ? level - price : Number.NaN;
  }

  /** The take profit distance for a stop distance (targetR x R); undefined without targetR. */
  targetDistance(slDist: number): number | undefined {
    const r = this.exits.targetR;
    return r === undefined ? undefined : r * slDist;
  }

  /**
   * The take profit distance measured at closed bar `c` (exits.targetDistance: multiple x its value then,
   * frozen for the position): undefined without one, NaN when no order may be sent (no value yet, or not
   * above zero).
   */
  measuredTarget(c: number): number | undefined {
    const m = this.measured;
    const td = this.exits.targetDistance;
    if (!m || !td) return undefined;
    const v = c >= 0 ? m[c] : Number.NaN;
    return v > 0 ? td.multiple * v : Number.NaN;
  }

  /** Does closeAt hold on a new bar opening at `barOpen` (no entry on such a bar)? */
  flatWindow(barOpen: number): boolean {
    if (this.closeMinutes < 0) return false;
    const day = dayNumber(barOpen);
    if (this.closeDays && !this.closeDays.includes(isoWeekday(day))) return false;
    return msOfDay(barOpen) >= this.closeMinutes * 60_000;
  }

  /**
   * Time exits on a new bar (bar index `sigIdx`, opening at signalTime[sigIdx]): every position in the
   * closeAt window, and those held afterBars bars. Closed at once at the quote, as a rule's close (the
   * freeze level refuses it). Returns whether the bar is in the closeAt window (no entry).
   */
  timeExits(sigIdx: number, time: number, bid: number, ask: number): boolean {
    const flat = this.flatWindow(this.signalTime[sigIdx]);
    const after = this.exits.afterBars;
    const broker = this.broker;
    for (let k = broker.positions.length - 1; k >= 0; k--) {
      const p = broker.positions[k];
      const due =
        flat || (after !== undefined && sigIdx - (lowerBound(this.signalTime, p.openTime + 1) - 1) >= after);
      if (!due || broker.isFrozen(p, bid, ask)) continue;
      broker.close(k, time, p.dir === 1 ? bid : ask, bid, "signal", "time exit");
    }
    return flat;
  }

  /** Trailing by a price read on closed bar `c`: the stop moves forward to it, beyond the quote. */
  trailStops(c: number, bid: number, ask: number): void {
    if (c < 0) return;
    const broker = this.broker;
    for (const p of broker.positions) {
      const s = this.trail[p.dir === 1 ? 0 : 1];
      if (!s) continue;
      const v = s[c];
      if (Number.isNaN(v) || broker.isFrozen(p, bid, ask)) continue;
      const level = broker.round(v);
      const better =
        p.dir === 1
          ? level < bid && (Number.isNaN(p.sl) || level > p.sl)
          : level > ask && (Number.isNaN(p.sl) || level < p.sl);
      // Inside the broker's stops level the stop waits for room (stops-level.ts).
      if (!better || broker.stopRefused(p, level, bid, ask)) continue;
      p.sl = level;
      broker.modifications++;
    }
  }

  /** Partial closes at this EA tick (then break-even), once per position; or the next scale-out target. */
  partials(time: number, bid: number, ask: number): void {
    if (this.scaleAt.length > 0) this.scaleOut(time, bid, ask);
    const part = this.exits.partial;
    if (!part) return;
    const broker = this.broker;
    for (let k = broker.positions.length - 1; k >= 0; k--) {
      const p = broker.positions[k];
      if (this.partialDone.has(p.ticket) || !this.reached(p.dir, p.openPrice, p.sl, bid, ask)) continue;
      const lots =
        Math.round(Math.floor((p.lots * part.percent) / 100 / LOT_STEP + 1e-9) * LOT_STEP * 100) / 100;
      if (!(lots >= LOT_STEP) || !(p.lots - lots >= LOT_STEP - 1e-9)) continue;
      if (broker.isFrozen(p, bid, ask)) continue;
      this.partialDone.add(p.ticket);
      broker.closePart(k, lots, time, bid, ask, "partial close");
      if (!part.breakEven) continue;
      const level = broker.round(p.openPrice);
      // The EA sends the break-even once; the broker refuses it inside its stops level (stops-level.ts).
      if (broker.stopRefused(p, level, bid, ask)) continue;
      if (Number.isNaN(p.sl) || (p.dir === 1 ? level > p.sl : level < p.sl)) {
        p.sl = level;
        broker.modifications++;
      }
    }
  }

  /** Scale-out: each position's next target, when its profit has reached it (one target per tick). */
  private scaleOut(time: number, bid: number, ask: number): void {
    const targets = this.exits.scaleOut ?? [];
    const broker = this.broker;
    for (let k = broker.positions.length - 1; k >= 0; k--) {
      const p = broker.positions[k];
      const done = this.scaleDone.get(p.ticket) ?? 0;
      if (done >= targets.length) continue;
      const profit = p.dir === 1 ? bid - p.openPrice : p.openPrice - ask;
      if (!(profit >= this.scaleAt[done])) continue;
      const lots =
        Math.round(Math.floor((p.lots * targets[done].percent) / 100 / LOT_STEP + 1e-9) * LOT_STEP * 100) /
        100;
      if (!(lots >= LOT_STEP) || !(p.lots - lots >= LOT_STEP - 1e-9)) continue;
      if (broker.isFrozen(p, bid, ask)) continue;
      this.scaleDone.set(p.ticket, done + 1);
      broker.closePart(k, lots, time, bid, ask, "scale-out");
    }
  }

  /** Is a position `atR` x R in profit (R: open to its stop as it stands; none without a stop)? */
  private reached(dir: 1 | -1, open: number, sl: number, bid: number, ask: number): boolean {
    const at = this.exits.partial?.atR ?? Number.NaN;
    return dir === 1
      ? bid - open >= at * (open - sl) && open - sl > 0
      : open - ask >= at * (sl - open) && sl - open > 0;
  }

  /** Could a partial close fire at any bid in [low, high] (ask = bid + spread)? For the fast bars. */
  partialCouldFire(low: number, high: number, spread: number): boolean {
    if (!this.perTick) return false;
    for (const p of this.broker.positions) {
      const next = this.scaleAt[this.scaleDone.get(p.ticket) ?? 0];
      if (next !== undefined) {
        const profit = p.dir === 1 ? high - p.openPrice : p.openPrice - this.broker.round(low + spread);
        if (profit >= next) return true;
      }
      if (this.partialDone.has(p.ticket)) continue;
      if (this.reached(p.dir, p.openPrice, p.sl, high, this.broker.round(low + spread))) return true;
    }
    return false;
  }
}
