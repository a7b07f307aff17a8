import { formatMoney } from "../../utils/format";

/** Spec 3 s9: the currencies on sale and the default cycle. */
export const CURRENCIES = ["USD", "EUR", "GBP"] as const;
export type Cycle = "monthly" | "yearly";

export function currencyOf(value: string | null): string {
  const upper = (value ?? "").toUpperCase();
  return CURRENCIES.find((c) => c === upper) ?? "USD";
}

export function cycleOf(value: string | null): Cycle {
  return value === "yearly" ? "yearly" : "monthly";
}

/** '20 credits per 30 days', or unlimited for -1 (spec 3 s9). */
export function creditsText(credits: number, days: number): string {
  if (credits === -1) return `Unlimited credits per ${days} days`;
  return `${credits.toLocaleString("en-US")} credits per ${days} days`;
}

/** The card's headline price: a yearly plan shows its price divided by 12 per month (spec 3 s2). */
export function monthlyFigure(price: number, currency: string, cycle: string): string {
  return formatMoney(cycle === "yearly" ? price / 12 : price, currency);
}
