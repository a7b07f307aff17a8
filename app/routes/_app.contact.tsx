import { type ActionFunctionArgs, data, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { requireUser } from "../utils/auth.server";
import { fieldErrors, messageFor, readForm } from "../utils/form.server";
import { safeRedirect } from "../utils/redirect";
import { clientIp, contactSchema } from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Contact · StratForge" }];

const SEND_FAILED = "An error occurred. Please try again.";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data({ sent: false as const, error: fieldErrors(parsed.error).message ?? SEND_FAILED }, 400);
  }
  try {
    await context.services.accounts.sendContact(user, parsed.data.message, { ip: clientIp(request) });
  } catch (e) {
    const { message, status } = messageFor(e, {}, SEND_FAILED);
    return data({ sent: false as const, error: message }, status);
  }
  // Scripted submissions stay on the page; a plain form goes back to where it came from, modal open.
  if (values.js === "1") return { sent: true as const, error: null };
  return redirect(`${safeRedirect(values.returnTo)}?contact=sent`);
}

/** The same form as a page, for a submission without JavaScript that needs to show an error. */
export default function ContactPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <main className="page">
      <div className="card narrow" style={{ margin: "0 auto" }}>
        <h1>Send a Message</h1>
        <p className="muted">Have a question or feedback? Help us make the product better!</p>
        <Form method="post">
          {actionData?.error ? (
            <div className="form-error" role="alert">
              {actionData.error}
            </div>
          ) : null}
          <div className="field">
            <label htmlFor="message" className="sr-only">
              Message
            </label>
            <textarea id="message" name="message" placeholder="Your message..." required maxLength={5000} />
          </div>
          <button type="submit" className="button primary" disabled={navigation.state !== "idle"}>
            Send
          </button>
        </Form>
      </div>
    </main>
  );
}
