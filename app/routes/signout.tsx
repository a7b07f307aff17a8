import { type ActionFunctionArgs, data, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { clearSessionRecord } from "../utils/session-record";
import { clearSessionCookie, sessionToken } from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Signing out · StratForge" }];

/**
 * Signing out changes state, so it is a POST (a link elsewhere cannot sign someone out): the page submits
 * itself when scripts run, and shows the button otherwise.
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
        ) : (
          <p className="muted">Signing you out...</p>
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
