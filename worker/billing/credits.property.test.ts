/**
 * Property tests of the credit ledger (fast-check): conservation of credits over random sequences
 * of grants, consumptions, cancelations and the passing of time; and no overspending when
 * concurrent consumers plan on stale snapshots and commit through the guarded batch or a
 * check-and-set, modelled as sequential applications of the same pure functions.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AddonGrant,
  addonConsumptionOrder,
  applyMovements,
  balance,
  type CreditState,
  cancelAddon,
  EMPTY_CREDIT_STATE,
  grantAddon,
  grantPlan,
  isAddonUsable,
  isPlanActive,
  type Movement,
  planConsume,
} from "./credits";
import { DAY_MS, NEVER_EXPIRES_AT } from "./periods";

type Op =
  | { kind: "plan"; credits: number; days: number }
  | { kind: "addon"; credits: number; days: number | null }
  | { kind: "consume"; amount: number }
  | { kind: "advance"; ms: number }
  | { kind: "cancel"; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("plan" as const),
    credits: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 50 })),
    days: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({
    kind: fc.constant("addon" as const),
    credits: fc.integer({ min: 0, max: 50 }),
    days: fc.option(fc.integer({ min: 1, max: 100 })),
  }),
  fc.record({ kind: fc.constant("consume" as const), amount: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant("consume" as const), amount: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant("advance" as const), ms: fc.integer({ min: 0, max: 20 * DAY_MS }) }),
  fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
);

/** Limited credits that can no longer be used: expired or canceled packs, a lapsed plan period. */
function lockedAway(state: CreditState, now: number): number {
  let locked = 0;
  for (const a of state.addons) if (!isAddonUsable(a, now)) locked += a.credits - a.used;
  const plan = state.plan;
  if (plan !== null && plan.credits !== -1 && !isPlanActive(plan, now)) locked += plan.credits - plan.used;
  return locked;
}

/** Limited credits still usable (add-ons only when the plan is unlimited). */
function usableLimited(state: CreditState, now: number): number {
  const b = balance(state, now);
  return b.unlimited ? b.addonTotal - b.addonUsed : b.remaining;
}

function checkGrants(state: CreditState): void {
  const plan = state.plan;
  if (plan !== null) {
    expect(plan.used).toBeGreaterThanOrEqual(0);
    if (plan.credits !== -1) expect(plan.used).toBeLessThanOrEqual(plan.credits);
  }
  for (const a of state.addons) {
    expect(a.used).toBeGreaterThanOrEqual(0);
    expect(a.used).toBeLessThanOrEqual(a.credits);
  }
}

