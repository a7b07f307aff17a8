import {
  type EntriesBucket,
  type EntriesRow,
  entriesRows,
  entriesTooltip,
  type GroupedData,
  SESSION_NAMES,
  SESSIONS,
  sessionOf,
} from "../../utils/chart-buckets";
import type { Grouping } from "../../utils/chart-ticks";
import { SESSION_COLOURS, SINGLE_COLOUR } from "./colours";
import { GroupedBarChart, type GroupedBarKind } from "./grouped-bar-chart";

export interface EntriesChartProps {
  /** summarise().entriesData. */
  readonly data: GroupedData<EntriesBucket>;
  readonly initialGrouping?: Grouping;
}

const SESSION_LEGEND = SESSIONS.map((s) => ({ label: SESSION_NAMES[s], colour: SESSION_COLOURS[s] }));

const ENTRIES: GroupedBarKind<EntriesBucket, EntriesRow> = {
  title: "Entries",
  rows: entriesRows,
  series: (grouping) => [
    {
      key: "entries",
      value: (r) => r.entries,
      colour: (r) => (grouping === "hourly" ? SESSION_COLOURS[sessionOf(r.key)] : SINGLE_COLOUR),
      tooltip: entriesTooltip,
    },
  ],
  yLabel: "Entries",
  integerValues: true,
  summary: (rows) => `${rows.reduce((sum, r) => sum + r.entries, 0)} entries`,
  // Only hours have sessions to colour by.
  legend: (grouping) => (grouping === "hourly" ? SESSION_LEGEND : []),
  legendLabel: "Sessions",
};

/** Entries per hour, weekday or month; hours coloured by trading session (spec 2 s2). */
export function EntriesChart({ data, initialGrouping }: EntriesChartProps) {
  return <GroupedBarChart kind={ENTRIES} data={data} initialGrouping={initialGrouping} />;
}
