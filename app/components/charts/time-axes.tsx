import { format, formatPrefix, precisionPrefix } from "d3-format";
import type { ScaleLinear, ScaleTime } from "d3-scale";
import type { ReactNode } from "react";

/** The user-space width of the time charts' SVGs; they stretch to any width (preserveAspectRatio none). */
export const VIEW_WIDTH = 1000;

/**
 * One panel of a time chart: value labels in an HTML column on the left, the plot as an SVG that stretches
 * to the panel's width. Lines keep their stroke width when stretched (vector-effect), and the labels are
 * HTML, so the chart reads the same at 375 px and 1280 px without measuring anything: the server's HTML
 * is already the chart, and JavaScript only adds the zoom and the tooltip.
 */
export function TimePanel({
  label,
  height,
  y,
  yTicks,
  formatY,
  x,
  xTicks,
  children,
  overlay,
}: {
  label: string;
  height: number;
  y: ScaleLinear<number, number>;
  yTicks: readonly number[];
  formatY: (v: number) => string;
  x: ScaleTime<number, number>;
  xTicks: readonly Date[];
  children: ReactNode;
  /** Drawn over the plot (the zoom brush, the hover rule and the tooltip). */
  overlay?: ReactNode;
}) {
  return (
    <div className="time-panel">
      <div className="time-panel-title">{label}</div>
      <div className="time-panel-row" style={{ height }}>
        <div className="time-y" aria-hidden="true">
          {yTicks.map((t) => (
            <span key={t} className="time-y-tick" style={{ top: Math.round(y(t) * 10) / 10 }}>
              {formatY(t)}
            </span>
          ))}
        </div>
        <div className="time-plot">
          <svg
            className="time-svg"
            viewBox={`0 0 ${VIEW_WIDTH} ${height}`}
            preserveAspectRatio="none"
            width="100%"
            height={height}
            aria-hidden="true"
            focusable="false"
          >
            {yTicks.map((t) => (
              <line
                key={`y${t}`}
                className="time-grid"
                x1={0}
                x2={VIEW_WIDTH}
                y1={Math.round(y(t) * 10) / 10}
                y2={Math.round(y(t) * 10) / 10}
              />
            ))}
            {xTicks.map((t) => (
              <line key={`x${t.getTime()}`} className="time-grid" x1={x(t)} x2={x(t)} y1={0} y2={height} />
            ))}
            {children}
          </svg>
          {overlay}
        </div>
      </div>
    </div>
  );
}

/** The time labels under the panels, placed in percent of the plot's width. */
export function TimeLabels({
  x,
  ticks,
  format,
}: {
  x: ScaleTime<number, number>;
  ticks: readonly Date[];
  format: (d: Date) => string;
}) {
  return (
    // Many labels (a short span: days and hours) keep every other one on a phone.
    <div className={ticks.length > 5 ? "time-x many" : "time-x"} aria-hidden="true">
      <div className="time-x-labels">
        {ticks.map((t) => {
          const at = (x(t) / VIEW_WIDTH) * 100;
          // Labels at the edges hang inwards rather than out of the card.
          const edge = at < 6 ? " start" : at > 94 ? " end" : "";
          return (
            <span key={t.getTime()} className={`time-x-tick${edge}`} style={{ left: `${at}%` }}>
              {format(t)}
            </span>
          );
        })}
      </div>
    </div>
  );
}

/**
 * Value labels for a list of ticks: thousands separators, or a unit prefix (100.15k, 1.2M) once the figures
 * get long, with as many decimals as the step between ticks needs so neighbours never read the same.
 * d3-format, not Intl: the same text on the server and in every browser, so hydration agrees.
 */
export function valueFormat(ticks: readonly number[]): (v: number) => string {
  const max = Math.max(0, ...ticks.map(Math.abs));
  if (max < 100_000) return format(",.2~f");
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : max;
  return formatPrefix(`.${precisionPrefix(step, max)}`, max);
}
