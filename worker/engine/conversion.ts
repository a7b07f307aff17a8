/**
 * Profit and margin conversion into the deposit currency (mt5-report.md section 4, SYMBOL_CALC_MODE_FOREX):
 *   profit (quote currency) = (close - open) x contractSize x lots
 *   margin (base currency)  = lots x contractSize / leverage
 * When the deposit is the symbol's quote or base currency, the symbol's own bid converts
 * (USDJPY with a USD deposit: profit_USD = profit_JPY / USDJPY). Otherwise the catalogue's conversion
 * path (worker/market/conversion.ts) is priced with `rates` (EURGBP with USD: profit_USD = profit_GBP x
 * GBPUSD). A pair missing from `rates` falls back to the catalogue's typical level and is reported in
 * `fallbacks` so the result can say so. Which quote side MT5 uses is undocumented; we use the bid.
 */
import { conversionRate } from "../market/conversion";
import type { SymbolInfo } from "../market/types";
import type { PriceLookup } from "./types";

const MINUTE = 60_000;

export class Converter {
  /** Pairs priced at the catalogue's typical level because `rates` had no quote. */
  readonly fallbacks = new Set<string>();
  private readonly quoteMode: 0 | 1 | 2;
  private readonly baseMode: 0 | 1 | 2;
  private quoteUntil = Number.NEGATIVE_INFINITY;
  private quoteCache = 1;
  private baseUntil = Number.NEGATIVE_INFINITY;
  private baseCache = 1;
  private time = 0;
  private bid = 0;
  private readonly priceOf = (name: string): number | undefined => {
    if (name === this.symbol.name) return this.bid;
    const p = this.rates?.(name, this.time);
    if (p === undefined || !(p > 0)) this.fallbacks.add(name);
    return p;
  };

  constructor(
    private readonly symbol: SymbolInfo,
    private readonly deposit: string,
    private readonly rates: PriceLookup | undefined,
  ) {
    // 0: identity, 1: through the symbol's own bid, 2: a catalogue path priced by `rates`.
    this.quoteMode = symbol.quote === deposit ? 0 : symbol.base === deposit ? 1 : 2;
    this.baseMode = symbol.base === deposit ? 0 : symbol.quote === deposit ? 1 : 2;
  }

  /**
   * True when the profit rate cannot change inside one minute: identity, or a cross rate (cached per
   * minute). Through the symbol's own bid (USDJPY with USD) it moves with every tick.
   */
  profitRateFixedPerMinute(): boolean {
    return this.quoteMode !== 1;
  }

  /** True when profits need no conversion (quote currency = deposit currency). */
  constantProfitRate(): boolean {
    return this.quoteMode === 0;
  }

  /** Deposit-currency value of one unit of the quote currency. */
  profitRate(timeMs: number, bid: number): number {
    if (this.quoteMode === 0) return 1;
    if (this.quoteMode === 1) return 1 / bid;
    // Cross rates move slowly against one tick: refresh once per minute, not per tick.
    if (timeMs >= this.quoteUntil) {
      this.quoteCache = this.rate(this.symbol.quote, timeMs, bid);
      this.quoteUntil = Math.floor(timeMs / MINUTE) * MINUTE + MINUTE;
    }
    return this.quoteCache;
  }

  /** Deposit-currency value of one unit of the base currency. */
  marginRate(timeMs: number, bid: number): number {
    if (this.baseMode === 0) return 1;
    if (this.baseMode === 1) return bid;
    if (timeMs >= this.baseUntil) {
      this.baseCache = this.rate(this.symbol.base, timeMs, bid);
      this.baseUntil = Math.floor(timeMs / MINUTE) * MINUTE + MINUTE;
    }
    return this.baseCache;
  }

  private rate(currency: string, timeMs: number, bid: number): number {
    this.time = timeMs;
    this.bid = bid;
    return conversionRate(currency, this.deposit, this.priceOf);
  }
}
