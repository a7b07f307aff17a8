import { useEffect, useState } from "react";
import { formatDate } from "../../utils/format";

/**
 * A date and time in the reader's zone: UTC in the server's HTML, the browser's own zone after hydration
 * (switching during hydration would not match the HTML).
 */
export function LocalDateTime({ value }: { value: string }) {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return <time dateTime={value}>{formatDate(value, zone)}</time>;
}
