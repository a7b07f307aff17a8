import { useEffect, useRef, useState } from "react";
import type { ChartTip, HoverHandler } from "./chart-tooltip";
import { useChartWidth } from "./use-chart-width";

/**
 * Runs a d3 draw function against the chart's SVG after render and on every width change. `draw`
 * must be memoised by the caller (useCallback on its data), as it is the effect's dependency.
 */
export function useD3Chart(draw: (svg: SVGSVGElement, width: number, onHover: HoverHandler) => void) {
  const [bodyRef, width] = useChartWidth<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const [tip, setTip] = useState<ChartTip | null>(null);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    setTip(null);
    draw(svg, width, setTip);
  }, [draw, width]);
  return { bodyRef, svgRef, tip };
}
