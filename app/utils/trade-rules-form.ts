/**
 * The trade rules form (issue 14: the spec v2 exits, pending entries, entry limits and sizing, editable on
 * the strategy screens): its field names and the shapes the page passes around. Shared by the server
 * (trade-rules-form.server.ts reads and validates) and the page (trade-rules-form.tsx draws); no zod here.
 */

/** The posted form: every field as the string the browser sent (checkboxes: "on" or absent). */
export type TradeRulesValues = Record<string, string>;

/** A price level's select: its value and the words shown. */
export interface LevelOption {
  readonly value: string;
  readonly label: string;
}

/** The four price levels the form edits, with their field prefixes and labels. */
export const LEVELS = [
  { key: "stopLong", label: "Stop loss of a buy at" },
  { key: "stopShort", label: "Stop loss of a sell at" },
  { key: "trailLong", label: "Trail a buy's stop to" },
  { key: "trailShort", label: "Trail a sell's stop to" },
  { key: "pendingLong", label: "Buy order price" },
  { key: "pendingShort", label: "Sell order price" },
] as const;
export type LevelKey = (typeof LEVELS)[number]["key"];

/** A level's select value when the spec holds a price the form cannot draw: it is kept as it is. */
export const KEEP = "keep";

export const SIZING_TYPES = [
  { value: "fixed", label: "Fixed lots" },
  { value: "riskPercent", label: "Risk a percent of the account" },
  { value: "riskMoney", label: "Risk an amount of money" },
  { value: "lotsPerEquity", label: "Lots per equity" },
] as const;

export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** Field name of weekday `d` (1 = Monday) of the close-at time exit. */
export const dayField = (d: number) => `exits.closeAtDay${d}`;

/** What the page needs to draw the form: the values, the level choices, each field's message. */
export interface TradeRulesFormData {
  readonly values: TradeRulesValues;
  /** The price-level choices every level offers (the spec's indicators included). */
  readonly levelOptions: readonly LevelOption[];
  /** Per level: the sentence of a price the form cannot draw (offered as "keep"), else absent. */
  readonly kept: Partial<Record<LevelKey, string>>;
  /** Field name (or a section: "sizing", "exits", "pending", "form") to its message. */
  readonly errors: Record<string, string>;
}
