import { scaleLinear } from "d3-scale";
import { area, line } from "d3-shape";
import { formatAmount } from "../../utils/format";

/** One step of a fan: the x value (a trade number) and the band values by percentile. */
export interface FanStep {
  readonly x: number;
  readonly bands: readonly { readonly percentile: number; readonly value: number }[];
}

const WIDTH = 800;
const HEIGHT = 280;
const M = { top: 12, right: 16, bottom: 36, left: 76 };

/**
 * Percentile bands of a simulated balance (issue 17 Monte Carlo): the outer band between the lowest and the
 * highest percentile, the inner between the second and the second-to-last, the median as a line. Drawn on
 * the server as SVG with d3's scales and shapes (no effect, no JavaScript needed); the figures themselves are
 * in the table beside it, which is what screen readers get.
 */
export function FanChart({
  steps,
  xLabel,
  yLabel,
  summary,
}: {
  steps: readonly FanStep[];
  xLabel: string;
  yLabel: string;
  summary: string;
}) {
  if (steps.length < 2 || steps[0].bands.length === 0) return null;
  const count = steps[0].bands.length;
  const at = (s: FanStep, i: number) => s.bands[Math.min(Math.max(i, 0), count - 1)].value;
  const values = steps.flatMap((s) => s.bands.map((b) => b.value));
  const x = scaleLinear()
    .domain([steps[0].x, steps[steps.length - 1].x])
    .range([M.left, WIDTH - M.right]);
  const y = scaleLinear()
    .domain([Math.min(...values), Math.max(...values)])
    .nice(5)
    .range([HEIGHT - M.bottom, M.top]);
  const band = (lo: number, hi: number) =>
    area<FanStep>()
      .x((s) => x(s.x))
      .y0((s) => y(at(s, lo)))
      .y1((s) => y(at(s, hi)))(steps) ?? "";
  const median = line<FanStep>()
    .x((s) => x(s.x))
    .y((s) => y(at(s, Math.floor(count / 2))))(steps);
  return (
    <figure className="chart fan-chart" aria-label={summary}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="chart-svg">
        <g className="chart-axis">
          {y.ticks(5).map((t) => (
            <g key={`y${t}`} transform={`translate(0,${y(t)})`}>
              <line x1={M.left} x2={WIDTH - M.right} className="fan-grid" />
              <text x={M.left - 6} dy="0.32em" textAnchor="end">
                {formatAmount(t)}
              </text>
            </g>
          ))}
          {x.ticks(8).map((t) => (
            <text key={`x${t}`} x={x(t)} y={HEIGHT - M.bottom + 16} textAnchor="middle">
              {t}
            </text>
          ))}
        </g>
        <path className="fan-band outer chart-fill-blue" d={band(0, count - 1)} />
        {count > 2 ? <path className="fan-band inner chart-fill-blue" d={band(1, count - 2)} /> : null}
        <path className="chart-line chart-stroke-blue" d={median ?? ""} />
        <text
          className="chart-axis-label"
          x={(M.left + WIDTH - M.right) / 2}
          y={HEIGHT - 4}
          textAnchor="middle"
        >
          {xLabel}
        </text>
        <text
          className="chart-axis-label"
          transform="rotate(-90)"
          x={-(M.top + HEIGHT - M.bottom) / 2}
          y={14}
          textAnchor="middle"
        >
          {yLabel}
        </text>
      </svg>
    </figure>
  );
}
