import { describe, expect, it } from "vitest";
import {
  type ApplyResult,
  addonStatusAt,
  applyMovements,
  balance,
  type ConsumeResult,
  type CreditState,
  cancelAddon,
  EMPTY_CREDIT_STATE,
  grantAddon,
  grantPlan,
  planConsume,
} from "./credits";
import { DAY_MS, NEVER_EXPIRES_AT } from "./periods";

const d = (days: number) => days * DAY_MS;

function ok(r: ConsumeResult): Extract<ConsumeResult, { ok: true }>;
function ok(r: ApplyResult): Extract<ApplyResult, { ok: true }>;
function ok(r: ConsumeResult | ApplyResult) {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r;
}

/** Plan 3 credits for days [0, 30); add-ons A 10 (until day 60), B 5 (until day 20), C 4 (until day 5). */
function sample(): CreditState {
  let s = grantPlan(EMPTY_CREDIT_STATE, { credits: 3, periodStart: 0, periodEnd: d(30) });
  s = grantAddon(s, { id: "A", credits: 10, grantedAt: 0, expiresAt: d(60) });
  s = grantAddon(s, { id: "B", credits: 5, grantedAt: 0, expiresAt: d(20) });
  s = grantAddon(s, { id: "C", credits: 4, grantedAt: 0, expiresAt: d(5) });
  return s;
}

describe("planConsume", () => {
  it("uses plan credits first, then the add-on expiring soonest, skipping expired ones", () => {
    const r = ok(planConsume(sample(), 5, d(10)));
    expect(r.movements).toEqual([
      { source: "plan", amount: 3 },
      { source: "addon", addonId: "B", amount: 2 },
    ]);
    expect(balance(r.state, d(10))).toEqual({
      planTotal: 3,
      planUsed: 3,
      addonTotal: 15, // A + B; C expired on day 5
      addonUsed: 2,
      remaining: 13,
      unlimited: false,
    });
  });

  it("spills from one add-on into the next", () => {
    const r = ok(planConsume(sample(), 16, d(10)));
    expect(r.movements).toEqual([
      { source: "plan", amount: 3 },
      { source: "addon", addonId: "B", amount: 5 },
      { source: "addon", addonId: "A", amount: 8 },
    ]);
    expect(balance(r.state, d(10)).remaining).toBe(2);
  });

  it("refuses more than is usable and changes nothing", () => {
    const before = sample();
    const snapshot = structuredClone(before);
    expect(planConsume(before, 19, d(10))).toEqual({
      ok: false,
      error: "INSUFFICIENT_CREDITS",
      requested: 19,
      available: 18,
    });
    expect(before).toEqual(snapshot);
  });

  it("takes the current period only: after the plan period ends only add-ons count", () => {
    const r = ok(planConsume(sample(), 4, d(30)));
    expect(r.movements).toEqual([{ source: "addon", addonId: "A", amount: 4 }]);
    expect(balance(r.state, d(30))).toMatchObject({
      planTotal: 0,
      planUsed: 0,
      addonTotal: 10,
      remaining: 6,
    });
  });

  it("unlimited plans cover everything and leave add-ons untouched", () => {
    const s = grantAddon(grantPlan(EMPTY_CREDIT_STATE, { credits: -1, periodStart: 0, periodEnd: d(31) }), {
      id: "A",
      credits: 10,
      grantedAt: 0,
      expiresAt: NEVER_EXPIRES_AT,
    });
    const r = ok(planConsume(s, 1_000, d(1)));
    expect(r.movements).toEqual([{ source: "plan", amount: 1_000 }]);
    expect(balance(r.state, d(1))).toEqual({
      planTotal: -1,
      planUsed: 1_000,
      addonTotal: 10,
      addonUsed: 0,
      remaining: -1,
      unlimited: true,
    });
  });

  it("orders equal expiries by grant time, then id; never-expiring packs go last", () => {
    let s: CreditState = EMPTY_CREDIT_STATE;
    s = grantAddon(s, { id: "never", credits: 1, grantedAt: 0, expiresAt: NEVER_EXPIRES_AT });
    s = grantAddon(s, { id: "z", credits: 1, grantedAt: 0, expiresAt: d(9) });
    s = grantAddon(s, { id: "late", credits: 1, grantedAt: d(1), expiresAt: d(9) });
    s = grantAddon(s, { id: "a", credits: 1, grantedAt: 0, expiresAt: d(9) });
    const r = ok(planConsume(s, 4, d(2)));
    expect(r.movements.map((m) => (m.source === "addon" ? m.addonId : "plan"))).toEqual([
      "a",
      "z",
      "late",
      "never",
    ]);
  });

  it("ignores packs granted in the future and canceled packs", () => {
    let s = grantAddon(EMPTY_CREDIT_STATE, { id: "future", credits: 5, grantedAt: d(5), expiresAt: d(50) });
    s = grantAddon(s, { id: "refunded", credits: 5, grantedAt: 0, expiresAt: d(50) });
    s = cancelAddon(s, "refunded");
    expect(planConsume(s, 1, d(1))).toMatchObject({ ok: false, available: 0 });
    expect(ok(planConsume(s, 5, d(5))).movements).toEqual([
      { source: "addon", addonId: "future", amount: 5 },
    ]);
  });

  it("rejects non-positive or fractional amounts", () => {
    expect(() => planConsume(sample(), 0, 0)).toThrow(RangeError);
    expect(() => planConsume(sample(), 1.5, 0)).toThrow(RangeError);
  });
});

