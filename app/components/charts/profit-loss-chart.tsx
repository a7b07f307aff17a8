import { useCallback, useMemo, useState } from "react";
import {
  GROUPING_AXIS,
  GROUPING_NAMES,
  type GroupedData,
  type ProfitLossBucket,
  type ProfitLossRow,
  profitLossRows,
  profitLossTooltip,
} from "../../utils/chart-buckets";
import { type Grouping, groupingTicks } from "../../utils/chart-ticks";
import { ChartFrame } from "./chart-frame";
import { ChartLegend } from "./chart-legend";
import type { HoverHandler } from "./chart-tooltip";
import { LOSS_COLOUR, PROFIT_COLOUR } from "./colours";
import { drawBars } from "./draw-bars";
import { GroupingSwitch } from "./grouping-switch";
import { useD3Chart } from "./use-d3-chart";

export interface ProfitLossChartProps {
  /** summarise().profitLossData: profit and loss as magnitudes per bucket. */
  readonly data: GroupedData<ProfitLossBucket>;
  readonly initialGrouping?: Grouping;
}

const LEGEND = [
  { label: "Profit", colour: PROFIT_COLOUR },
  { label: "Loss", colour: LOSS_COLOUR },
];

/** Profit and loss side by side per hour, weekday or month (spec 2 s2). */
export function ProfitLossChart({ data, initialGrouping = "hourly" }: ProfitLossChartProps) {
  const [grouping, setGrouping] = useState<Grouping>(initialGrouping);
  const rows = useMemo(() => profitLossRows(data, grouping), [data, grouping]);
  const draw = useCallback(
    (svg: SVGSVGElement, width: number, onHover: HoverHandler) =>
      drawBars(
        svg,
        {
          rows,
          label: (r: ProfitLossRow) => r.label,
          series: [
            {
              key: "profit",
              value: (r) => r.profit,
              colour: () => PROFIT_COLOUR,
              tooltip: (r) => profitLossTooltip("profit", r.profit),
            },
            {
              key: "loss",
              value: (r) => r.loss,
              colour: () => LOSS_COLOUR,
              tooltip: (r) => profitLossTooltip("loss", r.loss),
            },
          ],
          ticks: groupingTicks(grouping, width),
          xLabel: GROUPING_AXIS[grouping],
          yLabel: "Value",
          integerValues: false,
        },
        width,
        onHover,
      ),
    [rows, grouping],
  );
  const { bodyRef, svgRef, tip } = useD3Chart(draw);
  const profit = Math.trunc(rows.reduce((sum, r) => sum + r.profit, 0));
  const loss = Math.trunc(rows.reduce((sum, r) => sum + r.loss, 0));
  return (
    <ChartFrame
      title="Profit and Loss"
      summary={`Profit ${profit} and loss ${loss} by ${GROUPING_NAMES[grouping].toLowerCase()} bucket`}
      controls={<GroupingSwitch value={grouping} onChange={setGrouping} />}
      legend={<ChartLegend items={LEGEND} label="Legend" />}
      bodyRef={bodyRef}
      svgRef={svgRef}
      tip={tip}
    />
  );
}
