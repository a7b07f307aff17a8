/**
 * Outline sentences of the pending entries and entry limits (spec-orders.ts), and of the sizing forms:
 * plain words a trader reads on the Summary panel.
 */
import type { Expiry, Limits, MaxSpread, PendingEntry, Sizing } from "./spec";

function num(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(6)));
}

export function describeExpiry(e: Expiry): string {
  return e.type === "bars"
    ? `deleted if not filled within ${e.bars} ${e.bars === 1 ? "bar" : "bars"}`
    : `deleted if not filled by ${e.at} server time`;
}

/**
 * "Entries are pending orders: a buy stop at <price> and a sell stop at <price>, one cancelling the
 * other, deleted if not filled within 10 bars." `price` describes a side's operand.
 */
export function describePendingEntry(
  pe: PendingEntry,
  sides: { readonly long: boolean; readonly short: boolean },
  price: (side: "long" | "short") => string,
  levelStop = false,
): string[] {
  const orders: string[] = [];
  if (sides.long && pe.long) orders.push(`a buy ${pe.order} at ${price("long")}`);
  if (sides.short && pe.short) orders.push(`a sell ${pe.order} at ${price("short")}`);
  if (orders.length === 0) return [];
  const lines = [
    `An entry signal places a pending order instead of trading at the market: ${orders.join(" and ")} (read on the bar that just closed).`,
  ];
  const how =
    pe.order === "stop"
      ? "A buy stop fills when the ask rises to its price, a sell stop when the bid falls to it."
      : "A buy limit fills when the ask falls to its price, a sell limit when the bid rises to it.";
  lines.push(`${how} No new order is placed while one is waiting.`);
  if (orders.length === 2 && pe.oco)
    lines.push("Both orders form a bracket: when one fills, the other is deleted (one cancels the other).");
  if (pe.expiry) lines.push(`An order is ${describeExpiry(pe.expiry)}.`);
  if (levelStop)
    lines.push(
      "Its stop loss at a level is read when the order is placed and measured from the order's price: no order when the level is not beyond that price.",
    );
  return lines;
}

function describeSpread(s: MaxSpread): string {
  return `${num(s.value)} ${s.unit === "pips" ? (s.value === 1 ? "pip" : "pips") : s.value === 1 ? "point" : "points"}`;
}

export function describeLimits(l: Limits): string[] {
  const lines: string[] = [];
  if (l.maxTradesPerDay !== undefined)
    lines.push(
      `At most ${l.maxTradesPerDay} ${l.maxTradesPerDay === 1 ? "trade" : "trades"} per day (server day)`,
    );
  if (l.maxSpread) lines.push(`No entry while the spread is wider than ${describeSpread(l.maxSpread)}`);
  if (l.minMinutesBetween !== undefined)
    lines.push(`At least ${minutesText(l.minMinutesBetween)} between the opening of two trades`);
  return lines;
}

export function describeSizingForm(s: Sizing): string {
  switch (s.type) {
    case "fixed":
      return `Fixed ${num(s.lots)} ${s.lots === 1 ? "lot" : "lots"} per trade`;
    case "riskPercent":
      return `Risk ${num(s.percent)}% of the ${s.of ?? "balance"} per trade (lot size from the stop-loss distance)`;
    case "riskMoney":
      return `Risk ${num(s.amount)} of the account currency per trade (lot size from the stop-loss distance)`;
    case "lotsPerEquity":
      return `${num(s.lots)} ${s.lots === 1 ? "lot" : "lots"} for every ${num(s.per)} of equity`;
    case "equityTiers": {
      const lots = (n: number) => `${num(n)} ${n === 1 ? "lot" : "lots"}`;
      const figure = s.of ?? "equity";
      const tiers = s.tiers.map((t) => `${lots(t.lots)} while the ${figure} is below ${num(t.below)}`);
      return `${tiers.join(", ")}, otherwise ${lots(s.lots)}`;
    }
  }
}

/** "60 minutes" as "1 hour", "90 minutes" as is. */
function minutesText(m: number): string {
  if (m % 60 === 0) return m === 60 ? "1 hour" : `${m / 60} hours`;
  return m === 1 ? "1 minute" : `${m} minutes`;
}
