import type { ReactNode } from "react";

/** A guarded page whose screen comes in a later issue: the guards already apply (issue 2). */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="page">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <div className="placeholder">{children ?? "This screen is being built."}</div>
    </main>
  );
}
