import { axisBottom, axisLeft } from "d3-axis";
import { scaleBand, scaleLinear } from "d3-scale";
import { select } from "d3-selection";
import { BAND_PADDING, CHART_MARGIN, GROUP_INNER_PADDING, plotSize } from "../../utils/chart-layout";
import { bandTickValues } from "../../utils/chart-ticks";
import type { HoverHandler } from "./chart-tooltip";
import { drawAxisLabels } from "./draw-axes";

/** One bar per bucket; several series make a group of bars side by side. */
export interface BarSeries<R> {
  readonly key: string;
  value(row: R): number;
  /** The colour class (charts.css). */
  colour(row: R): string;
  tooltip(row: R): string;
}

export interface BarChartSpec<R> {
  readonly rows: readonly R[];
  label(row: R): string;
  readonly series: readonly BarSeries<R>[];
  readonly ticks: number;
  readonly xLabel: string;
  readonly yLabel: string;
  /** Counts read better without 0.5 steps on the y axis. */
  readonly integerValues: boolean;
}

/** Draws grouped bars into an emptied SVG of the given width (spec 2 s2: band padding 0.2, group 0.1). */
export function drawBars<R>(
  element: SVGSVGElement,
  spec: BarChartSpec<R>,
  width: number,
  onHover: HoverHandler,
): void {
  const svg = select(element);
  svg.selectAll("*").remove();
  if (spec.rows.length === 0 || width <= 0) return;
  const plot = plotSize(width);
  const labels = spec.rows.map((r) => spec.label(r));

  const x0 = scaleBand<string>().domain(labels).range([0, plot.width]).padding(BAND_PADDING);
  const x1 = scaleBand<string>()
    .domain(spec.series.map((s) => s.key))
    .range([0, x0.bandwidth()])
    .paddingInner(GROUP_INNER_PADDING);
  let min = 0;
  let max = 0;
  for (const row of spec.rows) {
    for (const s of spec.series) {
      min = Math.min(min, s.value(row));
      max = Math.max(max, s.value(row));
    }
  }
  // An empty chart still gets a 0..1 axis instead of a collapsed one.
  if (min === max) max = min + 1;
  const y = scaleLinear().domain([min, max]).nice().range([plot.height, 0]);

  const g = svg.append("g").attr("transform", `translate(${CHART_MARGIN.left},${CHART_MARGIN.top})`);
  g.append("g")
    .attr("class", "chart-axis")
    .attr("transform", `translate(0,${plot.height})`)
    .call(axisBottom(x0).tickValues(bandTickValues(labels, spec.ticks)));
  const yAxis = axisLeft(y).ticks(6);
  if (spec.integerValues) yAxis.tickValues(y.ticks(6).filter((t) => Number.isInteger(t)));
  g.append("g").attr("class", "chart-axis").call(yAxis);
  drawAxisLabels(svg, width, spec.xLabel, spec.yLabel);

  spec.rows.forEach((row, i) => {
    const group = g.append("g").attr("transform", `translate(${x0(labels[i]) ?? 0},0)`);
    for (const s of spec.series) {
      const value = s.value(row);
      const top = y(Math.max(0, value));
      const bx = x1(s.key) ?? 0;
      group
        .append("rect")
        .attr("class", `chart-bar ${s.colour(row)}`)
        .attr("x", bx)
        .attr("y", top)
        .attr("width", x1.bandwidth())
        .attr("height", Math.abs(y(value) - y(0)))
        .on("pointerenter pointermove", () => {
          const cx = CHART_MARGIN.left + (x0(labels[i]) ?? 0) + bx + x1.bandwidth() / 2;
          onHover({
            x: cx,
            y: CHART_MARGIN.top + top,
            lines: [`${spec.xLabel}: ${labels[i]}`, s.tooltip(row)],
          });
        })
        .on("pointerleave", () => onHover(null));
    }
  });
}
