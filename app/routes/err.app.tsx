import type { MetaFunction } from "@remix-run/cloudflare";

export const meta: MetaFunction = () => [{ title: "Error · StratForge" }];

export default function AppError() {
  return (
    <main className="centered-page">
      <div className="card narrow">
        <h1>There is an error loading the app.</h1>
        <p className="muted">Please reload the page in a moment.</p>
        <a className="button primary" href="/">
          Reload
        </a>
      </div>
    </main>
  );
}
