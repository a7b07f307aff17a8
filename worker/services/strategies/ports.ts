import type { AccountType } from "../../engine/types";
import type { LiveEvent } from "../../events";
import type { StrategySpec } from "../../strategy/spec";
import type { ChargeClaim } from "../billing/credits";
import type { OptimisationJob } from "./optimise-work";

/**
 * What the strategy pipeline needs from the rest of the worker, as small interfaces (DESIGN D1): the real
 * ones are wired in services/context.ts; tests and the bench pass their own.
 */

/**
 * Billing's credits service (DESIGN D8): atomic; throws INSUFFICIENT_CREDITS (402) when short, and
 * ChargeClaimLost when the claim (run in the charge's own transaction) no longer applies.
 */
export interface CreditsPort {
  consume(
    userId: string,
    amount: number,
    reason: string,
    claim?: ChargeClaim,
  ): Promise<{ operationId: string }>;
  /** The plan's limits; `slug` picks the per-run backtest work cap (backtest-cap.ts), Free's without it. */
  limits(
    userId: string,
  ): Promise<{ slug?: string; maxStrategies: number; maxSaves: number; maxCodeLines: number }>;
}

/** Delivers one live event to every open socket of a user (UserHub, DESIGN D7). */
export interface EventsPort {
  publish(userId: string, event: LiveEvent): Promise<void>;
}

/** One assistant turn (DESIGN D4): the interpreter's result shape, plus which provider answered. */
export interface AssistantTurn {
  spec: StrategySpec | null;
  changes: string[];
  clarifications: string;
  followUpQuestion: string | null;
  understood: boolean;
  provider: string;
}

/** What a turn may know beyond the current spec: the version before it ("undo that") and earlier messages. */
export interface TurnContext {
  previous?: StrategySpec | null;
  /** The trader's earlier messages, oldest first (an answer to a question keeps what they settled). */
  earlier?: readonly string[];
}

export interface AssistantPort {
  turn(message: string, current: StrategySpec | null, context?: TurnContext): Promise<AssistantTurn>;
}

/** Starts a backtest in the strategy's BacktestRunner; false when that runner is busy. */
export interface RunnerPort {
  start(job: BacktestJob): Promise<boolean>;
  /** Stops the strategy's run of `backtestId` if it is the one running (issue 16). */
  cancel?(strategyId: number, backtestId: number): Promise<void>;
}

/** An optimisation's coordinator Durable Object (issue 17): one per optimisation. */
export interface OptimiserPort {
  start(job: OptimisationJob): Promise<boolean>;
  /** The user cancelled: the coordinator stops within a slice and stores the runs made so far. */
  cancel(optId: number): Promise<void>;
}

export interface BacktestInputs {
  symbol: string;
  period: string;
  dateStart: string;
  dateEnd: string;
  executionMode: number;
  model: number;
  depositAmount: number;
  depositCurrency: string;
  /** Absent in jobs stored before the setting existed: those ran as hedging. */
  account: AccountType;
  /** Broker server time (market/server-time.ts); jobs stored before it ran in UTC. */
  timeZone: string;
  /** Costs (engine/costs.ts): commission per lot per side, swaps in points, triple-swap weekday, slippage. */
  commission: number;
  swapLong: number;
  swapShort: number;
  tripleSwapDay: number;
  slippage: number;
  /**
   * The broker's stops level (SYMBOL_TRADE_STOPS_LEVEL) in points (0: none): a pending order's price must be
   * at least this far from the quote (engine/pending-orders.ts), stops and targets are kept at least this far
   * (engine/stops-level.ts). Absent in jobs stored before it, which read 0.
   */
  stopsLevel: number;
}

export interface BacktestJob {
  backtestId: number;
  strategyId: number;
  userId: string;
  specVersion: number;
  inputs: BacktestInputs;
}
