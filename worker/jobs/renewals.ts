import { log as defaultLog, type Logger } from "../log";
import type { RenewalReport } from "../services/billing/renewals";
import type { Services } from "../services/context";

/**
 * The Cron Trigger's billing job (DESIGN D8): renews periods and credits, charges saved cards off session,
 * turns failed renewals overdue after the grace period (falling back to Free), applies scheduled downgrades
 * and cancellations at period end and expires add-ons. `at` is a parameter so tests run it on a fixed clock;
 * the work is idempotent (worker/services/billing/renewals.ts), so overlapping runs are harmless.
 * Logged as structured events (DESIGN D15): `renewals.done` with the report's counts, or `renewals.failed`
 * (also reported to Sentry when configured) and rethrown, so the cron run shows as failed.
 */
export async function runRenewals(
  services: Pick<Services, "billing">,
  at: number,
  log: Logger = defaultLog,
): Promise<RenewalReport> {
  const started = Date.now();
  try {
    const report = await services.billing.renewals.run(at);
    log.info("renewals.done", { job: "renewals", scheduledAt: at, ms: Date.now() - started, ...report });
    return report;
  } catch (e) {
    log.error("renewals.failed", e, { job: "renewals", scheduledAt: at, ms: Date.now() - started });
    throw e;
  }
}
