import { axisBottom, axisLeft } from "d3-axis";
import { scaleBand } from "d3-scale";
import { select } from "d3-selection";
import { CHART_MARGIN, plotSize } from "../../utils/chart-layout";
import { cellStrength, type HeatmapGrid } from "../../utils/optimise-heatmap";
import type { HoverHandler } from "./chart-tooltip";
import { drawAxisLabels } from "./draw-axes";

export interface HeatmapSpec {
  readonly grid: HeatmapGrid;
  readonly xLabel: string;
  readonly yLabel: string;
  /** The criterion's name, for the tooltip. */
  readonly valueLabel: string;
  readonly lowerIsBetter: boolean;
  format(value: number): string;
}

/** Fewest pixels per axis label, so a phone's axis thins its ticks instead of overprinting them. */
const MIN_TICK_GAP = 36;
/** A cell this large shows its value as text too. */
const TEXT_CELL = { width: 44, height: 20 };

/** Every n-th value, n chosen so the labels are at least MIN_TICK_GAP apart. */
function thinned(values: readonly number[], length: number): number[] {
  const room = Math.max(1, Math.floor(length / MIN_TICK_GAP));
  const every = Math.max(1, Math.ceil(values.length / room));
  return values.filter((_, i) => i % every === 0);
}

/**
 * Draws the criterion over two inputs into an emptied SVG: one rectangle per pair of values, its opacity the
 * result's strength (the best cells strongest), empty pairs (no trades, refused combinations) outlined only.
 */
export function drawHeatmap(element: SVGSVGElement, spec: HeatmapSpec, width: number, onHover: HoverHandler) {
  const svg = select(element);
  svg.selectAll("*").remove();
  const { grid } = spec;
  if (grid.xs.length === 0 || grid.ys.length === 0 || width <= 0) return;
  const plot = plotSize(width);
  const x = scaleBand<number>().domain(grid.xs).range([0, plot.width]).padding(0.04);
  // Largest value on top, as a chart's y axis reads.
  const y = scaleBand<number>()
    .domain([...grid.ys].reverse())
    .range([0, plot.height])
    .padding(0.04);

  const g = svg.append("g").attr("transform", `translate(${CHART_MARGIN.left},${CHART_MARGIN.top})`);
  g.append("g")
    .attr("class", "chart-axis")
    .attr("transform", `translate(0,${plot.height})`)
    .call(axisBottom(x).tickValues(thinned(grid.xs, plot.width)).tickSizeOuter(0));
  g.append("g")
    .attr("class", "chart-axis")
    .call(
      axisLeft(y)
        .tickValues(thinned(grid.ys, plot.height / 2))
        .tickSizeOuter(0),
    );
  drawAxisLabels(svg, width, spec.xLabel, spec.yLabel);

  const showText = x.bandwidth() >= TEXT_CELL.width && y.bandwidth() >= TEXT_CELL.height;
  for (const cell of grid.cells) {
    const cx = x(cell.x) ?? 0;
    const cy = y(cell.y) ?? 0;
    const has = cell.value !== null && grid.min !== null && grid.max !== null;
    const strength =
      cell.value !== null && grid.min !== null && grid.max !== null
        ? cellStrength(cell.value, grid.min, grid.max, spec.lowerIsBetter)
        : 0;
    const valueText = cell.value === null ? "no result" : spec.format(cell.value);
    g.append("rect")
      .attr("class", has ? "heatmap-cell chart-fill-teal" : "heatmap-cell heatmap-empty")
      .attr("x", cx)
      .attr("y", cy)
      .attr("width", x.bandwidth())
      .attr("height", y.bandwidth())
      .attr("fill-opacity", has ? strength : 0)
      .attr("data-x", cell.x)
      .attr("data-y", cell.y)
      .on("pointerenter pointermove", () => {
        onHover({
          x: CHART_MARGIN.left + cx + x.bandwidth() / 2,
          y: CHART_MARGIN.top + cy,
          lines: [
            `${spec.xLabel}: ${cell.x}`,
            `${spec.yLabel}: ${cell.y}`,
            `${spec.valueLabel}: ${valueText}`,
            ...(cell.runs > 1 ? [`best of ${cell.runs} runs`] : []),
          ],
        });
      })
      .on("pointerleave", () => onHover(null));
    if (showText && cell.value !== null) {
      g.append("text")
        .attr("class", strength > 0.55 ? "heatmap-text strong" : "heatmap-text")
        .attr("x", cx + x.bandwidth() / 2)
        .attr("y", cy + y.bandwidth() / 2)
        .attr("text-anchor", "middle")
        .attr("dominant-baseline", "central")
        .text(valueText);
    }
  }
}
