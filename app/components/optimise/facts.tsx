/** A run's facts as label/value pairs (the optimisation's settings, a walk-forward's totals). */
export function Facts({ facts, status }: { facts: readonly (readonly [string, string])[]; status?: string }) {
  return (
    <dl className="optimise-facts" data-status={status}>
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
