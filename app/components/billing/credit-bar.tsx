import { ProgressBar } from "../ui/progress-bar";
/** Spec 3 s2: used of total (plan plus add-on credits) with a percent, or the unlimited text. */
export function CreditBar({ unlimited, used, total }: { unlimited: boolean; used: number; total: number }) {
  if (unlimited) return <p className="credit-bar unlimited">You have unlimited credits!</p>;
  const percent = total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 0;
  return (
    <div className="credit-bar">
      <div className="credit-bar-label">
        <span>Credits</span>
        <span>
          {`${used.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} used (${percent}%)`}
        </span>
      </div>
      <ProgressBar percent={percent} label="Credits used" track="credit-bar-track" fill="credit-bar-fill" />
    </div>
  );
}
