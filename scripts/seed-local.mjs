// Seeds the local D1 with the demo account (idempotent). Run by `npm start`; safe to run again.

import { spawnSync } from "node:child_process";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localEnv } from "./local-env.mjs";

export const DEMO = { email: "demo@stratforge.local", password: "demo-password-123", name: "Demo Trader" };

// Same format as worker/services/crypto.ts: pbkdf2-sha256$iterations$salt$hash (DESIGN D3).
function hashPassword(password) {
  const iterations = 100_000;
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return `pbkdf2-sha256$${iterations}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

/** Free's credit period (worker/billing/catalogue.ts: 3 credits every 30 days), counted from the anchor. */
const PERIOD_MS = 30 * 86_400_000;
const FREE = { pid: "free-monthly-usd", slug: "free", name: "Free", credits: 3 };

/**
 * The statements that give the demo account the Free plan the way a sign-up does
 * (worker/services/subscriptions.ts startStatements): the subscription row with its product, and the plan
 * grant of the current period with its ledger movement, so Generate Code works on a fresh `npm start`.
 * A database seeded before the ledger existed (a subscription without product or grant) is brought up to
 * date; a period that ended while no renewal job ran (wrangler dev fires no cron) is rolled forward to the
 * one containing now and granted, once. Every statement is conditional, so running it again changes nothing.
 */
export function seedStatements(now = Date.now()) {
  const user = q("demo-user");
  const sub = q("demo-sub");
  // The period containing now, counted in whole periods from the anchor (the same rule as periodAt).
  const start = `(anchor_at + ((${now} - anchor_at) / ${PERIOD_MS}) * ${PERIOD_MS})`;
  const grantId = `'demo-grant-' || s.period_start`;
  return [
    `INSERT OR IGNORE INTO users (id, email, name, password_hash, internal, created_at, updated_at) VALUES (${user}, ${q(DEMO.email)}, ${q(DEMO.name)}, ${q(hashPassword(DEMO.password))}, 0, ${now}, ${now});`,
    `INSERT OR IGNORE INTO subscriptions (id, user_id, plan_slug, status, state, billing_cycle, currency, amount_minor, sponsor, created_at, period_start, period_end, product_pid, anchor_at, updated_at) VALUES (${sub}, ${user}, ${q(FREE.slug)}, 'active', 1, 'monthly', 'USD', 0, NULL, ${now}, ${now}, ${now + PERIOD_MS}, ${q(FREE.pid)}, ${now}, ${now});`,
    // A row from an older seed: no product, no anchor.
    `UPDATE subscriptions SET product_pid = ${q(FREE.pid)}, anchor_at = COALESCE(anchor_at, period_start), updated_at = ${now} WHERE id = ${sub} AND product_pid IS NULL AND plan_slug = ${q(FREE.slug)};`,
    // A Free period that ended without a renewal run: the period containing now.
    `UPDATE subscriptions SET period_start = ${start}, period_end = ${start} + ${PERIOD_MS}, updated_at = ${now} WHERE id = ${sub} AND status = 'active' AND product_pid = ${q(FREE.pid)} AND period_end <= ${now};`,
    // The current period's grant and its movement, unless the user already has a usable plan grant.
    `INSERT OR IGNORE INTO credit_grants (id, user_id, kind, subscription_id, product_pid, name, credits, used, granted_at, expires_at, status, amount_minor, currency, invoice_id, created_at)
     SELECT ${grantId}, ${user}, 'plan', s.id, ${q(FREE.pid)}, ${q(FREE.name)}, ${FREE.credits}, 0, s.period_start, s.period_end, 'active', 0, 'USD', NULL, ${now}
     FROM subscriptions s WHERE s.id = ${sub} AND s.status = 'active' AND s.product_pid = ${q(FREE.pid)}
       AND NOT EXISTS (SELECT 1 FROM credit_grants g WHERE g.user_id = ${user} AND g.kind = 'plan' AND g.status = 'active' AND g.granted_at <= ${now} AND ${now} < g.expires_at);`,
    `INSERT OR IGNORE INTO credit_movements (id, user_id, grant_id, kind, amount, reason, operation_id, applied, created_at)
     SELECT 'demo-move-' || g.id, ${user}, g.id, 'grant', g.credits, 'plan free period start (demo seed)', g.subscription_id, 1, ${now}
     FROM credit_grants g WHERE g.user_id = ${user} AND g.id LIKE 'demo-grant-%'
       AND NOT EXISTS (SELECT 1 FROM credit_movements m WHERE m.grant_id = g.id);`,
  ].join("\n");
}

/** Seeds the local database (`persistTo`: another wrangler state directory, as the browser tests use). */
export function seedLocal(persistTo) {
  const dir = mkdtempSync(join(tmpdir(), "sf-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, seedStatements());
  const where = persistTo ? ["--persist-to", persistTo] : [];
  const res = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", ...where, "--file", file], {
    stdio: ["ignore", "ignore", "inherit"],
    env: localEnv,
  });
  if (res.status !== 0) throw new Error("Seeding the local database failed");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seedLocal();
  console.log(`Demo account: ${DEMO.email} / ${DEMO.password}`);
}
