import { useCallback, useMemo, useState } from "react";
import {
  type EntriesBucket,
  type EntriesRow,
  entriesRows,
  entriesTooltip,
  GROUPING_AXIS,
  GROUPING_NAMES,
  type GroupedData,
  SESSION_NAMES,
  SESSIONS,
  sessionOf,
} from "../../utils/chart-buckets";
import { type Grouping, groupingTicks } from "../../utils/chart-ticks";
import { ChartFrame } from "./chart-frame";
import { ChartLegend } from "./chart-legend";
import type { HoverHandler } from "./chart-tooltip";
import { SESSION_COLOURS, SINGLE_COLOUR } from "./colours";
import { drawBars } from "./draw-bars";
import { GroupingSwitch } from "./grouping-switch";
import { useD3Chart } from "./use-d3-chart";

export interface EntriesChartProps {
  /** summarise().entriesData. */
  readonly data: GroupedData<EntriesBucket>;
  readonly initialGrouping?: Grouping;
}

/** Entries per hour, weekday or month; hours coloured by trading session (spec 2 s2). */
export function EntriesChart({ data, initialGrouping = "hourly" }: EntriesChartProps) {
  const [grouping, setGrouping] = useState<Grouping>(initialGrouping);
  const rows = useMemo(() => entriesRows(data, grouping), [data, grouping]);
  const draw = useCallback(
    (svg: SVGSVGElement, width: number, onHover: HoverHandler) =>
      drawBars(
        svg,
        {
          rows,
          label: (r: EntriesRow) => r.label,
          series: [
            {
              key: "entries",
              value: (r) => r.entries,
              colour: (r) => (grouping === "hourly" ? SESSION_COLOURS[sessionOf(r.key)] : SINGLE_COLOUR),
              tooltip: entriesTooltip,
            },
          ],
          ticks: groupingTicks(grouping, width),
          xLabel: GROUPING_AXIS[grouping],
          yLabel: "Entries",
          integerValues: true,
        },
        width,
        onHover,
      ),
    [rows, grouping],
  );
  const { bodyRef, svgRef, tip } = useD3Chart(draw);
  const total = rows.reduce((sum, r) => sum + r.entries, 0);
  const legend =
    grouping === "hourly"
      ? SESSIONS.map((s) => ({ label: SESSION_NAMES[s], colour: SESSION_COLOURS[s] }))
      : [];
  return (
    <ChartFrame
      title="Entries"
      summary={`${total} entries by ${GROUPING_NAMES[grouping].toLowerCase()} bucket`}
      controls={<GroupingSwitch value={grouping} onChange={setGrouping} />}
      legend={<ChartLegend items={legend} label="Sessions" />}
      bodyRef={bodyRef}
      svgRef={svgRef}
      tip={tip}
    />
  );
}
