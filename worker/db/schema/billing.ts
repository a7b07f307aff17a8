import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/**
 * A user's subscriptions (DESIGN D8: our ledger is the source of truth). The foundation needs only "has an
 * active subscription and which plan"; the billing issue adds periods, invoices and payments in later
 * migrations (migrations are append-only, D2).
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planSlug: text("plan_slug").notNull(),
    /** active | canceled | expired | pending */
    status: text("status").notNull(),
    /** Spec 3: state 2 = sponsor eligibility needs verification; 1 otherwise. */
    state: integer("state").notNull().default(1),
    billingCycle: text("billing_cycle").notNull(),
    currency: text("currency").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    sponsor: text("sponsor"),
    createdAt: integer("created_at").notNull(),
    periodStart: integer("period_start").notNull(),
    periodEnd: integer("period_end").notNull(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId, t.status)],
);
