/**
 * Prices of catalogue pairs at a moment, from the deterministic demo generator: the close of the demo
 * M1 bar at or before the time (the nearest bar at a month's edges). The engine asks for cross rates
 * synchronously, tick by tick, so they cannot come from the async candle store; months are generated on
 * first use and kept. `asked` lists the pairs that were priced, so a result can say that its currency
 * conversion used generated prices and not real history.
 */
import { lowerBound } from "./bars";
import { findSymbol } from "./catalogue";
import { demoMonth } from "./demo";
import type { Bars } from "./types";

export class DemoRates {
  /** Catalogue pairs priced so far. */
  readonly asked = new Set<string>();
  private readonly months = new Map<string, Bars>();

  readonly priceAt = (pair: string, timeMs: number): number | undefined => {
    const symbol = findSymbol(pair);
    if (!symbol) return undefined;
    const month = new Date(timeMs).toISOString().slice(0, 7);
    const key = `${symbol.name}|${month}`;
    let bars = this.months.get(key);
    if (!bars) {
      bars = demoMonth(symbol, month);
      this.months.set(key, bars);
    }
    if (bars.length === 0) return undefined;
    this.asked.add(symbol.name);
    const i = Math.min(bars.length - 1, Math.max(0, lowerBound(bars.time, timeMs + 1) - 1));
    return bars.close[i];
  };
}
