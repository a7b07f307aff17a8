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

export function seedLocal() {
  const now = Date.now();
  const month = 30 * 86_400_000;
  const sql = [
    `INSERT OR IGNORE INTO users (id, email, name, password_hash, internal, created_at, updated_at) VALUES (${q("demo-user")}, ${q(DEMO.email)}, ${q(DEMO.name)}, ${q(hashPassword(DEMO.password))}, 0, ${now}, ${now});`,
    `INSERT OR IGNORE INTO subscriptions (id, user_id, plan_slug, status, state, billing_cycle, currency, amount_minor, sponsor, created_at, period_start, period_end) VALUES ('demo-sub', 'demo-user', 'free', 'active', 1, 'monthly', 'USD', 0, NULL, ${now}, ${now}, ${now + month});`,
  ].join("\n");
  const dir = mkdtempSync(join(tmpdir(), "sf-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, sql);
  const res = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file], {
    stdio: ["ignore", "ignore", "inherit"],
    env: localEnv,
  });
  if (res.status !== 0) throw new Error("Seeding the local database failed");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seedLocal();
  console.log(`Demo account: ${DEMO.email} / ${DEMO.password}`);
}
