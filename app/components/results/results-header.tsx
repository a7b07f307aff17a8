import { statusLabel } from "../../utils/format";
import {
  accountLabel,
  costsLabel,
  delayLabel,
  modelLabel,
  periodText,
  timeZoneLabel,
} from "../../utils/results-view";
import { DownloadButton } from "../strategies/download-button";
import { InstallGuide } from "../strategies/install-guide";
import { LocalDateTime } from "./local-date-time";
import { MorePopover } from "./more-popover";
import type { ResultsBacktest } from "./types";

/**
 * Spec 2 s2 header line: 'Backtest for' symbol (period) - created date, a 'more' popover with the
 * backtest's details and status (a <details>, so it opens without JavaScript), and the Download EA and
 * Install Guide buttons, enabled only once the backtest is completed.
 */
export function ResultsHeader({ bt }: { bt: ResultsBacktest }) {
  const completed = bt.processingStatus === "completed";
  return (
    <div className="results-header">
      <div className="results-title">
        Backtest for <strong>{bt.inputs.symbol}</strong> ({bt.inputs.period}) -{" "}
        <LocalDateTime value={bt.created} />{" "}
        <MorePopover>
          <dl>
            <dt>Backtest</dt>
            <dd>#{bt.backtestId}</dd>
            <dt>Status</dt>
            <dd>
              <span className={`status-badge status-${bt.processingStatus}`}>
                {statusLabel(bt.processingStatus)}
              </span>
            </dd>
            <dt>Dates</dt>
            <dd>{periodText(bt.inputs)}</dd>
            <dt>Delay</dt>
            <dd>{delayLabel(bt.inputs.executionMode)}</dd>
            <dt>Modelling</dt>
            <dd>{modelLabel(bt.inputs.model)}</dd>
            <dt>Account</dt>
            <dd>{accountLabel(bt.inputs.account)}</dd>
            <dt>Server time</dt>
            <dd>{timeZoneLabel(bt.inputs.timeZone)}</dd>
            <dt>Costs</dt>
            <dd>{costsLabel(bt.inputs)}</dd>
            {bt.message ? (
              <>
                <dt>Message</dt>
                <dd>{bt.message}</dd>
              </>
            ) : null}
          </dl>
          {bt.notes.length > 0 ? (
            <ul className="results-notes">
              {bt.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
        </MorePopover>
      </div>
      <div className="results-actions">
        <DownloadButton strId={bt.strId} disabled={!completed} />
        <InstallGuide disabled={!completed} />
      </div>
    </div>
  );
}
