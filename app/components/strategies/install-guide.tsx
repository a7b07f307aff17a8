import { Link } from "@remix-run/react";
import { Modal } from "../ui/modal";
import { useUrlFlag } from "../ui/url-flag";

const FLAG = "guide";

/**
 * Spec 2 s2 'Install guide (modal)': how to put the downloaded EA into MetaTrader 5. Opened by a URL flag
 * (`?guide=install`), so it opens and closes without JavaScript too.
 */
export function InstallGuide({ disabled = false }: { disabled?: boolean }) {
  const flag = useUrlFlag(FLAG);
  return (
    <>
      {disabled ? (
        <button type="button" className="button" disabled>
          Install Guide
        </button>
      ) : (
        <Link className="button" to={flag.openHref("install")} preventScrollReset replace>
          Install Guide
        </Link>
      )}
      <Modal open={!disabled && flag.value === "install"} title="Install Guide" closeHref={flag.closeHref}>
        <ol className="install-steps">
          <li>Download the .mq5 file from the app.</li>
          <li>
            In MetaTrader 5 choose <strong>File &gt; Open Data Folder</strong>, then open{" "}
            <strong>MQL5 &gt; Experts &gt; Advisors</strong> and paste the file there.
          </li>
          <li>Restart the platform, or right-click the Navigator window and choose Refresh.</li>
          <li>Drag the expert advisor from the Navigator onto a chart, and allow algorithmic trading.</li>
        </ol>
        <p className="muted">Try it on a demo account first: past results do not guarantee future returns.</p>
      </Modal>
    </>
  );
}
