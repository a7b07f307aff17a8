import { processingStatus, statusLabel } from "../../utils/format";

/**
 * The Backtest column (spec 2 s2): 'Processing', 'Error', 'Completed' styled differently, '-' without a
 * backtest. Takes the raw status code (spec 1 s3).
 */
export function StatusBadge({ code }: { code: number | null | undefined }) {
  if (code === null || code === undefined) return <span className="muted">-</span>;
  const status = processingStatus(code);
  return <span className={`status-badge status-${status}`}>{statusLabel(status)}</span>;
}
