/** Sizes of the d3 charts (spec 2 s2 "Graphs", s9). */

export const CHART_HEIGHT = 400;
export const CHART_MARGIN = { top: 40, right: 20, bottom: 50, left: 60 } as const;
export const BAND_PADDING = 0.2;
export const GROUP_INNER_PADDING = 0.1;
export const RESIZE_DEBOUNCE_MS = 300;
export const CANDLE_CHART_HEIGHT = 500;

/** The plotting area inside the margins; never negative, so a hidden chart still draws. */
export function plotSize(width: number): { width: number; height: number } {
  return {
    width: Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right),
    height: CHART_HEIGHT - CHART_MARGIN.top - CHART_MARGIN.bottom,
  };
}
