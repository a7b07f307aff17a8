import type { Services } from "../services/context";

/**
 * The Cron Trigger's billing job (DESIGN D8): renews periods and credits, charges saved cards off session,
 * turns failed renewals overdue after the grace period (falling back to Free), applies scheduled downgrades
 * and cancellations at period end and expires add-ons. `at` is a parameter so tests run it on a fixed clock;
 * the work is idempotent (worker/services/billing/renewals.ts), so overlapping runs are harmless.
 */
export async function runRenewals(services: Pick<Services, "billing">, at: number) {
  return services.billing.renewals.run(at);
}
