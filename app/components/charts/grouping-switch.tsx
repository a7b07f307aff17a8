import { useId } from "react";
import { GROUPING_NAMES, GROUPINGS } from "../../utils/chart-buckets";
import type { Grouping } from "../../utils/chart-ticks";

/** The 'Sort By' switch (spec 2 s2): native radios, so keyboard and screen readers work as usual. */
export function GroupingSwitch({ value, onChange }: { value: Grouping; onChange: (g: Grouping) => void }) {
  const name = useId();
  return (
    <fieldset className="chart-switch">
      <legend>Sort By</legend>
      {GROUPINGS.map((g) => (
        <label key={g} className={g === value ? "active" : undefined}>
          <input type="radio" name={name} value={g} checked={g === value} onChange={() => onChange(g)} />
          {GROUPING_NAMES[g]}
        </label>
      ))}
    </fieldset>
  );
}
