/**
 * Lots of one entry from the spec's sizing (spec.ts SEMANTICS "Risk sizing"; issue 14's forms): fixed
 * lots; a percent of the balance or equity, or a money amount, lost at the stop; lots per X of equity;
 * lots by equity (or balance) tiers.
 * Rounded DOWN to the 0.01 lot step (never above the risk asked), at least 0.01, at most 100.
 */
import { type Sizing, tierLots } from "../strategy/spec";

export interface Account {
  readonly balance: number;
  readonly equity: number;
}

/**
 * `slDist`: the stop's distance in price (NaN: none); `perPriceUnit`: deposit currency per price unit
 * for one lot now. NaN when the sizing needs a stop distance and there is none (no trade).
 */
export function entryLots(sizing: Sizing, account: Account, slDist: number, perPriceUnit: number): number {
  let lots: number;
  switch (sizing.type) {
    case "fixed":
      return sizing.lots;
    case "equityTiers":
      // Lots as stated, like fixed lots (spec-orders.ts): the tier of the figure when the order is sent.
      return tierLots(sizing, sizing.of === "balance" ? account.balance : account.equity);
    case "lotsPerEquity":
      lots = (account.equity / sizing.per) * sizing.lots;
      break;
    case "riskPercent":
    case "riskMoney": {
      if (Number.isNaN(slDist)) return Number.NaN;
      const risk =
        sizing.type === "riskMoney"
          ? sizing.amount
          : ((sizing.of === "equity" ? account.equity : account.balance) * sizing.percent) / 100;
      lots = risk / (slDist * perPriceUnit);
      break;
    }
  }
  lots = Math.floor(lots * 100 + 1e-9) / 100;
  if (!(lots >= 0.01)) lots = 0.01;
  if (lots > 100) lots = 100;
  return lots;
}

/** Sizing that needs the stop distance (no trade without one). */
export function sizingNeedsStop(sizing: Sizing): boolean {
  return sizing.type === "riskPercent" || sizing.type === "riskMoney";
}
