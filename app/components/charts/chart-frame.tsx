import type { ReactNode, RefObject } from "react";
import { CHART_HEIGHT } from "../../utils/chart-layout";
import { type ChartTip, ChartTooltip } from "./chart-tooltip";

/**
 * The shell of a d3 chart: title and controls, the SVG the chart draws into (empty on the server,
 * drawn in an effect), the tooltip and the legend.
 */
export function ChartFrame({
  title,
  summary,
  controls,
  legend,
  bodyRef,
  svgRef,
  tip,
}: {
  title: string;
  /** What the SVG shows, for screen readers (the drawing itself is not readable). */
  summary: string;
  controls?: ReactNode;
  legend?: ReactNode;
  bodyRef: RefObject<HTMLDivElement>;
  svgRef: RefObject<SVGSVGElement>;
  tip: ChartTip | null;
}) {
  return (
    <figure className="chart" aria-label={title}>
      {controls ? <div className="chart-controls">{controls}</div> : null}
      <div className="chart-body" ref={bodyRef} style={{ height: CHART_HEIGHT }}>
        <svg
          ref={svgRef}
          className="chart-svg"
          role="img"
          aria-label={summary}
          width="100%"
          height={CHART_HEIGHT}
        />
        <ChartTooltip tip={tip} />
      </div>
      {legend}
    </figure>
  );
}
