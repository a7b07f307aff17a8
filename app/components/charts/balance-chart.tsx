import { useCallback, useMemo } from "react";
import { type BalancePointInput, balancePoints } from "../../utils/chart-balance";
import { ChartFrame } from "./chart-frame";
import type { HoverHandler } from "./chart-tooltip";
import { drawBalance } from "./draw-balance";
import { useD3Chart } from "./use-d3-chart";

export interface BalanceChartProps {
  /** summarise().balanceData: id 0 the deposit, id i the balance after trade i. */
  readonly data: readonly BalancePointInput[];
}

/** The balance line chart (spec 2 s2, spec 3 s2 "Chart views"); nothing for an empty list. */
export function BalanceChart({ data }: BalanceChartProps) {
  const points = useMemo(() => balancePoints(data), [data]);
  const draw = useCallback(
    (svg: SVGSVGElement, width: number, onHover: HoverHandler) => drawBalance(svg, points, width, onHover),
    [points],
  );
  const { bodyRef, svgRef, tip } = useD3Chart(draw);
  if (points.length === 0) return null;
  const first = points[0];
  const last = points[points.length - 1];
  const summary = `Balance from ${first.text} to ${last.text} over ${last.id - first.id} trades`;
  return <ChartFrame title="Balance" summary={summary} bodyRef={bodyRef} svgRef={svgRef} tip={tip} />;
}
