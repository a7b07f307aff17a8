import type { AddonGrant } from "../../billing";

/** The credit_grants columns the pure ledger reads, as D1 answers them (snake_case). */
export interface GrantColumns {
  id: string;
  credits: number;
  used: number;
  granted_at: number;
  expires_at: number;
  status: string;
}

/** An add-on grant row as the pure ledger (billing/credits.ts) sees it: the balance and the status page agree. */
export function addonGrantOf(r: GrantColumns): AddonGrant {
  return {
    id: r.id,
    credits: r.credits,
    used: r.used,
    grantedAt: r.granted_at,
    expiresAt: r.expires_at,
    canceled: r.status === "canceled",
  };
}
