/**
 * The Trades table (issue 16): each closed position as one entry/exit pair with its direction, volume,
 * prices, profit, holding time and MFE/MAE, formatted as the Orders and Deals rows are (rows.ts: MT5 times,
 * prices to the symbol's digits, money to cents). Pure: the results screen, the exports and the CLI share it.
 */
import { mtTime } from "../rows";
import type { ClosedTrade } from "../types";
import { fixed } from "./format";

export interface TradeRow {
  readonly Trade: number;
  readonly "Open Time": string;
  readonly Direction: "buy" | "sell";
  readonly Volume: string;
  readonly "Open Price": string;
  readonly "Close Time": string;
  readonly "Close Price": string;
  readonly Profit: string;
  readonly Duration: string;
  /** Holding time in seconds, so the table sorts durations as numbers. */
  readonly Seconds: number;
  readonly MFE: string;
  readonly MAE: string;
  readonly Exit: string;
}

const EXIT_TEXT: Readonly<Record<ClosedTrade["exitReason"], string>> = {
  signal: "signal",
  sl: "stop loss",
  tp: "take profit",
  end: "end of test",
  stopout: "stop out",
};

const pad = (n: number) => String(n).padStart(2, "0");

/** "3d 04:05:06" (days only when there are any), as MT5 prints holding times. */
export function holdingTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const days = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3_600))}:${pad(Math.floor((s % 3_600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * The closed trades in close order, numbered from 1; a long opens with a buy, a short with a sell.
 * `first`: how many trades come before these (a caller that formats them in pieces numbers them on).
 */
export function tradeRows(trades: readonly ClosedTrade[], digits: number, first = 0): TradeRow[] {
  return trades.map((t, i) => {
    const seconds = Math.round((t.exitTime - t.entryTime) / 1000);
    return {
      Trade: first + i + 1,
      "Open Time": mtTime(t.entryTime),
      Direction: t.direction === "long" ? "buy" : "sell",
      Volume: t.volume.toFixed(2),
      "Open Price": t.entryPrice.toFixed(digits),
      "Close Time": mtTime(t.exitTime),
      "Close Price": t.exitPrice.toFixed(digits),
      Profit: fixed(t.profit, 2),
      Duration: holdingTime(seconds),
      Seconds: seconds,
      MFE: fixed(t.mfe, 2),
      MAE: fixed(t.mae, 2),
      Exit: EXIT_TEXT[t.exitReason],
    };
  });
}
