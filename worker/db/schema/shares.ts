import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownerId } from "./accounts";
import { backtests } from "./strategies";

/**
 * Read-only links to one backtest's result (issue 16 Share). The token is random (128 bits, base64url);
 * a revoked link keeps its row with `revoked_at` set so it answers 404 for good.
 */
export const backtestShares = sqliteTable(
  "backtest_shares",
  {
    token: text("token").primaryKey(),
    userId: ownerId(),
    strategyId: integer("strategy_id").notNull(),
    backtestId: integer("backtest_id")
      .notNull()
      .references(() => backtests.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("backtest_shares_backtest_idx").on(t.userId, t.backtestId)],
);
