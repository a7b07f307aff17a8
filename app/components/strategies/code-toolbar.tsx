import { Link, useNavigation } from "@remix-run/react";
import { IntentButton } from "../ui/intent-button";
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
      <IntentButton
        intent="recreate"
        fields={codeId ? { codeId } : {}}
        formClassName="code-toolbar-form"
        disabled={busy}
      >
        Recreate Code
      </IntentButton>
      <Link to={`/strategy/${strId}/backtest`} className="button primary">
        Run Backtest
      </Link>
    </div>
  );
}
