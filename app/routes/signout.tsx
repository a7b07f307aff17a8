import { type ActionFunctionArgs, data, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { clearSessionRecord } from "../utils/session-record";
import { clearSessionCookie, sessionToken } from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Signing out · StratForge" }];

/**
 * Signing out changes state, so it is a POST (a link elsewhere cannot sign someone out). The menu's Sign Out
 * is itself a form posting here, so one click signs out with or without JavaScript; a GET of /signout (a
 * bookmark, a typed address) submits itself when scripts run and otherwise shows its single button.
 * The accounts service also closes the session's live-event sockets (DESIGN D7).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    await context.services.accounts.signOut(sessionToken(request));
  } catch (e) {
    console.error(e);
    return data({ error: "An error occurred. Please try again." }, 500);
  }
  return redirect("/sign/in", { headers: { "Set-Cookie": clearSessionCookie(request.url) } });
}

export default function SignOut() {
  const actionData = useActionData<typeof action>();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  // Rendered on the server without scripts: the page asks for the click instead of promising to sign out.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => {
    if (sent.current || actionData?.error || !form.current) return;
    sent.current = true;
    clearSessionRecord();
    submit(form.current);
  }, [actionData, submit]);
  return (
    <main className="centered-page">
      <div className="card narrow">
        <h1>Sign out</h1>
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : scripted ? (
          <p className="muted">Signing you out...</p>
        ) : (
          <p className="muted">Sign out of this browser?</p>
        )}
        <Form method="post" ref={form}>
          <button type="submit" className="button primary">
            Sign Out
          </button>
        </Form>
      </div>
    </main>
  );
}
