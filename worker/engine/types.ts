/**
 * Inputs and outputs of the backtest engine (DESIGN D6). Pure types, no I/O.
 * The fill rules live in broker.ts, the tick modelling in modelling.ts, the main loop in backtest.ts.
 */
import type { Bars, Period, SymbolInfo } from "../market/types";
import type { CostSettings } from "./costs";
import type { SummaryData } from "./report/summary";
import type { ReportInput } from "./report/types";

export const DEPOSIT_CURRENCIES = ["USD", "EUR", "GBP", "CHF", "RUB"] as const;
export type DepositCurrency = (typeof DEPOSIT_CURRENCIES)[number];

/** MT5 "Modelling": 0 every tick, 1 every tick on real ticks, 2 1-minute OHLC, 3 open prices only, 4 math. */
export type Model = 0 | 1 | 2 | 3 | 4;

/**
 * Bid price of a currency pair (e.g. "GBPUSD") at a time, or undefined when there is no quote.
 * Used to convert profit and margin into the deposit currency (mt5-report.md section 4).
 */
export type PriceLookup = (pair: string, timeMs: number) => number | undefined;

/**
 * MT5's position accounting (ACCOUNT_MARGIN_MODE): hedging keeps each deal's position apart; netting holds
 * one position per symbol, a deal adding to, reducing or reversing it.
 */
export const ACCOUNT_TYPES = ["hedging", "netting"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface BacktestSettings {
  readonly symbol: SymbolInfo;
  /** The tester's chart period: Bars and Sharpe sampling; open-prices-only models its bars. */
  readonly period: Period;
  /** Range start, UTC epoch ms, inclusive. */
  readonly from: number;
  /** Range end, UTC epoch ms, exclusive. */
  readonly to: number;
  readonly model: Model;
  /** 0 none; > 0 fixed delay in ms; -1 MT5's random rule (seeded). */
  readonly executionMode: number;
  readonly deposit: number;
  readonly currency: DepositCurrency;
  /** Overrides every bar's spread (points). Undefined: the bars' spread, or the symbol's default where 0. */
  readonly spreadPoints?: number;
  /** Account leverage 1:N (default 100). */
  readonly leverage?: number;
  /** Seed of the random delay (default 1). */
  readonly seed?: number;
  /** Cross rates for currency conversion; the tested symbol's own quote is always used for itself. */
  readonly rates?: PriceLookup;
  /** Margin level (%) at which the tester closes the worst position (default 50, MT5's usual stop-out). */
  readonly stopOutLevel?: number;
  /**
   * Default hedging (most forex brokers' MT5 accounts). Netting holds one position per symbol: a
   * same-direction entry adds volume to it, up to maxOpenPositions entries (netting.ts, spec SEMANTICS).
   */
  readonly account?: AccountType;
  /** Commission, swap and slippage (costs.ts); none when absent. */
  readonly costs?: CostSettings;
  /**
   * The broker's server time zone (market/server-time.ts), for the report header. The bars given and
   * `from`/`to` are already server-time instants: the engine reads every time as the server's clock.
   */
  readonly timeZone?: string;
  /**
   * The broker's SYMBOL_TRADE_FREEZE_LEVEL in points (default 0): no stop is moved and no position closed
   * by a signal while the exit price is within this many points of its stop or target (freeze.ts).
   */
  readonly freezeLevelPoints?: number;
  /**
   * The broker's SYMBOL_TRADE_STOPS_LEVEL in points (default 0): a pending order closer to the quote is
   * refused (pending-orders.ts); a market order's stop or target closer to it is moved out to it, and a stop
   * move inside it (or while the target is inside it) is refused (stops-level.ts).
   */
  readonly stopsLevelPoints?: number;
}

/** The market data of the tested symbol at its stored resolution (M1 from the library; H1 for some files). */
export interface SourceData {
  readonly bars: Bars;
  readonly period: Period;
}

/** MT5's ORDER_STATE as its Orders list names it (pending orders may expire or be canceled). */
export type OrderState = "filled" | "rejected" | "expired" | "canceled";

/** A market order, or a pending one ("buy stop", "sell limit", ...: pending-orders.ts). */
export type OrderType = "buy" | "sell" | `${"buy" | "sell"} ${"stop" | "limit"}`;

export interface EngineOrder {
  readonly ticket: number;
  /** Request time (UTC ms). */
  readonly timeSetup: number;
  readonly symbol: string;
  readonly type: OrderType;
  readonly volume: number;
  /** Fill price (the quote at fill); for a rejected market order the quote then; for a pending order that did not fill, its own price. */
  readonly price: number;
  readonly sl: number | null;
  readonly tp: number | null;
  readonly timeDone: number;
  readonly state: OrderState;
  readonly comment: string;
}

/** MT5's DEAL_ENTRY: in, out, inout (a netting reversal: closes the position and opens the rest the other way). */
export type DealEntry = "in" | "out" | "inout" | "";

export interface EngineDeal {
  readonly ticket: number;
  readonly time: number;
  readonly symbol: string;
  readonly type: "balance" | "buy" | "sell";
  readonly entry: DealEntry;
  readonly volume: number;
  readonly price: number;
  /** Order ticket; 0 for the balance deal. */
  readonly order: number;
  readonly commission: number;
  readonly swap: number;
  /** In the deposit currency. */
  readonly profit: number;
  /** Balance after this deal. */
  readonly balance: number;
  readonly comment: string;
}

export type ExitReason = "signal" | "sl" | "tp" | "end" | "stopout";

export interface ClosedTrade {
  readonly entryTime: number;
  readonly exitTime: number;
  readonly direction: "long" | "short";
  readonly volume: number;
  readonly entryPrice: number;
  readonly exitPrice: number;
  readonly exitReason: ExitReason;
  /** Deposit currency. */
  readonly profit: number;
  readonly mfe: number;
  readonly mae: number;
}

export interface BacktestResult {
  readonly orders: readonly EngineOrder[];
  readonly deals: readonly EngineDeal[];
  readonly trades: readonly ClosedTrade[];
  /** Test-timeframe bar open times with the equity and balance at each bar's first tick. */
  readonly curve: {
    readonly time: Float64Array;
    readonly equity: Float64Array;
    readonly balance: Float64Array;
  };
  readonly report: ReportInput;
  readonly summary: SummaryData;
  /** Plain-language notes a trader must see (e.g. "no real ticks stored: generated ticks used"). */
  readonly notes: readonly string[];
  /** The model actually run (1 runs as 0 when no real ticks exist, and says so in notes). */
  readonly modelRun: Model;
  /** The account type tested (the report header's "Account"). */
  readonly account: AccountType;
  /** Commission and swap booked by the deals, deposit currency (the report's totals). */
  readonly totalCommission: number;
  readonly totalSwap: number;
  /** Stop modifications sent (trailing stop, break-even): the EA sends one request for each. */
  readonly modifications: number;
  readonly finalBalance: number;
}

export type EngineErrorCode =
  | "DATA_TOO_COARSE"
  | "MATH_NEEDS_NO_PRICES"
  | "NO_DATA"
  | "BAD_SETTINGS"
  | "NO_CONVERSION"
  | "PERIOD_MISMATCH";

/** A typed, trader-readable refusal to run (never a silent downgrade). */
export class EngineError extends Error {
  override readonly name = "EngineError";
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
  }
}
