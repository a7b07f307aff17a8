/**
 * The Summary outline as a trader reads it: the outline is plain text with "## Section" headings and "- " items
 * (worker/strategy/outline.ts), shown as headings and lists rather than raw markers.
 */
export function OutlineText({ text }: { text: string }) {
  const sections: { title: string | null; items: string[]; lines: string[] }[] = [];
  let current: { title: string | null; items: string[]; lines: string[] } = {
    title: null,
    items: [],
    lines: [],
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (line.startsWith("## ")) {
      if (current.title || current.items.length || current.lines.length) sections.push(current);
      current = { title: line.slice(3), items: [], lines: [] };
    } else if (line.startsWith("- ")) {
      current.items.push(line.slice(2));
    } else if (line.trim()) {
      current.lines.push(line);
    }
  }
  if (current.title || current.items.length || current.lines.length) sections.push(current);
  return (
    <>
      {sections.map((s) => (
        // Section titles are unique in an outline (one Overview, one Indicators...).
        <section key={s.title ?? "intro"} className="outline-section">
          {s.title ? <h3>{s.title}</h3> : null}
          {s.lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
          {s.items.length ? (
            <ul>
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}
