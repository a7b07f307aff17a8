/**
 * Credit arithmetic over a user's ledger state: the specification the database service's atomic
 * SQL is tested against (DESIGN D8: the D1 ledger is the source of truth).
 *
 * Rules
 * - A plan grant holds the credits of the current period (-1 = unlimited). It is usable while
 *   periodStart <= now < periodEnd; renewal replaces it (unused plan credits do not roll over).
 * - An add-on grant is usable while grantedAt <= now < expiresAt and not canceled. Its expiry is
 *   its own (NEVER_EXPIRES_AT = never, periods.ts). Used add-on credits stay recorded after expiry.
 * - Consumption takes plan credits first (they are lost at renewal anyway), then add-ons in order
 *   of soonest expiry, ties broken by grantedAt then id, so SQL can use the same ORDER BY.
 * - A consumption is all or nothing: either every credit is covered or nothing changes.
 *
 * The SQL equivalent: compute movements, then apply each as a guarded UPDATE
 * (`... SET used = used + :n WHERE id = :id AND (credits = -1 OR used + :n <= credits) AND
 * <usable at :now>`) inside one batch that is abandoned if any guard matched no row. That is
 * applyMovements below, and the property tests show it never overspends under interleaving.
 */
import { assertNonNegativeInteger } from "./money";
import type { AddonStatus } from "./status";

export const UNLIMITED_CREDITS = -1;

export interface PlanGrant {
  /** Credits of this period; -1 = unlimited. */
  readonly credits: number;
  readonly used: number;
  readonly periodStart: number;
  readonly periodEnd: number;
}

export interface AddonGrant {
  readonly id: string;
  readonly credits: number;
  readonly used: number;
  readonly grantedAt: number;
  readonly expiresAt: number;
  readonly canceled: boolean;
}

export interface CreditState {
  readonly plan: PlanGrant | null;
  readonly addons: readonly AddonGrant[];
}

export type Movement =
  | { readonly source: "plan"; readonly amount: number }
  | { readonly source: "addon"; readonly addonId: string; readonly amount: number };

export interface InsufficientCredits {
  readonly ok: false;
  readonly error: "INSUFFICIENT_CREDITS";
  readonly requested: number;
  /** Usable credits at the time of the attempt, as balance().remaining reports them. */
  readonly available: number;
}

export type ConsumeResult =
  | { readonly ok: true; readonly state: CreditState; readonly movements: readonly Movement[] }
  | InsufficientCredits;

export type ApplyResult = { readonly ok: true; readonly state: CreditState } | InsufficientCredits;

export interface Balance {
  /** Credits of the current plan period; -1 when unlimited; 0 when no plan period covers now. */
  readonly planTotal: number;
  readonly planUsed: number;
  /** Sums over usable add-ons only: expired or canceled packs no longer count. */
  readonly addonTotal: number;
  readonly addonUsed: number;
  /** Usable credits left; -1 when unlimited. */
  readonly remaining: number;
  readonly unlimited: boolean;
}

export const EMPTY_CREDIT_STATE: CreditState = { plan: null, addons: [] };

function assertCredits(credits: number): void {
  if (credits !== UNLIMITED_CREDITS) assertNonNegativeInteger(credits, "credits");
}

/** Starts a plan period: replaces the previous plan grant with a fresh, unused one. */
export function grantPlan(
  state: CreditState,
  grant: { readonly credits: number; readonly periodStart: number; readonly periodEnd: number },
): CreditState {
  assertCredits(grant.credits);
  if (!(grant.periodEnd > grant.periodStart)) throw new RangeError("periodEnd must be after periodStart");
  return { ...state, plan: { ...grant, used: 0 } };
}

/**
 * Adds an add-on pack. Idempotent by id (a replayed payment webhook must not grant twice): a
 * second grant with a known id returns the state unchanged.
 */
export function grantAddon(
  state: CreditState,
  grant: {
    readonly id: string;
    readonly credits: number;
    readonly grantedAt: number;
    readonly expiresAt: number;
  },
): CreditState {
  assertNonNegativeInteger(grant.credits, "credits");
  if (!(grant.expiresAt > grant.grantedAt)) throw new RangeError("expiresAt must be after grantedAt");
  if (state.addons.some((a) => a.id === grant.id)) return state;
  return { ...state, addons: [...state.addons, { ...grant, used: 0, canceled: false }] };
}

/** Cancels an add-on (e.g. refunded): its unused credits stop being usable. */
export function cancelAddon(state: CreditState, id: string): CreditState {
  return { ...state, addons: state.addons.map((a) => (a.id === id ? { ...a, canceled: true } : a)) };
}

