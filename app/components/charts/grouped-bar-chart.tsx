import { useCallback, useMemo, useState } from "react";
import { GROUPING_AXIS, GROUPING_NAMES, type GroupedData } from "../../utils/chart-buckets";
import { type Grouping, groupingTicks } from "../../utils/chart-ticks";
import { ChartFrame } from "./chart-frame";
import { ChartLegend, type LegendItem } from "./chart-legend";
import type { HoverHandler } from "./chart-tooltip";
import { type BarSeries, drawBars } from "./draw-bars";
import { GroupingSwitch } from "./grouping-switch";
import { useD3Chart } from "./use-d3-chart";

/**
 * What one bar chart by hour, weekday or month says about its rows (the entries and the profit/loss charts).
 * The functions must be stable (module-level): the chart redraws when they change.
 */
export interface GroupedBarKind<B, R extends { readonly label: string }> {
  readonly title: string;
  rows(data: GroupedData<B>, grouping: Grouping): R[];
  series(grouping: Grouping): readonly BarSeries<R>[];
  readonly yLabel: string;
  readonly integerValues: boolean;
  /** The screen reader's sentence, before "by <grouping> bucket". */
  summary(rows: readonly R[]): string;
  legend(grouping: Grouping): readonly LegendItem[];
  readonly legendLabel: string;
}

/** Bars per bucket with the Hours/Weekdays/Months switch (spec 2 s2). */
export function GroupedBarChart<B, R extends { readonly label: string }>({
  kind,
  data,
  initialGrouping = "hourly",
}: {
  kind: GroupedBarKind<B, R>;
  data: GroupedData<B>;
  initialGrouping?: Grouping;
}) {
  const [grouping, setGrouping] = useState<Grouping>(initialGrouping);
  const rows = useMemo(() => kind.rows(data, grouping), [kind, data, grouping]);
  const draw = useCallback(
    (svg: SVGSVGElement, width: number, onHover: HoverHandler) =>
      drawBars(
        svg,
        {
          rows,
          label: (r: R) => r.label,
          series: kind.series(grouping),
          ticks: groupingTicks(grouping, width),
          xLabel: GROUPING_AXIS[grouping],
          yLabel: kind.yLabel,
          integerValues: kind.integerValues,
        },
        width,
        onHover,
      ),
    [kind, rows, grouping],
  );
  const { bodyRef, svgRef, tip } = useD3Chart(draw);
  return (
    <ChartFrame
      title={kind.title}
      summary={`${kind.summary(rows)} by ${GROUPING_NAMES[grouping].toLowerCase()} bucket`}
      controls={<GroupingSwitch value={grouping} onChange={setGrouping} />}
      legend={<ChartLegend items={kind.legend(grouping)} label={kind.legendLabel} />}
      bodyRef={bodyRef}
      svgRef={svgRef}
      tip={tip}
    />
  );
}
