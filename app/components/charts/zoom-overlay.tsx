import type { ReactNode } from "react";
import { VIEW_WIDTH } from "./time-axes";
import { TimeTip } from "./time-tip";
import type { TimeZoom } from "./use-time-zoom";

// The pieces the zoomable time charts (equity, compare) share around their panels.

/** Whether a hovered x (in view units) is on the plot: the pointer may sit on a point scrolled out by zoom. */
export function inView(x: number | null): x is number {
  return x !== null && x >= 0 && x <= VIEW_WIDTH;
}

/** The vertical rule at the hovered time, across one panel. */
export function TimeRule({ x, height }: { x: number | null; height: number }) {
  return inView(x) ? <line className="time-rule" x1={x} x2={x} y1={0} y2={height} /> : null;
}

/**
 * What lies over a zoomable panel: the layer the zoom brush draws into (useTimeZoom's brushRef) and the hover
 * box of the time at `x`, while it is in view.
 */
export function ZoomOverlay(props: {
  zoom: TimeZoom;
  height: number;
  x: number | null;
  lines: readonly string[];
}) {
  return (
    <>
      <svg
        ref={props.zoom.brushRef}
        className="time-overlay"
        viewBox={`0 0 ${VIEW_WIDTH} ${props.height}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      />
      {inView(props.x) ? <TimeTip at={props.x / VIEW_WIDTH} lines={props.lines} /> : null}
    </>
  );
}

/**
 * The panels of a time chart as one pointer target: moving or pressing reports the pointer's x, leaving ends
 * the hover. Its label is the chart's text summary (the SVG inside is decoration for screen readers).
 */
export function TimePanels(props: {
  summary: string;
  onPointer: (clientX: number) => void;
  onLeave: () => void;
  children: ReactNode;
}) {
  return (
    <div
      className="time-panels"
      onPointerMove={(e) => props.onPointer(e.clientX)}
      onPointerDown={(e) => props.onPointer(e.clientX)}
      onPointerLeave={props.onLeave}
      role="img"
      aria-label={props.summary}
    >
      {props.children}
    </div>
  );
}
