/**
 * A percent bar with its accessible progressbar role (0-100): the backtest banner, the code generation overlay
 * and the credit meter draw the same thing with their own classes.
 */
export function ProgressBar({
  percent,
  label,
  track = "progress-track",
  fill = "progress-fill",
}: {
  percent: number;
  /** What the bar measures, for screen readers. */
  label: string;
  track?: string;
  fill?: string;
}) {
  return (
    <div
      className={track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className={fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
