/**
 * Distances of the spec (stop loss, take profit, trailing, break-even) as price differences.
 * Spec semantics: 1 pip = 10 points on 3- and 5-digit symbols, 1 point otherwise (g_pip, set in
 * OnInit); `atr` is multiple x the ATR of the last closed bar (index 1); `percent` is a percentage
 * of a reference price (the fill price for orders, the open price for trailing and break-even).
 */
import type { Distance } from "../../strategy/spec";
import { bin, dbl, type Expr, id } from "../ir";
import type { Context } from "./context";
import { lineValue } from "./indicators";

const UNIT_LABEL: Readonly<Record<Distance["unit"], string>> = {
  pips: "pips",
  points: "points",
  percent: "% of price",
  atr: "x ATR",
};

/** Declares the distance's input and returns how to compute it from a reference price. */
export function distance(ctx: Context, d: Distance, name: string, label: string): (reference: Expr) => Expr {
  const amount = d.unit === "atr" ? d.multiple : d.value;
  const unitLabel = d.unit === "atr" ? `x ATR ${d.ref}` : UNIT_LABEL[d.unit];
  const input = ctx.input("Stops and targets", "double", name, dbl(amount), `${label} (${unitLabel})`);
  switch (d.unit) {
    case "pips":
      return () => bin("*", input, id("g_pip"));
    case "points":
      return () => bin("*", input, id("_Point"));
    case "percent":
      return (reference) => bin("*", reference, bin("/", input, dbl(100)));
    case "atr": {
      const atr = ctx.indicator(d.ref);
      return () => bin("*", input, lineValue(ctx, atr, "main", 1));
    }
  }
}
