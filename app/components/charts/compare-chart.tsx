import { scaleLinear, scaleUtc } from "d3-scale";
import { curveStepAfter, line } from "d3-shape";
import { useMemo, useRef, useState } from "react";
import { formatAmount, formatLocalDateTime } from "../../utils/format";
import { serverTimeTag } from "../../utils/results-view";
import {
  indexAtOrBefore,
  minimumSpan,
  unionDomain,
  valueDomain,
  visibleRange,
} from "../../utils/time-series";
import { TimeLabels, TimePanel, VIEW_WIDTH, valueFormat } from "./time-axes";
import { fractionOf } from "./time-tip";
import { useTimeZoom } from "./use-time-zoom";
import { ZoomControls } from "./zoom-controls";
import { TimePanels, TimeRule, ZoomOverlay } from "./zoom-overlay";

export interface CompareSeries {
  readonly id: string;
  readonly label: string;
  /** Epoch ms, ascending, with the balance at each time. */
  readonly time: readonly number[];
  readonly balance: readonly number[];
}

const HEIGHT = 300;
const PAD = 10;

/**
 * The balance curves of two to four backtests over time, overlaid in one chart with a legend (issue 16
 * Compare). Each line has its own colour and dash, so the lines stay apart in print and for colour-blind
 * readers. Server-rendered like the equity chart; JavaScript adds the zoom and the tooltip.
 */
export function CompareChart({
  series,
  zone,
}: {
  series: readonly CompareSeries[];
  /** The server time zone of the runs, or null when they differ (the times are then each run's own). */
  zone: string | undefined | null;
}) {
  const full = useMemo(() => unionDomain(series.map((s) => s.time)), [series]);
  const minSpan = useMemo(() => Math.min(...series.map((s) => minimumSpan(s.time))), [series]);
  const zoom = useTimeZoom(full, minSpan, HEIGHT);
  const plotRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);

  const view = useMemo(() => {
    const x = scaleUtc().domain(zoom.domain).range([0, VIEW_WIDTH]);
    const shown = series.map((s) => {
      const [from, to] = visibleRange(s.time, zoom.domain);
      return Array.from({ length: to - from }, (_, k) => from + k);
    });
    const values = series.flatMap((s, n) => shown[n].map((i) => s.balance[i]));
    const y = scaleLinear()
      .domain(valueDomain(values))
      .nice(5)
      .range([HEIGHT - PAD, PAD]);
    const paths = series.map(
      (s, n) =>
        line<number>()
          .digits(1)
          .curve(curveStepAfter)
          .x((i) => x(s.time[i]))
          .y((i) => y(s.balance[i]))(shown[n]) ?? "",
    );
    return { x, y, paths, xTicks: x.ticks(6), yTicks: y.ticks(5) };
  }, [series, zoom.domain]);

  const { x, y } = view;
  const onPointer = (clientX: number) => {
    const f = fractionOf(plotRef.current, clientX);
    if (f !== null) setHover(x.invert(f * VIEW_WIDTH).getTime());
  };
  const hoverX = hover === null ? null : x(hover);
  const tipLines =
    hover === null
      ? []
      : [
          `${formatLocalDateTime(hover)} ${zone === null ? "server time" : serverTimeTag(zone)}`,
          ...series.map((s) => {
            const i = indexAtOrBefore(s.time, hover);
            return `${s.label}: ${i < 0 ? "-" : formatAmount(s.balance[i])}`;
          }),
        ];

  return (
    <figure className="chart time-chart compare-chart" aria-label="Balance curves">
      <ZoomControls zoom={zoom} label="balance curves" />
      <TimePanels
        summary={series
          .map(
            (s) =>
              `${s.label}: balance from ${formatAmount(s.balance[0])} to ${formatAmount(s.balance[s.balance.length - 1])}`,
          )
          .join("; ")}
        onPointer={onPointer}
        onLeave={() => setHover(null)}
      >
        <TimePanel
          label="Balance"
          height={HEIGHT}
          y={y}
          yTicks={view.yTicks}
          formatY={valueFormat(view.yTicks)}
          x={x}
          xTicks={view.xTicks}
          overlay={<ZoomOverlay zoom={zoom} height={HEIGHT} x={hoverX} lines={tipLines} />}
        >
          {series.map((s, n) => (
            <path key={s.id} className={`time-line compare-line compare-${n}`} d={view.paths[n]} />
          ))}
          <TimeRule x={hoverX} height={HEIGHT} />
        </TimePanel>
        <div ref={plotRef} className="time-measure" />
        <TimeLabels x={x} ticks={view.xTicks} format={x.tickFormat()} />
      </TimePanels>
      <ul className="chart-legend compare-legend" aria-label="Backtests">
        {series.map((s, n) => (
          <li key={s.id}>
            <svg width="28" height="10" aria-hidden="true" focusable="false">
              <line className={`compare-line compare-${n}`} x1="1" x2="27" y1="5" y2="5" />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
