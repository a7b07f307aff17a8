import { useEffect, useState } from "react";
import { formatLocalDate, formatLocalDateTime } from "../../utils/format";

/**
 * The lists' 'Updated (local date)': the server cannot know the reader's zone, so it renders UTC and the
 * browser switches to its own zone after hydration (never during it, which would mismatch the HTML).
 * `withTime` adds the 24-hour time, for rows that can share a day (backtest history).
 */
export function LocalDate({ value, withTime = false }: { value: number; withTime?: boolean }) {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  if (!Number.isFinite(value)) return <>-</>;
  const text = withTime ? formatLocalDateTime(value, zone) : formatLocalDate(value, zone);
  return <time dateTime={new Date(value).toISOString()}>{text}</time>;
}
