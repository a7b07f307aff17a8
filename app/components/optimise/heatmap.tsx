import { Form, useSearchParams } from "@remix-run/react";
import { useCallback, useMemo } from "react";
import { type HeatmapRun, heatmapGrid } from "../../utils/optimise-heatmap";
import { ChartFrame } from "../charts/chart-frame";
import type { HoverHandler } from "../charts/chart-tooltip";
import { drawHeatmap } from "../charts/draw-heatmap";
import { useD3Chart } from "../charts/use-d3-chart";

/** The search params the heatmap's form sets; every other param of the page (sorting, paging) is kept. */
export const HEATMAP_PARAMS = { x: "hx", y: "hy" } as const;

export interface HeatmapProps {
  readonly runs: readonly HeatmapRun[];
  /** The optimised inputs (EA names). */
  readonly names: readonly string[];
  readonly x: string;
  readonly y: string;
  readonly criterionLabel: string;
  readonly lowerIsBetter: boolean;
}

const format = (v: number) => (Math.abs(v) >= 1000 ? v.toFixed(0) : v.toFixed(2));

/**
 * The criterion over two chosen inputs (issue 17), drawn with d3. The two inputs are a GET form, so choosing
 * them works without JavaScript (the page reloads with ?hx=&hy=); the drawing itself needs it, and the
 * summary tells screen readers where the best cell is.
 */
/** The two inputs the heatmap plots, each a select of the GET form. */
const AXES = [
  ["x", "Horizontal input"],
  ["y", "Vertical input"],
] as const;

export function OptimiseHeatmap({ runs, names, x, y, criterionLabel, lowerIsBetter }: HeatmapProps) {
  const [params] = useSearchParams();
  const grid = useMemo(() => heatmapGrid(runs, x, y, lowerIsBetter), [runs, x, y, lowerIsBetter]);
  const draw = useCallback(
    (svg: SVGSVGElement, width: number, onHover: HoverHandler) =>
      drawHeatmap(
        svg,
        { grid, xLabel: x, yLabel: y, valueLabel: criterionLabel, lowerIsBetter, format },
        width,
        onHover,
      ),
    [grid, x, y, criterionLabel, lowerIsBetter],
  );
  const { bodyRef, svgRef, tip } = useD3Chart(draw);
  const best = grid.cells.reduce<(typeof grid.cells)[number] | null>((b, c) => {
    if (c.value === null) return b;
    if (!b || b.value === null) return c;
    return (lowerIsBetter ? c.value < b.value : c.value > b.value) ? c : b;
  }, null);
  const summary = best
    ? `${criterionLabel} over ${x} (${grid.xs.length} values) and ${y} (${grid.ys.length} values); best ${format(best.value ?? 0)} at ${x} ${best.x}, ${y} ${best.y}`
    : `${criterionLabel} over ${x} and ${y}: no run has a result`;
  const kept = [...params.entries()].filter(([k]) => k !== HEATMAP_PARAMS.x && k !== HEATMAP_PARAMS.y);
  const controls = (
    <Form method="get" className="heatmap-form" preventScrollReset replace>
      {kept.map(([k, v]) => (
        <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
      ))}
      {AXES.map(([axis, label]) => {
        const value = axis === "x" ? x : y;
        return (
          <div className="field" key={axis}>
            <label htmlFor={`heatmap-${axis}`}>{label}</label>
            <select
              id={`heatmap-${axis}`}
              name={HEATMAP_PARAMS[axis]}
              defaultValue={value}
              key={`${axis}-${value}`}
            >
              {names.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <button type="submit" className="button">
        Show
      </button>
    </Form>
  );
  return (
    <section className="card optimise-heatmap" aria-labelledby="heatmap-title">
      <h2 id="heatmap-title">{criterionLabel} heatmap</h2>
      <ChartFrame
        title={`${criterionLabel} heatmap`}
        summary={summary}
        controls={controls}
        legend={
          <p className="heatmap-legend muted small">
            <span>
              <span className="heatmap-swatch weak" aria-hidden="true" /> worse
            </span>
            <span>
              <span className="heatmap-swatch strong" aria-hidden="true" /> better
            </span>
            {grid.cells.some((c) => c.runs > 1) ? (
              <span className="heatmap-note">each cell shows the best run with its two values</span>
            ) : null}
          </p>
        }
        bodyRef={bodyRef}
        svgRef={svgRef}
        tip={tip}
      />
    </section>
  );
}
