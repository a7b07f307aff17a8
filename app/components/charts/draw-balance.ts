import { axisBottom, axisLeft } from "d3-axis";
import { format } from "d3-format";
import { scaleLinear } from "d3-scale";
import { pointer, select } from "d3-selection";
import { line } from "d3-shape";
import {
  type BalancePoint,
  balanceDomain,
  balanceTooltip,
  nearestPoint,
  wholeTicks,
} from "../../utils/chart-balance";
import { CHART_MARGIN, plotSize } from "../../utils/chart-layout";
import { balanceTicks } from "../../utils/chart-ticks";
import type { HoverHandler } from "./chart-tooltip";
import { drawAxisLabels } from "./draw-axes";

const whole = format("d");

/** Draws the balance line into an emptied SVG of the given width (spec 2 s2). */
export function drawBalance(
  element: SVGSVGElement,
  points: readonly BalancePoint[],
  width: number,
  onHover: HoverHandler,
): void {
  const svg = select(element);
  svg.selectAll("*").remove();
  if (points.length === 0 || width <= 0) return;
  const plot = plotSize(width);

  const first = points[0].id;
  const last = points[points.length - 1].id;
  const x = scaleLinear().domain([first, last]).range([0, plot.width]);
  const y = scaleLinear().domain(balanceDomain(points)).nice().range([plot.height, 0]);

  const g = svg.append("g").attr("transform", `translate(${CHART_MARGIN.left},${CHART_MARGIN.top})`);
  g.append("g")
    .attr("class", "chart-axis")
    .attr("transform", `translate(0,${plot.height})`)
    .call(
      axisBottom(x)
        .tickValues(wholeTicks(x.ticks(balanceTicks(width))))
        .tickFormat(whole),
    );
  g.append("g").attr("class", "chart-axis").call(axisLeft(y).ticks(6).tickFormat(whole));
  drawAxisLabels(svg, width, "Trade", "Balance");

  const path = line<BalancePoint>()
    .x((p) => x(p.id))
    .y((p) => y(p.balance));
  g.append("path").datum(points).attr("class", "chart-line chart-stroke-blue").attr("d", path);

  const focus = g
    .append("circle")
    .attr("class", "chart-focus chart-fill-blue")
    .attr("r", 4)
    .style("display", "none");
  // A transparent layer over the plot finds the point nearest to the pointer.
  g.append("rect")
    .attr("class", "chart-overlay")
    .attr("width", plot.width)
    .attr("height", plot.height)
    .on("pointermove", (event: PointerEvent) => {
      const [px] = pointer(event);
      const p = nearestPoint(points, x.invert(px));
      if (!p) return;
      focus.style("display", null).attr("cx", x(p.id)).attr("cy", y(p.balance));
      onHover({
        x: CHART_MARGIN.left + x(p.id),
        y: CHART_MARGIN.top + y(p.balance),
        lines: balanceTooltip(p),
      });
    })
    .on("pointerleave", () => {
      focus.style("display", "none");
      onHover(null);
    });
}