export function isPlanActive(plan: PlanGrant, now: number): boolean {
  return plan.periodStart <= now && now < plan.periodEnd;
}

export function isAddonUsable(addon: AddonGrant, now: number): boolean {
  return !addon.canceled && addon.grantedAt <= now && now < addon.expiresAt;
}

/** Spec 3 section 4: expiry wins over the stored status (isExpired overrides to expired). */
export function addonStatusAt(addon: AddonGrant, now: number): AddonStatus {
  if (now >= addon.expiresAt) return "expired";
  return addon.canceled ? "canceled" : "active";
}

/** The consumption order of add-ons: soonest expiry, then oldest grant, then id. */
export function addonConsumptionOrder(a: AddonGrant, b: AddonGrant): number {
  if (a.expiresAt !== b.expiresAt) return a.expiresAt - b.expiresAt;
  if (a.grantedAt !== b.grantedAt) return a.grantedAt - b.grantedAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function balance(state: CreditState, now: number): Balance {
  const plan = state.plan !== null && isPlanActive(state.plan, now) ? state.plan : null;
  const unlimited = plan !== null && plan.credits === UNLIMITED_CREDITS;
  let addonTotal = 0;
  let addonUsed = 0;
  for (const a of state.addons) {
    if (!isAddonUsable(a, now)) continue;
    addonTotal += a.credits;
    addonUsed += a.used;
  }
  const planTotal = plan?.credits ?? 0;
  const planUsed = plan?.used ?? 0;
  const remaining = unlimited ? UNLIMITED_CREDITS : planTotal - planUsed + addonTotal - addonUsed;
  return { planTotal, planUsed, addonTotal, addonUsed, remaining, unlimited };
}

/**
 * Consumes `amount` credits at `now`: plan first, then add-ons by soonest expiry. Returns the new
 * state and the movements (what the ledger records), or INSUFFICIENT_CREDITS with no change.
 */
export function planConsume(state: CreditState, amount: number, now: number): ConsumeResult {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`amount must be positive, got ${amount}`);
  const movements: Movement[] = [];
  let left = amount;
  const plan = state.plan;
  if (plan !== null && isPlanActive(plan, now)) {
    const take = plan.credits === UNLIMITED_CREDITS ? left : Math.min(left, plan.credits - plan.used);
    if (take > 0) {
      movements.push({ source: "plan", amount: take });
      left -= take;
    }
  }
  const usable = state.addons.filter((a) => isAddonUsable(a, now)).sort(addonConsumptionOrder);
  for (const a of usable) {
    if (left === 0) break;
    const take = Math.min(left, a.credits - a.used);
    if (take > 0) {
      movements.push({ source: "addon", addonId: a.id, amount: take });
      left -= take;
    }
  }
  if (left > 0) return insufficient(state, amount, now);
  const applied = applyMovements(state, movements, now);
  // Cannot fail: the movements were sized from this very state. Kept as a check, not a cast.
  if (!applied.ok) return applied;
  return { ok: true, state: applied.state, movements };
}

/**
 * Applies movements computed earlier (possibly from an older snapshot) to the current state,
 * re-checking every guard against it, like the guarded UPDATEs of one D1 batch. All or nothing.
 */
export function applyMovements(state: CreditState, movements: readonly Movement[], now: number): ApplyResult {
  let plan = state.plan;
  const addons = [...state.addons];
  const requested = movements.reduce((sum, m) => sum + m.amount, 0);
  for (const m of movements) {
    if (!Number.isSafeInteger(m.amount) || m.amount <= 0)
      throw new RangeError("movement amount must be positive");
    if (m.source === "plan") {
      if (plan === null || !isPlanActive(plan, now)) return insufficient(state, requested, now);
      if (plan.credits !== UNLIMITED_CREDITS && plan.used + m.amount > plan.credits) {
        return insufficient(state, requested, now);
      }
      plan = { ...plan, used: plan.used + m.amount };
    } else {
      const i = addons.findIndex((a) => a.id === m.addonId);
      const a = addons[i];
      if (a === undefined || !isAddonUsable(a, now) || a.used + m.amount > a.credits) {
        return insufficient(state, requested, now);
      }
      addons[i] = { ...a, used: a.used + m.amount };
    }
  }
  return { ok: true, state: { plan, addons } };
}

function insufficient(state: CreditState, requested: number, now: number): InsufficientCredits {
  return { ok: false, error: "INSUFFICIENT_CREDITS", requested, available: balance(state, now).remaining };
}
