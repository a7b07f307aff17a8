export function NotFound() {
  return (
    <main className="centered-page">
      <div className="card narrow">
        <h1>404. Page Not Found</h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <a className="button primary" href="/">
          Go Home
        </a>
      </div>
    </main>
  );
}
