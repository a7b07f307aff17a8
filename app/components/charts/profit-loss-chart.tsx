import {
  type GroupedData,
  type ProfitLossBucket,
  type ProfitLossRow,
  profitLossRows,
  profitLossTooltip,
} from "../../utils/chart-buckets";
import type { Grouping } from "../../utils/chart-ticks";
import { LOSS_COLOUR, PROFIT_COLOUR } from "./colours";
import { GroupedBarChart, type GroupedBarKind } from "./grouped-bar-chart";

export interface ProfitLossChartProps {
  /** summarise().profitLossData: profit and loss as magnitudes per bucket. */
  readonly data: GroupedData<ProfitLossBucket>;
  readonly initialGrouping?: Grouping;
}

const LEGEND = [
  { label: "Profit", colour: PROFIT_COLOUR },
  { label: "Loss", colour: LOSS_COLOUR },
];

const SERIES = [
  {
    key: "profit",
    value: (r: ProfitLossRow) => r.profit,
    colour: () => PROFIT_COLOUR,
    tooltip: (r: ProfitLossRow) => profitLossTooltip("profit", r.profit),
  },
  {
    key: "loss",
    value: (r: ProfitLossRow) => r.loss,
    colour: () => LOSS_COLOUR,
    tooltip: (r: ProfitLossRow) => profitLossTooltip("loss", r.loss),
  },
];

const total = (rows: readonly ProfitLossRow[], key: "profit" | "loss") =>
  Math.trunc(rows.reduce((sum, r) => sum + r[key], 0));

const PROFIT_LOSS: GroupedBarKind<ProfitLossBucket, ProfitLossRow> = {
  title: "Profit and Loss",
  rows: profitLossRows,
  series: () => SERIES,
  yLabel: "Value",
  integerValues: false,
  summary: (rows) => `Profit ${total(rows, "profit")} and loss ${total(rows, "loss")}`,
  legend: () => LEGEND,
  legendLabel: "Legend",
};

/** Profit and loss side by side per hour, weekday or month (spec 2 s2). */
export function ProfitLossChart({ data, initialGrouping }: ProfitLossChartProps) {
  return <GroupedBarChart kind={PROFIT_LOSS} data={data} initialGrouping={initialGrouping} />;
}
