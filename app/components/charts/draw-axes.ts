import type { Selection } from "d3-selection";
import { CHART_HEIGHT, CHART_MARGIN } from "../../utils/chart-layout";

type Svg = Selection<SVGSVGElement, unknown, null, undefined>;

/** The axis titles: x centred under the plot, y rotated along the left edge. */
export function drawAxisLabels(svg: Svg, width: number, xLabel: string | null, yLabel: string): void {
  if (xLabel) {
    svg
      .append("text")
      .attr("class", "chart-axis-label")
      .attr("text-anchor", "middle")
      .attr("x", CHART_MARGIN.left + (width - CHART_MARGIN.left - CHART_MARGIN.right) / 2)
      .attr("y", CHART_HEIGHT - 10)
      .text(xLabel);
  }
  svg
    .append("text")
    .attr("class", "chart-axis-label")
    .attr("text-anchor", "middle")
    .attr("transform", "rotate(-90)")
    .attr("x", -(CHART_MARGIN.top + (CHART_HEIGHT - CHART_MARGIN.top - CHART_MARGIN.bottom) / 2))
    .attr("y", 16)
    .text(yLabel);
}
