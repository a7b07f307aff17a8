import { Form, Link, useNavigation } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { useEscape } from "../utils/use-escape";
import { EmailField, FormError } from "./ui/fields";

type Result = { intent: "forgot"; sent: boolean; error: string | null } | null;

const SENT = "We've sent an email with password reset instructions to this address if an account exists.";

/**
 * Forgot-password modal (spec 1 s2). Without JavaScript it is opened by `?forgot=1` and posts to the sign-in
 * action like any form; the close icon and Cancel are links, so they work without scripts too. `result` must
 * be only the answer to a send made since this opening (spec 1 s4 "Opening resets its state"): the sign-in
 * page holds back an older one.
 */
export function ForgotPasswordModal({
  initialEmail,
  result,
  onClose,
}: {
  initialEmail: string;
  result: Result;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "forgot";
  const [clientError, setClientError] = useState<string | null>(null);
  useEscape(onClose);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const email = new FormData(e.currentTarget).get("email");
    if (typeof email !== "string" || !email.trim()) {
      e.preventDefault();
      setClientError("Please enter your email address");
    }
  }
  function close(e: React.MouseEvent) {
    e.preventDefault();
    onClose();
  }

  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="forgot-title">
        <Link to="/sign/in" className="close" aria-label="Close" onClick={close}>
          ×
        </Link>
        <h2 id="forgot-title">Reset Password</h2>
        {result?.sent ? (
          <>
            <p className="form-success" role="status">
              {SENT}
            </p>
            <div className="modal-actions">
              <Link to="/sign/in" className="button primary" onClick={close}>
                OK
              </Link>
            </div>
          </>
        ) : (
          <Form
            method="post"
            action="/sign/in"
            onSubmit={onSubmit}
            onChange={() => setClientError(null)}
            noValidate
          >
            <p className="muted">
              Enter your email address and we'll send you a link to reset your password.
            </p>
            <input type="hidden" name="intent" value="forgot" />
            <FormError>{clientError ?? result?.error}</FormError>
            {/* Not required: an empty submit gets the server's own message (the form is noValidate). */}
            <EmailField id="forgot-email" required={false} defaultValue={initialEmail} />
            <div className="modal-actions">
              <Link to="/sign/in" className="button" onClick={close}>
                Cancel
              </Link>
              <button type="submit" className="button primary" disabled={sending}>
                {sending ? "Sending..." : "Send Reset Link"}
              </button>
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}