describe("conservation over random histories", () => {
  it("granted = used + remaining (+ forfeited) at every step; consumes are exact and greedy", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let state = EMPTY_CREDIT_STATE;
        let now = Date.UTC(2025, 0, 1);
        let granted = 0; // limited credits ever granted
        let consumed = 0; // limited credits ever consumed
        let replaced = 0; // unused limited plan credits dropped at renewal
        let nextId = 0;
        for (const o of ops) {
          if (o.kind === "plan") {
            const old = state.plan;
            if (old !== null && old.credits !== -1) replaced += old.credits - old.used;
            state = grantPlan(state, {
              credits: o.credits,
              periodStart: now,
              periodEnd: now + o.days * DAY_MS,
            });
            if (o.credits !== -1) granted += o.credits;
          } else if (o.kind === "addon") {
            const expiresAt = o.days === null ? NEVER_EXPIRES_AT : now + o.days * DAY_MS;
            state = grantAddon(state, { id: `a${nextId++}`, credits: o.credits, grantedAt: now, expiresAt });
            granted += o.credits;
          } else if (o.kind === "advance") {
            now += o.ms;
          } else if (o.kind === "cancel") {
            if (state.addons.length > 0)
              state = cancelAddon(state, state.addons[o.pick % state.addons.length].id);
          } else {
            const before = balance(state, now);
            const r = planConsume(state, o.amount, now);
            const affordable = before.unlimited || o.amount <= before.remaining;
            expect(r.ok).toBe(affordable);
            if (r.ok) {
              expect(r.movements.reduce((s, m) => s + m.amount, 0)).toBe(o.amount);
              if (!before.unlimited)
                expect(balance(r.state, now).remaining).toBe(before.remaining - o.amount);
              checkGreedy(r.state, r.movements, now);
              for (const m of r.movements) {
                if (m.source === "addon" || state.plan?.credits !== -1) consumed += m.amount;
              }
              state = r.state;
            } else {
              expect(r.available).toBe(before.remaining);
            }
          }
          checkGrants(state);
          const b = balance(state, now);
          if (!b.unlimited) expect(b.planTotal + b.addonTotal).toBe(b.planUsed + b.addonUsed + b.remaining);
          expect(granted).toBe(consumed + replaced + lockedAway(state, now) + usableLimited(state, now));
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** Plan first, then add-ons by consumption order: a later source is touched only if all earlier are empty. */
function checkGreedy(after: CreditState, movements: readonly Movement[], now: number): void {
  const touched = movements.filter((m) => m.source === "addon").map((m) => m.addonId);
  if (touched.length === 0) return;
  const plan = after.plan;
  if (plan !== null && isPlanActive(plan, now)) {
    expect(plan.credits).not.toBe(-1);
    expect(plan.used).toBe(plan.credits);
  }
  const usable = after.addons.filter((a) => isAddonUsable(a, now)).sort(addonConsumptionOrder);
  const lastTouched = Math.max(...touched.map((id) => usable.findIndex((a) => a.id === id)));
  for (const a of usable.slice(0, lastTouched)) expect(a.used).toBe(a.credits);
}

describe("no overspending under interleaving", () => {
  const now = Date.UTC(2025, 5, 15);
  const initial: fc.Arbitrary<CreditState> = fc
    .record({
      plan: fc.option(fc.integer({ min: 0, max: 30 })),
      addons: fc.array(
        fc.record({
          credits: fc.integer({ min: 0, max: 20 }),
          expiresInDays: fc.integer({ min: -5, max: 60 }),
        }),
        { maxLength: 4 },
      ),
    })
    .map(({ plan, addons }) => {
      let s = EMPTY_CREDIT_STATE;
      if (plan !== null)
        s = grantPlan(s, { credits: plan, periodStart: now - DAY_MS, periodEnd: now + DAY_MS });
      addons.forEach((a, i) => {
        const grantedAt = now - 10 * DAY_MS;
        const expiresAt = now + (a.expiresInDays === 0 ? 1 : a.expiresInDays) * DAY_MS;
        s = grantAddon(s, { id: `p${i}`, credits: a.credits, grantedAt, expiresAt });
      });
      return s;
    });
  const workload = fc.record({
    state: initial,
    amounts: fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 2, maxLength: 6 }),
    schedule: fc.array(fc.nat(), { maxLength: 40 }),
  });

  type Commit = "guarded" | "check-and-set" | "last-writer-wins";

  /** Runs workers that read a snapshot, plan on it, then commit; a refused commit retries from a fresh read. */
  function simulate(
    state0: CreditState,
    amounts: readonly number[],
    schedule: readonly number[],
    commit: Commit,
  ) {
    let store = { state: state0, version: 0 };
    type Worker = {
      amount: number;
      snapshot: typeof store | null;
      tries: number;
      done: boolean;
      committed: boolean;
    };
    const workers: Worker[] = amounts.map((amount) => ({
      amount,
      snapshot: null,
      tries: 0,
      done: false,
      committed: false,
    }));
    const step = (w: Worker) => {
      if (w.snapshot === null) {
        w.snapshot = store;
        return;
      }
      const planned = planConsume(w.snapshot.state, w.amount, now);
      w.tries++;
      if (!planned.ok) {
        w.done = true; // a real service reports INSUFFICIENT_CREDITS
        return;
      }
      let accepted = false;
      if (commit === "guarded") {
        const r = applyMovements(store.state, planned.movements, now);
        if (r.ok) {
          store = { state: r.state, version: store.version + 1 };
          accepted = true;
        }
      } else if (commit === "check-and-set") {
        if (store.version === w.snapshot.version) {
          store = { state: planned.state, version: store.version + 1 };
          accepted = true;
        }
      } else {
        store = { state: planned.state, version: store.version + 1 };
        accepted = true;
      }
      w.snapshot = null;
      if (accepted) w.committed = true;
      if (accepted || w.tries >= 3) w.done = true;
    };
    for (const pick of schedule) {
      const live = workers.filter((w) => !w.done);
      if (live.length === 0) break;
      step(live[pick % live.length]);
    }
    for (const w of workers) while (!w.done) step(w);
    const committed = workers.filter((w) => w.committed).reduce((s, w) => s + w.amount, 0);
    return { final: store.state, committed };
  }

  function totalUsed(s: CreditState): number {
    return (s.plan?.used ?? 0) + s.addons.reduce((sum: number, a: AddonGrant) => sum + a.used, 0);
  }

  function neverOverspends(commit: Commit) {
    return fc.property(workload, ({ state, amounts, schedule }) => {
      const { final, committed } = simulate(state, amounts, schedule, commit);
      checkGrants(final);
      // Every committed consumption is recorded, none is lost, and together they fit what was there.
      expect(totalUsed(final) - totalUsed(state)).toBe(committed);
      expect(committed).toBeLessThanOrEqual(balance(state, now).remaining);
      expect(balance(final, now).remaining).toBe(balance(state, now).remaining - committed);
    });
  }

  it("guarded batches (re-checked movements) never overspend", () => {
    fc.assert(neverOverspends("guarded"), { numRuns: 300 });
  });

  it("check-and-set on a version never overspends", () => {
    fc.assert(neverOverspends("check-and-set"), { numRuns: 300 });
  });

  it("control: committing without a check does overspend, so the property can fail", () => {
    expect(() => fc.assert(neverOverspends("last-writer-wins"), { numRuns: 300 })).toThrow();
  });
});
