import type { ReportTrade } from "./types";

/** Test helper: a closed trade with sensible defaults (long, opened at t=0, held one hour). */
export function trade(profit: number, fields: Partial<ReportTrade> = {}): ReportTrade {
  return {
    openTime: 0,
    closeTime: 3_600_000,
    direction: "long",
    mfe: Math.max(profit, 0),
    mae: Math.min(profit, 0),
    ...fields,
    profit,
  };
}