describe("grants", () => {
  it("renewal replaces the plan grant: unused plan credits do not roll over", () => {
    const used = ok(planConsume(sample(), 2, d(1))).state;
    const renewed = grantPlan(used, { credits: 3, periodStart: d(30), periodEnd: d(60) });
    expect(balance(renewed, d(31))).toMatchObject({ planTotal: 3, planUsed: 0 });
  });

  it("add-on grants are idempotent by id", () => {
    const s = sample();
    expect(grantAddon(s, { id: "A", credits: 99, grantedAt: 0, expiresAt: d(99) })).toBe(s);
  });

  it("validate their input", () => {
    expect(() => grantPlan(EMPTY_CREDIT_STATE, { credits: -2, periodStart: 0, periodEnd: 1 })).toThrow(
      RangeError,
    );
    expect(() => grantPlan(EMPTY_CREDIT_STATE, { credits: 1, periodStart: 1, periodEnd: 1 })).toThrow(
      RangeError,
    );
    expect(() =>
      grantAddon(EMPTY_CREDIT_STATE, { id: "x", credits: -1, grantedAt: 0, expiresAt: 1 }),
    ).toThrow(RangeError);
  });

  it("reports add-on status with expiry overriding cancelation", () => {
    const s = cancelAddon(sample(), "A");
    const [a, b] = s.addons;
    expect([
      addonStatusAt(a, d(1)),
      addonStatusAt(a, d(60)),
      addonStatusAt(b, d(1)),
      addonStatusAt(b, d(20)),
    ]).toEqual(["canceled", "expired", "active", "expired"]);
  });
});

describe("applyMovements (the guarded SQL batch)", () => {
  it("applies movements from a fresh snapshot", () => {
    const s = sample();
    const r = ok(planConsume(s, 5, d(10)));
    expect(ok(applyMovements(s, r.movements, d(10))).state).toEqual(r.state);
  });

  it("refuses a stale plan that would overspend, all or nothing", () => {
    const s = sample();
    const first = ok(planConsume(s, 5, d(10)));
    const second = ok(planConsume(s, 5, d(10))); // planned on the same snapshot
    const r = applyMovements(first.state, second.movements, d(10));
    expect(r).toMatchObject({ ok: false, error: "INSUFFICIENT_CREDITS", requested: 5, available: 13 });
  });

  it("refuses movements on an add-on that expired meanwhile", () => {
    const s = sample();
    const planned = ok(planConsume(s, 5, d(10)));
    expect(applyMovements(s, planned.movements, d(20)).ok).toBe(false);
  });
});
