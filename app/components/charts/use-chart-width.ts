import { type RefObject, useEffect, useRef, useState } from "react";
import { RESIZE_DEBOUNCE_MS } from "../../utils/chart-layout";

/**
 * The width of an element, measured after mount and then on resize, debounced by 300 ms (spec 2 s2)
 * so dragging a window edge redraws once. 0 on the server and before the first measurement.
 */
export function useChartWidth<T extends HTMLElement>(): [RefObject<T>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(element.clientWidth), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, []);
  return [ref, width];
}
