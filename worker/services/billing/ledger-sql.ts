/**
 * The ledger's critical SQL as D1 prepared statements (raw, not drizzle, because they rely on SQLite's
 * changes() inside one batch). A D1 batch is one transaction: if any statement fails, nothing is written.
 *
 * The guard idiom: a guarded UPDATE is followed by an INSERT into credit_movements whose `applied` column is
 * changes(), and CHECK(applied = 1) makes the batch fail when the guard matched no row. This is how a
 * consumption is all-or-nothing (worker/billing/credits.ts applyMovements) and how a paid invoice is
 * fulfilled exactly once.
 */

import type { Product } from "../../billing";

export interface MovementRow {
  id: string;
  userId: string;
  grantId: string | null;
  kind: "consume" | "grant";
  amount: number;
  reason: string;
  operationId: string;
  createdAt: number;
}

const INSERT_MOVEMENT = `INSERT INTO credit_movements
  (id, user_id, grant_id, kind, amount, reason, operation_id, applied, created_at)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, %APPLIED%, ?8)`;

function movement(d1: D1Database, m: MovementRow, applied: string): D1PreparedStatement {
  return d1
    .prepare(INSERT_MOVEMENT.replace("%APPLIED%", applied))
    .bind(m.id, m.userId, m.grantId, m.kind, m.amount, m.reason, m.operationId, m.createdAt);
}

/** A movement that records unconditionally. */
export function insertMovement(d1: D1Database, m: MovementRow): D1PreparedStatement {
  return movement(d1, m, "1");
}

/** A movement that fails the batch unless the statement just before it changed exactly one row. */
export function insertGuardedMovement(d1: D1Database, m: MovementRow): D1PreparedStatement {
  return movement(d1, m, "changes()");
}

/**
 * Spends credits of one grant if, at `now`, it is usable and has them (-1 = unlimited). With `afterClaim`, it
 * also requires that the statement just before it (a caller's claim) changed exactly one row, so a claim that
 * did not take leaves this spend, and through its guarded movement the whole batch, undone.
 */
export function spendFromGrant(
  d1: D1Database,
  a: { grantId: string; userId: string; amount: number; now: number; afterClaim?: boolean },
): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE credit_grants SET used = used + ?1
       WHERE id = ?2 AND user_id = ?3 AND status = 'active' AND granted_at <= ?4 AND ?4 < expires_at
         AND (credits = -1 OR used + ?1 <= credits)${a.afterClaim ? " AND changes() = 1" : ""}`,
    )
    .bind(a.amount, a.grantId, a.userId, a.now);
}

export interface GrantRow {
  id: string;
  userId: string;
  kind: "plan" | "addon";
  subscriptionId: string | null;
  productPid: string;
  name: string;
  credits: number;
  used: number;
  grantedAt: number;
  expiresAt: number;
  amountMinor: number;
  currency: string;
  invoiceId: string | null;
  createdAt: number;
}

export function insertGrant(d1: D1Database, g: GrantRow): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO credit_grants (id, user_id, kind, subscription_id, product_pid, name, credits, used,
         granted_at, expires_at, status, amount_minor, currency, invoice_id, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'active', ?11, ?12, ?13, ?14)`,
    )
    .bind(
      g.id,
      g.userId,
      g.kind,
      g.subscriptionId,
      g.productPid,
      g.name,
      g.credits,
      g.used,
      g.grantedAt,
      g.expiresAt,
      g.amountMinor,
      g.currency,
      g.invoiceId,
      g.createdAt,
    );
}

/**
 * A plan's credits for one period: the product's whole allowance, unused, costing nothing on its own (the
 * money is on the subscription's invoice, `invoiceId` when one paid for it). Every way a period starts
 * (subscribe, fulfilment, renewal, sponsor verification) grants through here.
 */
export function insertPlanGrant(
  d1: D1Database,
  g: {
    id: string;
    userId: string;
    subscriptionId: string;
    product: Pick<Product, "pid" | "name" | "credits" | "currency">;
    grantedAt: number;
    expiresAt: number;
    invoiceId: string | null;
    createdAt: number;
  },
): D1PreparedStatement {
  return insertGrant(d1, {
    id: g.id,
    userId: g.userId,
    kind: "plan",
    subscriptionId: g.subscriptionId,
    productPid: g.product.pid,
    name: g.product.name,
    credits: g.product.credits,
    used: 0,
    grantedAt: g.grantedAt,
    expiresAt: g.expiresAt,
    amountMinor: 0,
    currency: g.product.currency,
    invoiceId: g.invoiceId,
    createdAt: g.createdAt,
  });
}

/** Ends the plan grants of a subscription still running at `at` (plan change: the new grant replaces them). */
export function endPlanGrants(
  d1: D1Database,
  a: { userId: string; subscriptionId: string; at: number },
): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE credit_grants SET expires_at = ?3
       WHERE user_id = ?1 AND subscription_id = ?2 AND kind = 'plan' AND expires_at > ?3 AND granted_at <= ?3`,
    )
    .bind(a.userId, a.subscriptionId, a.at);
}

/** True when a D1 error is the guard idiom's CHECK failing (the guarded UPDATE matched no row). */
export function isGuardFailure(e: unknown): boolean {
  return e instanceof Error && /CHECK constraint failed/i.test(e.message);
}

/** True when a D1 error is a UNIQUE constraint (a concurrent request already wrote the row). */
export function isUniqueFailure(e: unknown): boolean {
  return e instanceof Error && /UNIQUE constraint failed/i.test(e.message);
}
