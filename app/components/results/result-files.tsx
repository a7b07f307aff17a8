import { RESULT_FILE_LABELS, RESULT_FILES } from "../../utils/result-files";

/** Issue 16 downloads: plain GET links with a file name, so they work without JavaScript. */
export function ResultFiles({ base, compare }: { base: string; compare: string }) {
  return (
    <nav className="card result-files" aria-label="Downloads">
      <h3>Downloads</h3>
      <ul className="result-files-list">
        {RESULT_FILES.map((f) => (
          <li key={f}>
            <a href={`${base}/${f}`} download>
              {RESULT_FILE_LABELS[f]}
            </a>
          </li>
        ))}
      </ul>
      <a href={compare}>Compare with other backtests</a>
    </nav>
  );
}
