import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { sponsorAllowlist } from "../db/schema";

/** The partner programme's identifier used by /sign/up/switch-markets. */
export const SWITCH_MARKETS_SPONSOR = "switch-markets";

export type Eligibility = { eligible: true } | { eligible: false; userMessage: string };

/** Spec 1 s6: the eligibility rule is the server's, behind an interface (a partner API could replace it). */
export interface SponsorEligibility {
  check(sponsor: string, email: string): Promise<Eligibility>;
}

export const INELIGIBLE_MESSAGE =
  "We could not find a funded trader account with this email address. Please use the email address registered with our partner, or contact support.";

/** Embedded default: an allow-list of e-mails and "@domain" patterns kept in D1 (seeded with an example). */
export function createAllowlistEligibility(db: Db): SponsorEligibility {
  return {
    async check(sponsor, email) {
      const lower = email.toLowerCase();
      const domain = `@${lower.split("@")[1] ?? ""}`;
      const rows = await db
        .select({ id: sponsorAllowlist.id })
        .from(sponsorAllowlist)
        .where(and(eq(sponsorAllowlist.sponsor, sponsor), inArray(sponsorAllowlist.pattern, [lower, domain])))
        .limit(1);
      return rows.length > 0 ? { eligible: true } : { eligible: false, userMessage: INELIGIBLE_MESSAGE };
    },
  };
}
