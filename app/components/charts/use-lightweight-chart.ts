import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
} from "lightweight-charts";
import { type RefObject, useEffect, useState } from "react";
import { CANDLE_CHART_HEIGHT } from "../../utils/chart-layout";
import type { ThemeColours } from "./use-theme-colours";

export interface CandleChartApi {
  readonly chart: IChartApi;
  readonly series: ISeriesApi<"Candlestick">;
  readonly markers: ISeriesMarkersPluginApi<Time>;
}

/**
 * Creates the lightweight-charts chart in an effect (it needs the DOM, so nothing runs on the
 * server) and keeps its colours on the theme. Null until mounted.
 */
export function useLightweightChart(
  container: RefObject<HTMLDivElement>,
  width: number,
  colours: ThemeColours | null,
): CandleChartApi | null {
  const [api, setApi] = useState<CandleChartApi | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    // Created at its measured width: with autoSize the first size arrives later, and that resize
    // would move the initial view to the last candles.
    const chart = createChart(element, {
      width: element.clientWidth,
      height: CANDLE_CHART_HEIGHT,
      timeScale: { timeVisible: true, secondsVisible: false, lockVisibleTimeRangeOnResize: true },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: "#26a69a",
      downColor: "#ef5350",
      wickUpColor: "#26a69a",
      wickDownColor: "#ef5350",
      borderVisible: false,
    });
    const markers = createSeriesMarkers(series, []);
    // Ctrl+wheel is ignored by the chart (spec 2 s2): stopped before it reaches the chart's own
    // listeners, so the browser's page zoom still works as everywhere else.
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey) event.stopPropagation();
    };
    element.addEventListener("wheel", onWheel, { capture: true });
    setApi({ chart, series, markers });
    return () => {
      element.removeEventListener("wheel", onWheel, { capture: true });
      chart.remove();
    };
  }, [container]);

  useEffect(() => {
    if (!api || !colours) return;
    api.chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: colours.background },
        textColor: colours.muted,
      },
      grid: { vertLines: { color: colours.border }, horzLines: { color: colours.border } },
      rightPriceScale: { borderColor: colours.border },
      timeScale: { borderColor: colours.border },
    });
  }, [api, colours]);

  useEffect(() => {
    if (api && width > 0) api.chart.resize(width, CANDLE_CHART_HEIGHT);
  }, [api, width]);

  return api;
}
