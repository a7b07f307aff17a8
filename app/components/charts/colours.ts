import type { Session } from "../../utils/chart-buckets";

/** Colour classes from charts.css (teal, violet, blue per spec 2 s2), themed by CSS variables. */
export const SESSION_COLOURS: Readonly<Record<Session, string>> = {
  asia: "chart-fill-teal",
  europe: "chart-fill-violet",
  usa: "chart-fill-blue",
};
export const SINGLE_COLOUR = "chart-fill-teal";
export const PROFIT_COLOUR = "chart-fill-teal";
export const LOSS_COLOUR = "chart-fill-violet";
