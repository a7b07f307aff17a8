import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { brushedDomain, type Domain, isFull, zoomDomain } from "../../utils/time-series";
import { VIEW_WIDTH } from "./time-axes";

export interface TimeZoom {
  /** The window on screen. */
  readonly domain: Domain;
  readonly zoomed: boolean;
  /** False on the server and before hydration: the zoom controls need JavaScript. */
  readonly ready: boolean;
  zoomIn(): void;
  zoomOut(): void;
  reset(): void;
  /** The transparent SVG over the plot that takes the brush. */
  readonly brushRef: RefObject<SVGSVGElement>;
}

/**
 * The zoom of a time chart: drag across the plot (a d3 brush, mouse or touch) to show that span, buttons
 * to zoom in and out around the centre, and a reset. d3-brush loads after hydration, in its own chunk.
 */
export function useTimeZoom(full: Domain, minSpan: number, height: number): TimeZoom {
  const [picked, setPicked] = useState<Domain | null>(null);
  const [ready, setReady] = useState(false);
  const brushRef = useRef<SVGSVGElement>(null);
  const domain = picked ?? full;
  // The brush reads the window through a ref: it is attached once, not on every zoom.
  const current = useRef({ domain, full, minSpan });
  current.current = { domain, full, minSpan };

  const set = useCallback((next: Domain) => {
    setPicked(isFull(next, current.current.full) ? null : next);
  }, []);

  useEffect(() => {
    setReady(true);
    const svg = brushRef.current;
    if (!svg) return;
    let live = true;
    let detach = () => {};
    Promise.all([import("d3-brush"), import("d3-selection")]).then(
      ([{ brushX }, { select }]) => {
        if (!live) return;
        const layer = select(svg).append("g").attr("class", "time-brush");
        const brush = brushX<unknown>()
          .extent([
            [0, 0],
            [VIEW_WIDTH, height],
          ])
          .on("end", (event: { selection: [number, number] | null; sourceEvent?: unknown }) => {
            if (!event.selection || !event.sourceEvent) return;
            const { domain: d, full: f, minSpan: m } = current.current;
            const at = (px: number) => d[0] + ((d[1] - d[0]) * px) / VIEW_WIDTH;
            layer.call(brush.move, null);
            set(brushedDomain(at(event.selection[0]), at(event.selection[1]), f, m));
          });
        layer.call(brush);
        detach = () => layer.remove();
      },
      (e: unknown) => console.error("chart zoom failed to load", e),
    );
    return () => {
      live = false;
      detach();
    };
  }, [height, set]);

  return {
    domain,
    zoomed: picked !== null,
    ready,
    zoomIn: () => set(zoomDomain(domain, full, 0.5, minSpan)),
    zoomOut: () => set(zoomDomain(domain, full, 2, minSpan)),
    reset: () => setPicked(null),
    brushRef,
  };
}
