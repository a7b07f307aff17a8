/**
 * What the results screen shows for a URL and a backtest (spec 2 s2, s3): the graph and lower tabs kept in
 * the query (`?graph=`, `?tab=`) so they work without JavaScript, and the summary box's texts. Pure.
 */
import { formatDate, formatMetric } from "./format";

export const GRAPHS = ["balance", "entries", "pnl", "play", "candle"] as const;
export type Graph = (typeof GRAPHS)[number];
export const GRAPH_LABELS: Readonly<Record<Graph, string>> = {
  balance: "Balance",
  entries: "Entries",
  pnl: "Profit and Loss",
  play: "Play",
  candle: "Candle",
};

export const LOWER_TABS = ["results", "orders", "deals", "trades", "robustness"] as const;
export type LowerTab = (typeof LOWER_TABS)[number];
export const LOWER_TAB_LABELS: Readonly<Record<LowerTab, string>> = {
  results: "Results & Export",
  orders: "Orders",
  deals: "Deals",
  trades: "Trades",
  robustness: "Monte Carlo",
};

/** Table params of the tables (`orders_page`, `deals_sort` ...). */
export const TABLE_PREFIX: Readonly<Record<Exclude<LowerTab, "results" | "robustness">, string>> = {
  orders: "orders",
  deals: "deals",
  trades: "trades",
};

function pick<T extends string>(list: readonly T[], raw: string | null, fallback: T): T {
  return list.find((v) => v === raw) ?? fallback;
}

/** Spec 2 s2: Balance by default; unknown values fall back rather than fail. */
export function graphOf(search: URLSearchParams): Graph {
  return pick(GRAPHS, search.get("graph"), "balance");
}

export function lowerTabOf(search: URLSearchParams): LowerTab {
  return pick(LOWER_TABS, search.get("tab"), "results");
}

/** The query for another graph or tab: other params stay, a table's paging stays with its own tab. */
export function withParam(search: URLSearchParams, name: "graph" | "tab", value: string): string {
  const sp = new URLSearchParams(search);
  const fallback = name === "graph" ? "balance" : "results";
  if (value === fallback) sp.delete(name);
  else sp.set(name, value);
  const q = sp.toString();
  return q ? `?${q}` : "?";
}

/**
 * 'Supported symbols' for Play and Candle (spec 2 s5): every symbol that has candle data, which with the
 * demo feed is every catalogue symbol; a symbol the backtest could run on always has data.
 */
export function supportsCandles(symbol: string | null | undefined): boolean {
  return typeof symbol === "string" && /^[A-Z0-9.]{3,12}$/i.test(symbol);
}

const DELAYS: Readonly<Record<number, string>> = { 0: "Zero latency", [-1]: "Random delay" };

/** Spec 2 s3 executionMode: 0 zero latency, -1 random, otherwise a delay in ms (fixed or custom). */
export function delayLabel(executionMode: number): string {
  return DELAYS[executionMode] ?? `${formatMetric(executionMode)} ms`;
}

const MODELS = [
  "Every tick",
  "Every tick based on real ticks",
  "1 minute OHLC",
  "Open prices only",
  "Math calculations",
] as const;

/** Spec 2 s3 model 0-4. */
export function modelLabel(model: number): string {
  return MODELS[model] ?? String(model);
}

/** MT5 account type (issue 12); a backtest stored before the setting ran as hedging. */
export function accountLabel(account: string | undefined): string {
  return account === "netting" ? "Netting" : "Hedging";
}

export interface SummaryInputs {
  readonly symbol: string;
  readonly period: string;
  readonly dateStart: string;
  readonly dateEnd: string;
  readonly executionMode: number;
  readonly model: number;
  readonly depositAmount: number;
  readonly depositCurrency: string;
  readonly account?: string;
  /** Broker server time (issue 16); absent in backtests stored before it, which ran in UTC. */
  readonly timeZone?: string;
  readonly commission?: number;
  readonly swapLong?: number;
  readonly swapShort?: number;
  readonly tripleSwapDay?: number;
  readonly slippage?: number;
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * The short tag beside a chart time (issue 16): bar times are the run's server time, so a chart names that
 * clock ("GMT+2/+3", "Europe/London", "UTC"); backtests stored before the setting ran in UTC.
 */
export function serverTimeTag(zone: string | undefined): string {
  return zone === undefined || zone === "" ? "UTC" : zone;
}

/** The report header's time zone (issue 16): every time of the report is on this clock. */
export function timeZoneLabel(zone: string | undefined): string {
  if (zone === undefined || zone === "UTC") return "UTC";
  return zone === "GMT+2/+3" ? "GMT+2/+3, New York close" : zone;
}

/** Commission, swaps and slippage as the header shows them; "None" for a run without costs. */
export function costsLabel(i: SummaryInputs): string {
  const c = i.commission ?? 0;
  const l = i.swapLong ?? 0;
  const s = i.swapShort ?? 0;
  const slip = i.slippage ?? 0;
  if (c === 0 && l === 0 && s === 0 && slip === 0) return "None";
  const parts: string[] = [];
  if (c !== 0) parts.push(`commission ${c} ${i.depositCurrency} per lot per side`);
  if (l !== 0 || s !== 0)
    parts.push(
      `swap long ${l}, short ${s} points (triple on ${WEEKDAYS[(i.tripleSwapDay ?? 3) - 1] ?? "Wednesday"})`,
    );
  if (slip !== 0) parts.push(`slippage ${slip} points`);
  return parts.join("; ");
}

/** '2025-01-01 - 2025-12-31' (the request's calendar days). */
export function periodText(inputs: Pick<SummaryInputs, "dateStart" | "dateEnd">): string {
  return `${inputs.dateStart.slice(0, 10)} - ${inputs.dateEnd.slice(0, 10)}`;
}

/** Spec 2 s2 summary box: Symbol, Timeframe, Period, Delay, Modelling, Deposit, Account (issue 12), Created, Description, Status. */
export function summaryRows(
  bt: { inputs: SummaryInputs; created: string; description: string; statusLabel: string },
  timeZone = "UTC",
): [string, string][] {
  return [
    ["Symbol", bt.inputs.symbol],
    ["Timeframe", bt.inputs.period],
    ["Period", periodText(bt.inputs)],
    ["Delay", delayLabel(bt.inputs.executionMode)],
    ["Modelling", modelLabel(bt.inputs.model)],
    ["Deposit", `${formatMetric(bt.inputs.depositAmount)} ${bt.inputs.depositCurrency}`],
    ["Account", accountLabel(bt.inputs.account)],
    ["Server time", timeZoneLabel(bt.inputs.timeZone)],
    ["Costs", costsLabel(bt.inputs)],
    ["Created", formatDate(bt.created, timeZone)],
    ["Description", bt.description.trim() === "" ? "-" : bt.description],
    ["Status", bt.statusLabel],
  ];
}

/** The completed banner's local dismissal (spec 2 s2), one localStorage key per backtest. */
export function dismissKey(backtestId: string): string {
  return `backtest-message-dismissed:${backtestId}`;
}
