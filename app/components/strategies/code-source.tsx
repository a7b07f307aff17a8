import { Link, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect } from "react";

const CodeViewer = lazy(() => import("./code-viewer"));

const LOADING = "Loading code...";

function Loading() {
  return (
    <div className="code-viewer code-loading" role="status">
      <span className="spinner" aria-hidden="true" /> {LOADING}
    </div>
  );
}

/** Without JavaScript (after the 'Show the code' link) the source comes with the page, uncoloured. */
function PlainCode({ source }: { source: string }) {
  return (
    <section className="code-viewer" aria-label="EA code">
      <pre className="code-pre">
        <code>
          {source.split("\n").map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines never move
            <span className="code-line" key={i}>
              <span className="code-ln" aria-hidden="true">
                {i + 1}
              </span>
              <span className="code-text">{line}</span>
              {"\n"}
            </span>
          ))}
        </code>
      </pre>
    </section>
  );
}

/**
 * The code viewer, loaded lazily (spec 2 s2): the page arrives without the source; the browser fetches it
 * from the code tab's loader (`?source=1`) and the highlighter's chunk, showing 'Loading code...' until
 * both are in. `revision` changes when new code is generated, which fetches it again.
 */
export function CodeSource({
  strId,
  revision,
  source,
}: {
  strId: string;
  revision: string;
  /** The source when the page itself carries it (the no-JavaScript link). */
  source: string | null;
}) {
  const fetcher = useFetcher<{ source: string | null }>();
  const { load } = fetcher;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the reason to fetch again
  useEffect(() => {
    if (source === null) load(`/strategy/${strId}/code?source=1`);
  }, [strId, revision, source, load]);

  if (source !== null) return <PlainCode source={source} />;
  const text = fetcher.data?.source ?? null;
  if (text === null) {
    return (
      <>
        <Loading />
        <noscript>
          {/* Nothing loads without scripts: the spinner gives way to a link that brings the code with the page. */}
          <style>{".code-loading { display: none; }"}</style>
          <p className="muted">
            <Link to="?source=1">Show the code</Link>
          </p>
        </noscript>
      </>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      <CodeViewer source={text} />
    </Suspense>
  );
}
