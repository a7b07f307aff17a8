/**
 * Orders and deals as the report tables show them (spec 2 section 3 "Orders row source keys" and
 * "Deal row"), with MT5's formatting: times "YYYY.MM.DD HH:MM:SS" UTC, prices to the symbol's digits,
 * money to cents. Pure: the services and the CLI both write these rows.
 */
import type { EngineDeal, EngineOrder } from "./types";

export function mtTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 4)}.${iso.slice(5, 7)}.${iso.slice(8, 10)} ${iso.slice(11, 19)}`;
}

const price = (p: number | null, digits: number) => (p === null || p === 0 ? "" : p.toFixed(digits));
const lots = (v: number) => v.toFixed(2);

export interface OrderRow {
  readonly Order: number;
  readonly "Open Time": string;
  readonly Symbol: string;
  readonly Type: string;
  readonly Volume: string;
  readonly Price: string;
  readonly "S / L": string;
  readonly "T / P": string;
  readonly Time: string;
  readonly State: string;
  readonly Comment: string;
}

export interface DealRow {
  readonly Deal: number;
  readonly Time: string;
  readonly Symbol: string;
  readonly Type: string;
  readonly Direction: string;
  readonly Volume: string;
  readonly Price: string;
  readonly Order: number | "";
  readonly Commission: string;
  readonly Swap: string;
  readonly Profit: string;
  readonly Balance: string;
  readonly Comment: string;
}

export function orderRows(orders: readonly EngineOrder[], digits: number): OrderRow[] {
  return orders.map((o) => ({
    Order: o.ticket,
    "Open Time": mtTime(o.timeSetup),
    Symbol: o.symbol,
    Type: o.type,
    // MT5 shows "filled / initial" volume; an order that did not fill (rejected, expired, canceled) filled nothing.
    Volume: `${lots(o.state === "filled" ? o.volume : 0)} / ${lots(o.volume)}`,
    Price: price(o.price, digits),
    "S / L": price(o.sl, digits),
    "T / P": price(o.tp, digits),
    Time: mtTime(o.timeDone),
    State: o.state,
    Comment: o.comment,
  }));
}

export function dealRows(deals: readonly EngineDeal[], digits: number): DealRow[] {
  return deals.map((d) => ({
    Deal: d.ticket,
    Time: mtTime(d.time),
    Symbol: d.symbol,
    Type: d.type,
    Direction: d.entry,
    Volume: d.type === "balance" ? "" : lots(d.volume),
    Price: d.type === "balance" ? "" : price(d.price, digits),
    Order: d.order === 0 ? "" : d.order,
    Commission: d.commission.toFixed(2),
    Swap: d.swap.toFixed(2),
    Profit: d.profit.toFixed(2),
    Balance: d.balance.toFixed(2),
    Comment: d.comment,
  }));
}
