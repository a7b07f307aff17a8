/** The hover box of a time chart, at a fraction of the plot's width; it hangs inwards near the edges. */
export function TimeTip({ at, lines }: { at: number; lines: readonly string[] }) {
  const side = at < 0.25 ? " start" : at > 0.75 ? " end" : "";
  return (
    <div className={`chart-tooltip time-tip${side}`} style={{ left: `${at * 100}%` }} aria-live="polite">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}

/** The pointer's position as a fraction (0..1) of an element's width. */
export function fractionOf(element: Element | null, clientX: number): number | null {
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  if (rect.width <= 0) return null;
  return Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
}
