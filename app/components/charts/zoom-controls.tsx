import type { TimeZoom } from "./use-time-zoom";

/** Zoom in, out and reset; shown once JavaScript runs (the brush and buttons need it). */
export function ZoomControls({ zoom, label }: { zoom: TimeZoom; label: string }) {
  if (!zoom.ready) return null;
  return (
    <fieldset className="chart-controls time-controls" aria-label={`Zoom the ${label}`}>
      <button type="button" className="button small" onClick={zoom.zoomIn}>
        Zoom in
      </button>
      <button type="button" className="button small" onClick={zoom.zoomOut} disabled={!zoom.zoomed}>
        Zoom out
      </button>
      <button type="button" className="button small" onClick={zoom.reset} disabled={!zoom.zoomed}>
        Reset zoom
      </button>
      <span className="muted time-hint">or drag across the chart</span>
    </fieldset>
  );
}
