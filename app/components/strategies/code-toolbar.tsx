import { Form, Link, useNavigation } from "@remix-run/react";
import { DownloadButton } from "./download-button";
import { InstallGuide } from "./install-guide";

/** The ready code's actions (spec 2 s2): Download EA, Install Guide, Recreate Code and on to the backtests. */
export function CodeToolbar({ strId, codeId }: { strId: string; codeId: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="code-toolbar">
      <DownloadButton strId={strId} />
      <InstallGuide />
      <Form method="post" className="code-toolbar-form">
        <input type="hidden" name="intent" value="recreate" />
        {codeId ? <input type="hidden" name="codeId" value={codeId} /> : null}
        <button type="submit" className="button" disabled={busy}>
          Recreate Code
        </button>
      </Form>
      <Link to={`/strategy/${strId}/backtest`} className="button primary">
        Run Backtest
      </Link>
    </div>
  );
}
