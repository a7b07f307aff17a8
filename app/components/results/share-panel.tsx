import { Form } from "@remix-run/react";

/**
 * Issue 16 Share: the owner's read-only link to this result, or a button to make one; Revoke ends it for
 * good (the link answers 404). Plain forms, so it works without JavaScript.
 */
export function SharePanel({
  action,
  token,
  origin,
}: {
  action: string;
  token: string | null;
  origin: string;
}) {
  const url = token ? `${origin}/share/${token}` : null;
  return (
    <section className="card result-share" id="share" aria-label="Share">
      <h3>Share</h3>
      {url ? (
        <>
          <p>
            Anyone with this link can see this result (read only):{" "}
            <a href={url} className="share-link">
              {url}
            </a>
          </p>
          <Form method="post" action={action}>
            <button type="submit" name="intent" value="revoke" className="button">
              Revoke link
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" action={action}>
          <p className="muted">Make a read-only link to this result; you can revoke it at any time.</p>
          <button type="submit" name="intent" value="create" className="button">
            Create share link
          </button>
        </Form>
      )}
    </section>
  );
}
