import { useEffect, useState } from "react";
import { formatLocalDate } from "../../utils/format";

/**
 * The lists' 'Updated (local date)': the server cannot know the reader's zone, so it renders UTC and the
 * browser switches to its own zone after hydration (never during it, which would mismatch the HTML).
 */
export function LocalDate({ value }: { value: number }) {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  if (!Number.isFinite(value)) return <>-</>;
  return <time dateTime={new Date(value).toISOString()}>{formatLocalDate(value, zone)}</time>;
}
