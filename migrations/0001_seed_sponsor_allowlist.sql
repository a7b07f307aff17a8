-- The embedded sponsor-eligibility rule's example entries (issue 2): every address at the partner's funded-trader
-- domain, and one named address for trying the partner sign-up locally.
INSERT OR IGNORE INTO sponsor_allowlist (sponsor, pattern, created_at) VALUES ('switch-markets', '@funded.switchmarkets.example', 0);
--> statement-breakpoint
INSERT OR IGNORE INTO sponsor_allowlist (sponsor, pattern, created_at) VALUES ('switch-markets', 'funded-trader@example.com', 0);
