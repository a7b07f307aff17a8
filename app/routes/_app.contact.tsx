import { type ActionFunctionArgs, data, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ContactMessageField, withContactFlag } from "../components/contact-modal";
import { FormError } from "../components/ui/fields";
import { requireUser } from "../utils/auth.server";
import { fieldErrors, messageFor, readForm } from "../utils/form.server";
import { safeRedirect } from "../utils/redirect";
import { clientIp, contactSchema } from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Contact · StratForge" }];

const SEND_FAILED = "An error occurred. Please try again.";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  const returnTo = safeRedirect(values.returnTo);
  // A failed send answers what was typed, so the form shown with the error still holds the message.
  const failed = (error: string, status: number) =>
    data({ sent: false as const, error, message: values.message ?? "", returnTo }, status);
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) return failed(fieldErrors(parsed.error).message ?? SEND_FAILED, 400);
  try {
    await context.services.accounts.sendContact(user, parsed.data.message, { ip: clientIp(request) });
  } catch (e) {
    const { message, status } = messageFor(e, {}, SEND_FAILED);
    return failed(message, status);
  }
  // Scripted submissions stay on the page; a plain form goes back to where it came from, modal open.
  if (values.js === "1") return { sent: true as const, error: null, message: "", returnTo };
  return redirect(withContactFlag(returnTo, "sent"));
}

/**
 * The contact form as a page: where a submission without JavaScript lands when the send fails. It shows the
 * error above the message as typed, and both Send and Cancel lead back to the page the modal was opened on.
 */
export default function ContactPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const returnTo = actionData?.returnTo ?? "/";
  return (
    <main className="page">
      <div className="card narrow" style={{ margin: "0 auto" }}>
        <h1>Send a Message</h1>
        <p className="muted">Have a question or feedback? Help us make the product better!</p>
        <Form method="post">
          <input type="hidden" name="returnTo" value={returnTo} />
          <FormError>{actionData?.error}</FormError>
          <ContactMessageField id="message" defaultValue={actionData?.message ?? ""} />
          <div className="modal-actions">
            <Link to={returnTo} className="button">
              Cancel
            </Link>
            <button type="submit" className="button primary" disabled={navigation.state !== "idle"}>
              Send
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}
