export interface LegendItem {
  readonly label: string;
  /** The colour class of the swatch (charts.css), the same as the bars'. */
  readonly colour: string;
}

export function ChartLegend({ items, label }: { items: readonly LegendItem[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="chart-legend" aria-label={label}>
      {items.map((item) => (
        <li key={item.label}>
          <span className={`chart-swatch ${item.colour}`} aria-hidden="true" />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
