/** Where the d3 charts show a tooltip: pixel position inside the chart body, and its lines. */
export interface ChartTip {
  readonly x: number;
  readonly y: number;
  readonly lines: readonly string[];
}

export type HoverHandler = (tip: ChartTip | null) => void;

/** The floating box; it never takes the pointer, so moving onto it does not end the hover. */
export function ChartTooltip({ tip, className }: { tip: ChartTip | null; className?: string }) {
  if (!tip) return null;
  return (
    <div
      className={className ? `chart-tooltip ${className}` : "chart-tooltip"}
      style={{ left: tip.x, top: tip.y }}
      aria-live="polite"
    >
      {tip.lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}
