import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownerId } from "./accounts";

// DESIGN D2 and D4-D6: strategies, every spec version, the chat, generated code versions and backtests.
// Every row carries user_id and every query filters by it. Times are UTC epoch milliseconds.
// Large blobs (code text, backtest result sections) live in R2 under keys stored here.

/** A user's strategy. `id` is the numeric strId of the wire (as text). */
export const strategies = sqliteTable(
  "strategies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** active | archived (spec 2 s4: delete archives; restore brings it back). */
    status: text("status").notNull().default("active"),
    archivedAt: integer("archived_at"),
    /** The current spec version (0 = no spec yet). */
    specVersion: integer("spec_version").notNull().default(0),
    /** The current code (strategy_codes.id); null = absent (a chat update clears it). */
    codeId: integer("code_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("strategies_user_idx").on(t.userId, t.status, t.updatedAt)],
);

/** Every StrategySpec version ever produced (DESIGN D4), so code and backtests name the one they used. */
/** The strategy a row belongs to: required, and the row is deleted with its strategy. */
export function strategyRef() {
  return integer("strategy_id")
    .notNull()
    .references(() => strategies.id, { onDelete: "cascade" });
}

export const strategySpecs = sqliteTable(
  "strategy_specs",
  {
    strategyId: strategyRef(),
    version: integer("version").notNull(),
    userId: text("user_id").notNull(),
    /** The validated StrategySpec JSON. */
    spec: text("spec").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.version] })],
);

/** The chat: user messages and the assistant's replies. */
export const strategyMessages = sqliteTable(
  "strategy_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    strategyId: strategyRef(),
    userId: text("user_id").notNull(),
    /** user | agent */
    role: text("role").notNull(),
    /** The user's text, or the assistant's clarifications. */
    text: text("text").notNull(),
    followUpQuestion: text("follow_up_question"),
    /** The spec version after this message (agent rows). */
    specVersion: integer("spec_version"),
    /** interpreter | workers-ai | openai (agent rows). */
    provider: text("provider"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("strategy_messages_strategy_idx").on(t.strategyId, t.id)],
);

/** One generation run (DESIGN D5): its state, the spec version it came from, the R2 key of its code. */
export const strategyCodes = sqliteTable(
  "strategy_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    strategyId: strategyRef(),
    userId: text("user_id").notNull(),
    specVersion: integer("spec_version").notNull(),
    /** CODE_STATE of worker/mql5/states.ts. */
    state: integer("state").notNull(),
    r2Key: text("r2_key"),
    lines: integer("lines"),
    /** The ledger operation that paid for it; null until charged (once per generation). */
    creditOperationId: text("credit_operation_id"),
    failure: text("failure"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("strategy_codes_strategy_idx").on(t.strategyId)],
);

/** A backtest (DESIGN D6): inputs, processing step, and the headline figures for the lists. */
export const backtests = sqliteTable(
  "backtests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    strategyId: strategyRef(),
    userId: text("user_id").notNull(),
    codeId: integer("code_id").notNull(),
    specVersion: integer("spec_version").notNull(),
    description: text("description").notNull().default(""),
    /** JSON of the request's inputs (symbol, period, dateStart, dateEnd, executionMode, model, deposit...). */
    inputs: text("inputs").notNull(),
    /** 0, 1, 2 = processing steps; 100 completed; 200 error (spec 2 s3). */
    processing: integer("processing").notNull().default(0),
    progress: integer("progress").notNull().default(0),
    errorMessage: text("error_message"),
    /** Plain-language engine notes (JSON array), e.g. demo data or model substitutions. */
    notes: text("notes"),
    totalNetProfit: real("total_net_profit"),
    averageProfitTrade: real("average_profit_trade"),
    averageLossTrade: real("average_loss_trade"),
    balanceDrawdownMaxPercent: real("balance_drawdown_max_percent"),
    profitFactor: real("profit_factor"),
    sharpeRatio: real("sharpe_ratio"),
    totalTrades: integer("total_trades"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("backtests_strategy_idx").on(t.strategyId, t.processing)],
);
