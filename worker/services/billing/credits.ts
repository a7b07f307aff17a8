import { z } from "zod";
import {
  type AddonGrant,
  type Balance,
  balance,
  type CreditState,
  type Movement,
  type PlanGrant,
  planConsume,
} from "../../billing";
import type { Clocked } from "../clock";
import { billingErrors } from "./errors";
import { addonGrantOf } from "./grant-row";
import { insertGuardedMovement, isGuardFailure, spendFromGrant } from "./ledger-sql";
import type { Products } from "./products";

const grantRow = z.object({
  id: z.string(),
  kind: z.enum(["plan", "addon"]),
  credits: z.number().int(),
  used: z.number().int(),
  granted_at: z.number().int(),
  expires_at: z.number().int(),
  status: z.string(),
});

export interface CreditsDeps extends Clocked {
  d1: D1Database;
  products: Products;
}

export interface PlanLimits {
  slug: string;
  maxStrategies: number;
  maxSaves: number;
  maxCodeLines: number;
}

/** Free's limits (spec 3 s1) when a user has no live subscription. */
const NO_PLAN_LIMITS: PlanLimits = { slug: "none", maxStrategies: 1, maxSaves: 1, maxCodeLines: 1_000 };

/**
 * A caller's state change that must happen in the same D1 transaction as a consumption (e.g. "this
 * generation is now paid"): charged together or not at all, so a crash can never leave one without the other.
 */
export interface ChargeClaim {
  /** One UPDATE, given the operation id, that must change exactly one row for the charge to happen. */
  statement(operationId: string): D1PreparedStatement;
  /** Whether the claim could still take; read after a failed batch to tell a lost claim from spent credits. */
  stillOpen(): Promise<boolean>;
}

/** The claim of a consumption no longer applied (the caller's record moved on): nothing was charged. */
export class ChargeClaimLost extends Error {
  constructor() {
    super("the charge's claim no longer applies; nothing was charged");
    this.name = "ChargeClaimLost";
  }
}

/** A consumption is retried when another request spent the same credits between our read and our write. */
const MAX_ATTEMPTS = 12;

/**
 * The credits other features call (DESIGN D8). The arithmetic is worker/billing/credits.ts; this service
 * only loads the state from D1 and applies the library's movements with guarded UPDATEs in one batch.
 */
export function createCredits({ d1, products, now, newId }: CreditsDeps) {
  /** The ledger state at `at`: the usable plan grant (if any) and every add-on pack. */
  async function load(
    userId: string,
    at: number,
  ): Promise<{ state: CreditState; planGrantId: string | null }> {
    const { results } = await d1
      .prepare(
        `SELECT id, kind, credits, used, granted_at, expires_at, status FROM credit_grants
         WHERE user_id = ?1 AND (kind = 'addon' OR (granted_at <= ?2 AND ?2 < expires_at AND status = 'active'))
         ORDER BY granted_at DESC`,
      )
      .bind(userId, at)
      .all();
    let plan: PlanGrant | null = null;
    let planGrantId: string | null = null;
    const addons: AddonGrant[] = [];
    for (const raw of results) {
      const r = grantRow.parse(raw);
      if (r.kind === "plan") {
        if (plan !== null) continue;
        planGrantId = r.id;
        plan = { credits: r.credits, used: r.used, periodStart: r.granted_at, periodEnd: r.expires_at };
      } else {
        addons.push(addonGrantOf(r));
      }
    }
    return { state: { plan, addons }, planGrantId };
  }

  async function balanceOf(userId: string): Promise<Balance> {
    const at = now();
    return balance((await load(userId, at)).state, at);
  }

  /**
   * Spends `amount` credits, plan first, then the add-on that expires soonest; all or nothing. Refuses with
   * INSUFFICIENT_CREDITS. Every movement is recorded with `reason` under one operation id. With a `claim`, the
   * claim's statement runs first in the same batch and the charge happens only if it took (ChargeClaimLost
   * otherwise).
   */
  async function consume(
    userId: string,
    amount: number,
    reason: string,
    claim?: ChargeClaim,
  ): Promise<{ operationId: string; movements: readonly Movement[]; balance: Balance }> {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError(`amount must be positive: ${amount}`);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const at = now();
      const { state, planGrantId } = await load(userId, at);
      const planned = planConsume(state, amount, at);
      if (!planned.ok) throw billingErrors.insufficientCredits(amount, planned.available);
      const operationId = newId();
      const statements = planned.movements.flatMap((m, i) => {
        const grantId = m.source === "plan" ? planGrantId : m.addonId;
        if (grantId === null) throw new Error("plan movement without a plan grant");
        return [
          spendFromGrant(d1, { grantId, userId, amount: m.amount, now: at, afterClaim: claim && i === 0 }),
          insertGuardedMovement(d1, {
            id: newId(),
            userId,
            grantId,
            kind: "consume",
            amount: m.amount,
            reason,
            operationId,
            createdAt: at,
          }),
        ];
      });
      try {
        await d1.batch(claim ? [claim.statement(operationId), ...statements] : statements);
        return { operationId, movements: planned.movements, balance: balance(planned.state, at) };
      } catch (e) {
        if (!isGuardFailure(e)) throw e;
        // The claim did not take: nothing was written, and retrying cannot help.
        if (claim && !(await claim.stillOpen())) throw new ChargeClaimLost();
        // Another request spent these credits first: read the ledger again and re-plan.
      }
    }
    const at = now();
    throw billingErrors.insufficientCredits(amount, balance((await load(userId, at)).state, at).remaining);
  }

  /** The plan limits the strategy pipeline enforces (spec 3 s1); -1 = unlimited. */
  async function limits(userId: string): Promise<PlanLimits> {
    const row = await d1
      .prepare(
        `SELECT product_pid FROM subscriptions WHERE user_id = ?1 AND status IN ('active', 'pending')
         ORDER BY created_at DESC LIMIT 1`,
      )
      .bind(userId)
      .first();
    const pid = z.object({ product_pid: z.string() }).safeParse(row);
    const product = pid.success ? await products.find(pid.data.product_pid) : undefined;
    if (!product) return NO_PLAN_LIMITS;
    return {
      slug: product.slug,
      maxStrategies: product.maxStrategies,
      maxSaves: product.maxSaves,
      maxCodeLines: product.maxCodeLines,
    };
  }

  return { consume, balance: balanceOf, limits, load };
}

export type Credits = ReturnType<typeof createCredits>;
