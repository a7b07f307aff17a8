import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { LIMITS, MESSAGES } from "../../worker/forms/messages";
import { FormError, PasswordField } from "../components/ui/fields";
import { fieldErrors, messageFor, readForm } from "../utils/form.server";
import { resetFormSchema } from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Reset password · StratForge" }];

const INVALID_LINK =
  "This password reset link is invalid or has expired. Please request a new password reset link.";
const USED_LINK =
  "This password reset link has expired or already been used. Please request a new password reset link.";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  if (!token || token.length > LIMITS.tokenMax) return { valid: false, name: null, token };
  const result = await context.services.accounts.validateResetToken(token);
  return { ...result, token };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const parsed = resetFormSchema.safeParse({ ...values, token: params.token ?? "" });
  if (!parsed.success) return data({ done: false, fields: fieldErrors(parsed.error), error: null }, 400);
  try {
    await context.services.accounts.confirmReset(parsed.data.token, parsed.data.password);
    return { done: true, fields: {} as Record<string, string>, error: null };
  } catch (e) {
    const { message, status } = messageFor(
      e,
      { RESET_TOKEN_INVALID: USED_LINK },
      "An error occurred. Please try again later.",
    );
    return data({ done: false, fields: {} as Record<string, string>, error: message }, status);
  }
}

export default function ResetPassword() {
  const { valid, name } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});

  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/sign/reset/")) {
    return (
      <div className="auth-card w420">
        <p>Validating reset link...</p>
      </div>
    );
  }
  if (actionData?.done) {
    return (
      <div className="auth-card w420" style={{ textAlign: "center" }}>
        <div className="success-tick" aria-hidden="true">
          ✓
        </div>
        <h1>Password Reset Successfully!</h1>
        <p>Your password has been reset. You can now sign in with your new password.</p>
        <Link to="/sign/in" className="button primary block">
          Go to Sign In
        </Link>
      </div>
    );
  }
  if (!valid) {
    // After a refused submit without JavaScript the page is rendered anew and the token check fails too;
    // the submit's own text (spec 1 s8, RESET_TOKEN_INVALID on submit) is the one to show.
    return (
      <div className="auth-card w420">
        <h1>Invalid Reset Link</h1>
        <p className="form-error" role="alert">
          {actionData?.error ?? INVALID_LINK}
        </p>
        <Link to="/sign/in" className="button primary block">
          Back to Login
        </Link>
      </div>
    );
  }

  const fields: Record<string, string> = { ...(actionData?.fields ?? {}), ...clientErrors };
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const form = new FormData(e.currentTarget);
    const password = String(form.get("password") ?? "");
    const confirm = String(form.get("confirmPassword") ?? "");
    const errs: Record<string, string> = {};
    if (password.length < LIMITS.resetPasswordMin) errs.password = MESSAGES.resetTooShort;
    else if (password !== confirm) errs.confirmPassword = MESSAGES.resetMismatch;
    if (Object.keys(errs).length) {
      e.preventDefault();
      setClientErrors(errs);
    }
  }
  return (
    <div className="auth-card w420">
      <h1>Reset Your Password</h1>
      <p>Hi {name}, choose a new password for your account.</p>
      <Form method="post" onSubmit={onSubmit} onChange={() => setClientErrors({})} noValidate>
        <FormError>{actionData?.error}</FormError>
        <PasswordField kind="new" label="New password" minLength={8} error={fields.password} />
        <PasswordField
          kind="new"
          id="confirmPassword"
          label="Confirm password"
          minLength={8}
          error={fields.confirmPassword}
        />
        <div className="hint">
          Use at least 8 characters. A mix of letters, numbers and symbols makes it stronger.
        </div>
        <button type="submit" className="button primary block" disabled={navigation.state !== "idle"}>
          Reset Password
        </button>
      </Form>
      <div className="auth-links">
        <Link to="/sign/in">Back to Login</Link>
      </div>
    </div>
  );
}
