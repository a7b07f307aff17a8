import type { MouseEventParams, Time } from "lightweight-charts";
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { CANDLE_MESSAGES, type Candle, pricePrecision } from "../../utils/chart-candles";
import { CANDLE_CHART_HEIGHT } from "../../utils/chart-layout";
import {
  type ChartOrderInput,
  groupMarkers,
  normaliseOrders,
  orderLine,
  ordersByCandle,
  toEpochSeconds,
} from "../../utils/chart-markers";
import { initialPlayState, playInterval, playRange, playReducer } from "../../utils/chart-play";
import { bucketTime, visibleBars } from "../../utils/chart-timeframe";
import { edgesNear } from "../../utils/chart-window";
import { toBar, toMarker } from "./candle-bars";
import { type ChartTip, ChartTooltip } from "./chart-tooltip";
import { PlayControls } from "./play-controls";
import { useCandles } from "./use-candles";
import { useChartWidth } from "./use-chart-width";
import { useLightweightChart } from "./use-lightweight-chart";
import { useThemeColours } from "./use-theme-colours";

export interface CandleChartProps {
  readonly symbol?: string;
  /** m1 ... mn1, any case (the backtest's period). */
  readonly timeframe?: string;
  /** Backtest start and end: epoch seconds or date strings (spec 2 s3 "Backtest details"). */
  readonly start?: number | string | null;
  readonly end?: number | string | null;
  readonly orders?: readonly ChartOrderInput[];
  /** Start playing once the candles are in (the Play tab). */
  readonly autoPlay?: boolean;
  readonly datafeedUrl?: string;
}

const MAX_TOOLTIP_ORDERS = 8;
const NO_ORDERS: readonly ChartOrderInput[] = [];

function tooltipLines(lines: string[]): string[] {
  if (lines.length <= MAX_TOOLTIP_ORDERS) return lines;
  return [...lines.slice(0, MAX_TOOLTIP_ORDERS), `and ${lines.length - MAX_TOOLTIP_ORDERS} more`];
}

