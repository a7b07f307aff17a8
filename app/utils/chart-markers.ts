/**
 * Orders on the candle chart (spec 2 s9): markers grouped per candle and type, and the orders of the
 * candle under the mouse. An order belongs to the candle of the chart's timeframe that holds its time.
 */
import { bucketTime } from "./chart-timeframe";

/** A chart order as the backtest details give it (spec 2 s3 "Chart order"). */
export interface ChartOrderInput {
  /** Epoch seconds or a date string. */
  readonly date: number | string;
  readonly type: string;
  readonly orderId: number | string;
  readonly price?: number | null;
}

export type OrderSide = "buy" | "sell";

export interface ChartOrder {
  readonly orderId: string;
  readonly side: OrderSide;
  /** Epoch seconds. */
  readonly time: number;
  readonly price: number | null;
}

export const MARKER_STYLE = {
  buy: { color: "#2196F3", position: "belowBar", shape: "arrowUp" },
  sell: { color: "#FF5252", position: "aboveBar", shape: "arrowDown" },
} as const;

export interface OrderMarker {
  readonly id: string;
  readonly time: number;
  readonly side: OrderSide;
  readonly color: (typeof MARKER_STYLE)[OrderSide]["color"];
  readonly position: (typeof MARKER_STYLE)[OrderSide]["position"];
  readonly shape: (typeof MARKER_STYLE)[OrderSide]["shape"];
  readonly count: number;
  /** The count label, only when several orders share the marker. */
  readonly text?: string;
}

// MT5 writes "2024.01.03 10:00:00" and the API may send ISO dates without a zone; both mean UTC.
const DATE_RE = /^(\d{4})[.-](\d{2})[.-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Epoch seconds of a date given as epoch seconds, a numeric string or a date string; null when unreadable. */
export function toEpochSeconds(date: number | string | null | undefined): number | null {
  if (typeof date === "number") return Number.isFinite(date) ? date : null;
  if (typeof date !== "string") return null;
  const text = date.trim();
  if (text === "") return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const m = DATE_RE.exec(text);
  if (m) {
    const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
    return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 1000;
  }
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

/** Buy or sell from an order type ("buy", "Sell", "buy limit"); null for anything else. */
export function orderSide(type: string): OrderSide | null {
  const t = type.trim().toLowerCase();
  if (t.startsWith("buy")) return "buy";
  if (t.startsWith("sell")) return "sell";
  return null;
}

/** Orders the chart can place: a readable date and a buy or sell type; the rest are left out. */
export function normaliseOrders(orders: readonly ChartOrderInput[]): ChartOrder[] {
  const out: ChartOrder[] = [];
  for (const o of orders) {
    const time = toEpochSeconds(o.date);
    const side = orderSide(o.type);
    if (time === null || side === null) continue;
    const price = typeof o.price === "number" && Number.isFinite(o.price) ? o.price : null;
    out.push({ orderId: String(o.orderId), side, time, price });
  }
  return out;
}

/** Orders by the open time of their candle, in time order within a candle. */
export function ordersByCandle(orders: readonly ChartOrder[], timeframe: string): Map<number, ChartOrder[]> {
  const map = new Map<number, ChartOrder[]>();
  const sorted = [...orders].sort((a, b) => a.time - b.time);
  for (const o of sorted) {
    const key = bucketTime(o.time, timeframe);
    const list = map.get(key);
    if (list) list.push(o);
    else map.set(key, [o]);
  }
  return map;
}

/** One marker per candle and side, oldest first (the chart wants them sorted), buys before sells. */
export function groupMarkers(orders: readonly ChartOrder[], timeframe: string): OrderMarker[] {
  const markers: OrderMarker[] = [];
  for (const [time, list] of ordersByCandle(orders, timeframe)) {
    for (const side of ["buy", "sell"] as const) {
      const count = list.filter((o) => o.side === side).length;
      if (count === 0) continue;
      markers.push({
        id: `${side}-${time}`,
        time,
        side,
        ...MARKER_STYLE[side],
        count,
        ...(count > 1 ? { text: String(count) } : {}),
      });
    }
  }
  return markers.sort((a, b) => a.time - b.time);
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** "2024-01-03 10:00" in UTC, the time zone of the candles. */
export function formatUtc(time: number): string {
  const d = new Date(time * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** One tooltip line: "Buy #12 at 1.09512, 2024-01-03 10:00". */
export function orderLine(order: ChartOrder): string {
  const side = order.side === "buy" ? "Buy" : "Sell";
  const price = order.price === null ? "" : ` at ${order.price}`;
  return `${side} #${order.orderId}${price}, ${formatUtc(order.time)}`;
}
