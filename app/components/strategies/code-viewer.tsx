import { useMemo } from "react";
import { highlightLines } from "../../utils/mql5-highlight";

/**
 * The highlighted, read-only EA source (spec 2 s2). Loaded with React.lazy by code-source.tsx, so the
 * tokenizer travels in its own chunk. Every token is a text child: React escapes it, nothing is parsed as
 * HTML.
 */
export default function CodeViewer({ source }: { source: string }) {
  const lines = useMemo(() => highlightLines(source), [source]);
  return (
    <section className="code-viewer" data-highlighted="true" aria-label="EA code">
      <pre className="code-pre">
        <code>
          {lines.map((tokens, i) => (
            // Lines never move: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <span className="code-line" key={i}>
              <span className="code-ln" aria-hidden="true">
                {i + 1}
              </span>
              <span className="code-text">
                {tokens.map((t, k) =>
                  t.kind === "plain" ? (
                    t.text
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: tokens of a line never reorder
                    <span key={k} className={`tok-${t.kind}`}>
                      {t.text}
                    </span>
                  ),
                )}
              </span>
              {"\n"}
            </span>
          ))}
        </code>
      </pre>
    </section>
  );
}
