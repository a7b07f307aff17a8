import { useEffect, useState } from "react";

type DownloadState = "idle" | "run" | "done";

const LABEL: Record<DownloadState, string> = {
  idle: "Download EA",
  run: "Downloading...",
  done: "Downloaded",
};

/**
 * Spec 2 s2: the download button moves idle, run, done, then idle again, and saves `str-{id}.mq5`.
 * It is a real link to the GET route (works without JavaScript); with scripts it fetches the file itself so
 * it can show progress and the 'Error downloading code' alert of spec 2 s8.
 */
export function DownloadButton({
  strId,
  disabled = false,
  className = "button",
}: {
  strId: string;
  disabled?: boolean;
  className?: string;
}) {
  const [state, setState] = useState<DownloadState>("idle");
  const href = `/strategy/${strId}/download`;
  const filename = `str-${strId}.mq5`;

  useEffect(() => {
    if (state !== "done") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);

  if (disabled) {
    return (
      <button type="button" className={className} disabled title="Download the EA code of your strategy">
        Download EA
      </button>
    );
  }

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (state === "run") return;
    setState("run");
    try {
      const res = await fetch(href, { credentials: "same-origin" });
      if (!res.ok) throw new Error(`download failed: ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = filename;
      document.body.appendChild(a);
      a.click();
      a.remove();
      // Revoke on the next task: Chromium reads the blob URL after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setState("done");
    } catch {
      setState("idle");
      window.alert("Error downloading code");
    }
  }

  return (
    <a
      href={href}
      download={filename}
      className={className}
      data-state={state}
      aria-busy={state === "run"}
      title="Download the EA code of your strategy"
      onClick={download}
    >
      {LABEL[state]}
    </a>
  );
}
