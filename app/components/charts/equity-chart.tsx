import { scaleLinear, scaleUtc } from "d3-scale";
import { area, curveStepAfter, line } from "d3-shape";
import { useMemo, useRef, useState } from "react";
import { formatAmount, formatLocalDateTime } from "../../utils/format";
import { serverTimeTag, timeZoneLabel } from "../../utils/results-view";
import {
  deepest,
  type EquityCurveData,
  fullDomain,
  minimumSpan,
  nearestIndex,
  valueDomain,
  visibleRange,
} from "../../utils/time-series";
import { ChartLegend } from "./chart-legend";
import { TimeLabels, TimePanel, VIEW_WIDTH, valueFormat } from "./time-axes";
import { fractionOf } from "./time-tip";
import { useTimeZoom } from "./use-time-zoom";
import { ZoomControls } from "./zoom-controls";
import { TimePanels, TimeRule, ZoomOverlay } from "./zoom-overlay";

const MAIN_HEIGHT = 240;
const DRAWDOWN_HEIGHT = 100;
const PAD = 10;

type XY = readonly [number, number];

const LEGEND = [
  { label: "Balance", colour: "chart-fill-blue" },
  { label: "Equity", colour: "chart-fill-teal" },
  { label: "Drawdown", colour: "chart-fill-violet" },
];

/**
 * Balance and equity over time with the equity drawdown beneath (issue 16 Charts), as MT5 and TradingView
 * draw them. Times are the run's server time (`zone`, its setting), and are labelled so. Rendered on the server as SVG (readable without JavaScript); in the browser a brush and
 * buttons zoom it and the pointer shows the figures of the nearest point.
 */
export function EquityChart({ curve, zone }: { curve: EquityCurveData; zone: string | undefined }) {
  const full = useMemo(() => fullDomain(curve.time), [curve]);
  const minSpan = useMemo(() => minimumSpan(curve.time), [curve]);
  const zoom = useTimeZoom(full, minSpan, MAIN_HEIGHT);
  const plotRef = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);

  const view = useMemo(() => {
    const [from, to] = visibleRange(curve.time, zoom.domain);
    const shown = Array.from({ length: to - from }, (_, k) => from + k);
    const x = scaleUtc().domain(zoom.domain).range([0, VIEW_WIDTH]);
    const inside = shown.filter((i) => curve.time[i] >= zoom.domain[0] && curve.time[i] <= zoom.domain[1]);
    const values = (inside.length > 0 ? inside : shown).flatMap((i) => [
      curve.balance[i],
      curve.equityLow[i],
      curve.equityHigh[i],
    ]);
    const y = scaleLinear()
      .domain(valueDomain(values))
      .nice(5)
      .range([MAIN_HEIGHT - PAD, PAD]);
    const ddMax = Math.max(0, ...(inside.length > 0 ? inside : shown).map((i) => curve.drawdown[i]));
    const dd = scaleLinear()
      .domain([0, ddMax > 0 ? ddMax : 1])
      .nice(3)
      .range([PAD / 2, DRAWDOWN_HEIGHT - PAD / 2]);
    const px = (i: number) => x(curve.time[i]);
    // Each stored bucket keeps its highest and lowest equity: both are drawn, so no dip is hidden.
    const equityPoints: XY[] = shown.flatMap((i): XY[] =>
      curve.equityHigh[i] === curve.equityLow[i]
        ? [[px(i), y(curve.equityLow[i])]]
        : [
            [px(i), y(curve.equityHigh[i])],
            [px(i), y(curve.equityLow[i])],
          ],
    );
    const path = line<XY>().digits(1);
    return {
      x,
      y,
      dd,
      xTicks: x.ticks(6),
      yTicks: y.ticks(5),
      ddTicks: dd.ticks(3),
      equity: path(equityPoints) ?? "",
      balance:
        line<number>()
          .digits(1)
          .curve(curveStepAfter)
          .x(px)
          .y((i) => y(curve.balance[i]))(shown) ?? "",
      drawdown:
        area<number>()
          .digits(1)
          .x(px)
          .y0(dd(0))
          .y1((i) => dd(curve.drawdown[i]))(shown) ?? "",
    };
  }, [curve, zoom.domain]);

  if (curve.time.length === 0) return <p className="muted">No balance or equity recorded.</p>;
  const { x, y, dd } = view;
  const formatY = valueFormat(view.yTicks);
  const formatDd = (v: number) => (v > 0 ? `-${v}%` : "0%");
  const tickFormat = x.tickFormat();
  const last = curve.time.length - 1;
  const worst = deepest(curve.drawdown);
  const summary = `Balance from ${formatAmount(curve.balance[0])} to ${formatAmount(curve.balance[last])}; equity between ${formatAmount(Math.min(...curve.equityLow))} and ${formatAmount(Math.max(...curve.equityHigh))}; deepest drawdown ${formatAmount(worst.value)}% on ${formatLocalDateTime(curve.time[worst.index])} (times in server time, ${timeZoneLabel(zone)}).`;

  const onPointer = (clientX: number) => {
    const f = fractionOf(plotRef.current, clientX);
    if (f === null) return;
    setHover(nearestIndex(curve.time, x.invert(f * VIEW_WIDTH).getTime()));
  };
  const hoverX = hover === null ? null : x(curve.time[hover]);
  const tipLines =
    hover === null
      ? []
      : [
          `${formatLocalDateTime(curve.time[hover])} ${serverTimeTag(zone)}`,
          `Balance: ${formatAmount(curve.balance[hover])}`,
          curve.equityLow[hover] === curve.equityHigh[hover]
            ? `Equity: ${formatAmount(curve.equityLow[hover])}`
            : `Equity: ${formatAmount(curve.equityLow[hover])} to ${formatAmount(curve.equityHigh[hover])}`,
          `Drawdown: ${formatAmount(curve.drawdown[hover])}%`,
        ];

  return (
    <figure className="chart time-chart equity-chart" aria-label="Balance and equity">
      <ZoomControls zoom={zoom} label="balance and equity chart" />
      <TimePanels summary={summary} onPointer={onPointer} onLeave={() => setHover(null)}>
        <TimePanel
          label="Balance / equity"
          height={MAIN_HEIGHT}
          y={y}
          yTicks={view.yTicks}
          formatY={formatY}
          x={x}
          xTicks={view.xTicks}
          overlay={<ZoomOverlay zoom={zoom} height={MAIN_HEIGHT} x={hoverX} lines={tipLines} />}
        >
          <path className="time-line time-balance" d={view.balance} />
          <path className="time-line time-equity" d={view.equity} />
          <TimeRule x={hoverX} height={MAIN_HEIGHT} />
        </TimePanel>
        <div ref={plotRef} className="time-measure" />
        <TimePanel
          label="Drawdown"
          height={DRAWDOWN_HEIGHT}
          y={dd}
          yTicks={view.ddTicks}
          formatY={formatDd}
          x={x}
          xTicks={view.xTicks}
        >
          <path className="time-area time-drawdown" d={view.drawdown} />
          <TimeRule x={hoverX} height={DRAWDOWN_HEIGHT} />
        </TimePanel>
        <TimeLabels x={x} ticks={view.xTicks} format={tickFormat} />
      </TimePanels>
      <ChartLegend items={LEGEND} label="Balance and equity legend" />
      <figcaption className="muted time-caption">{summary}</figcaption>
    </figure>
  );
}