/** Candles of a backtest with its orders, and play mode (spec 2 s2, s4, s9). */
export function CandleChart({
  symbol,
  timeframe,
  start: startInput,
  end: endInput,
  orders: orderInput = NO_ORDERS,
  autoPlay = false,
  datafeedUrl = "/datafeed/candles/",
}: CandleChartProps) {
  const tf = timeframe ?? "";
  const start = toEpochSeconds(startInput);
  const end = toEpochSeconds(endInput);
  const { candles, loaded, loading, error, loadMore, hasMoreAfter } = useCandles({
    url: datafeedUrl,
    symbol,
    timeframe,
    start,
    end,
  });
  const orders = useMemo(() => normaliseOrders(orderInput), [orderInput]);
  const markers = useMemo(() => groupMarkers(orders, tf), [orders, tf]);
  const byCandle = useMemo(() => ordersByCandle(orders, tf), [orders, tf]);
  const [play, dispatch] = useReducer(playReducer, initialPlayState);
  const [container, width] = useChartWidth<HTMLDivElement>();
  const colours = useThemeColours();
  const api = useLightweightChart(container, width, colours);
  const [hover, setHover] = useState<ChartTip | null>(null);
  const inView = visibleBars(tf, candles.length);

  const autoStarted = useRef(false);
  // A new backtest or timeframe starts over in normal mode (and may auto-play again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the reset's triggers.
  useEffect(() => {
    autoStarted.current = false;
    dispatch({ type: "reset" });
  }, [symbol, timeframe, start, end]);

  useEffect(() => {
    if (autoPlay && !autoStarted.current && candles.length > 0) {
      autoStarted.current = true;
      dispatch({ type: "toggle" });
    }
  }, [autoPlay, candles.length]);

  // Series data and markers. While playing only the first `cursor` candles (and their orders) show;
  // new ones are appended with update() rather than resetting the whole series every tick.
  const shown = useRef<{ candles: readonly Candle[]; count: number; mode: string }>({
    candles: [],
    count: 0,
    mode: "normal",
  });
  useEffect(() => {
    if (!api) return;
    const count = play.mode === "play" ? Math.min(play.cursor, candles.length) : candles.length;
    const prev = shown.current;
    const timeScale = api.chart.timeScale();
    if (
      play.mode === "play" &&
      prev.mode === "play" &&
      prev.candles === candles &&
      prev.count > 0 &&
      count >= prev.count
    ) {
      for (let i = prev.count; i < count; i++) api.series.update(toBar(candles[i]));
    } else {
      const range = timeScale.getVisibleLogicalRange();
      const firstBefore = prev.count > 0 ? prev.candles[0].time : null;
      api.series.setData(candles.slice(0, count).map(toBar));
      if (play.mode === "play") {
        timeScale.setVisibleLogicalRange(playRange(count, inView)); // no jump when a week lands mid-run
      } else if (prev.mode === "play") {
        timeScale.fitContent(); // the run ended: the whole series
      } else if (play.mode === "normal" && prev.count === 0 && count > 0) {
        // After the chart's first layout: before it the time scale has no width and keeps the last bars.
        requestAnimationFrame(() => timeScale.setVisibleLogicalRange({ from: -0.5, to: inView - 0.5 }));
      } else if (play.mode === "normal" && range && firstBefore !== null) {
        // setData moves the view on its own; keep the same candles in view (indexes shift by the
        // candles loaded before the first one).
        const added = Math.max(
          0,
          candles.findIndex((c) => c.time >= firstBefore),
        );
        timeScale.setVisibleLogicalRange({ from: range.from + added, to: range.to + added });
      }
    }
    shown.current = { candles, count, mode: play.mode };
    const lastTime = count > 0 ? candles[count - 1].time : Number.NEGATIVE_INFINITY;
    api.markers.setMarkers(markers.filter((m) => m.time <= lastTime).map(toMarker));
  }, [api, candles, markers, play.mode, play.cursor, inView]);

  useEffect(() => {
    if (api && play.mode === "play")
      api.chart.timeScale().setVisibleLogicalRange(playRange(play.cursor, inView));
  }, [api, play.mode, play.cursor, inView]);

  const precision = useMemo(() => pricePrecision(candles), [candles]);
  useEffect(() => {
    api?.series.applyOptions({ priceFormat: { type: "price", precision, minMove: 10 ** -precision } });
  }, [api, precision]);

  // No scrolling or zooming while playing: the play view moves on its own.
  useEffect(() => {
    api?.chart.applyOptions({ handleScroll: !play.playing, handleScale: !play.playing });
  }, [api, play.playing]);

  // Weekly loading near either end (spec 2 s9); re-checked after each load, so an empty week moves on.
  useEffect(() => {
    if (!api || candles.length === 0 || !loaded) return;
    const timeScale = api.chart.timeScale();
    const check = () => {
      const range =
        play.mode === "play" ? playRange(play.cursor, inView) : timeScale.getVisibleLogicalRange();
      if (!range) return;
      for (const edge of edgesNear(range, candles.length)) loadMore(edge);
    };
    check();
    if (play.mode === "play") return;
    timeScale.subscribeVisibleLogicalRangeChange(check);
    return () => timeScale.unsubscribeVisibleLogicalRangeChange(check);
  }, [api, candles.length, loaded, loadMore, play.mode, play.cursor, inView]);

  const tick = useRef(() => {});
  tick.current = () => dispatch({ type: "tick", total: candles.length, more: hasMoreAfter() });
  useEffect(() => {
    if (!play.playing) return;
    const id = setInterval(() => tick.current(), playInterval(play.speed));
    return () => clearInterval(id);
  }, [play.playing, play.speed]);

  useEffect(() => {
    if (!api) return;
    const onMove = (param: MouseEventParams<Time>) => {
      const list =
        typeof param.time === "number" && param.point ? byCandle.get(bucketTime(param.time, tf)) : undefined;
      if (!list || !param.point) {
        setHover(null);
        return;
      }
      setHover({ x: param.point.x, y: param.point.y, lines: tooltipLines(list.map(orderLine)) });
    };
    api.chart.subscribeCrosshairMove(onMove);
    return () => api.chart.unsubscribeCrosshairMove(onMove);
  }, [api, byCandle, tf]);

  const status = loading
    ? "Loading chart data…"
    : (error ?? (candles.length === 0 ? CANDLE_MESSAGES.noData : null));
  const label = `${symbol ?? ""} ${tf.toUpperCase()} candlestick chart with ${orders.length} orders`.trim();
  return (
    <figure className="chart candle-chart" aria-label="Candle chart">
      <PlayControls
        playing={play.playing}
        speed={play.speed}
        disabled={candles.length === 0}
        onToggle={() => dispatch({ type: "toggle" })}
        onFastForward={() => dispatch({ type: "fastForward" })}
      />
      <div className="candle-canvas" style={{ height: CANDLE_CHART_HEIGHT }}>
        <div ref={container} role="img" aria-label={label} style={{ height: CANDLE_CHART_HEIGHT }} />
        <ChartTooltip tip={hover} className="candle-tooltip" />
        {status ? (
          <div
            className={error ? "candle-status candle-error" : "candle-status"}
            role={error ? "alert" : "status"}
          >
            {loading ? <span className="spinner" aria-hidden="true" /> : null}
            {status}
          </div>
        ) : null}
      </div>
    </figure>
  );
}
