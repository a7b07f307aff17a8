import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { TURNSTILE_MESSAGES } from "../../worker/forms/messages";
import { ForgotPasswordModal } from "../components/forgot-password";
import { TurnstileSubmit, useTurnstileGuard } from "../components/turnstile";
import { EmailField, FormError, PasswordField } from "../components/ui/fields";
import { getUser } from "../utils/auth.server";
import { fieldErrors, messageFor, readForm, turnstileTokenOf, typedIdentity } from "../utils/form.server";
import { safeRedirect } from "../utils/redirect";
import { readStoredRedirect } from "../utils/session-record";
import { useEditedSince } from "../utils/use-edited";
import {
  clientIp,
  resetRequestSchema,
  SESSION_TTL_MS,
  sessionCookie,
  signInSchema,
} from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Sign in · StratForge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/");
  const url = new URL(request.url);
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    email: url.searchParams.get("email") ?? "",
    turnstile: {
      siteKey: context.publicConfig.turnstileSiteKey,
      testMode: context.publicConfig.turnstileTestMode,
    },
  };
}

const SIGN_IN_ERRORS: Record<string, string> = {
  USER_NOT_FOUND: "Wrong email or password.",
  USER_CREDENTIALS_INVALID: "Wrong email or password.",
  ...TURNSTILE_MESSAGES,
};

/** Where "Forgot Password?" goes: the modal opened, the e-mail typed so far prefilled, the return path kept. */
function forgotHref(email: string, redirectTo: string): string {
  const q = new URLSearchParams({ forgot: "1" });
  const typed = email.trim().slice(0, 254);
  if (typed) q.set("email", typed);
  if (redirectTo) q.set("redirectTo", redirectTo);
  return `/sign/in?${q}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  // "Forgot Password?" without JavaScript: the button submits the sign-in form so the typed e-mail comes
  // along (a link cannot read the field); nothing is checked and the password is not used.
  if (values.forgot === "1") {
    throw redirect(forgotHref(values.email ?? "", safeRedirect(values.redirectTo, "")));
  }
  const meta = { ip: clientIp(request), origin: new URL(request.url).origin };
  if (values.intent === "forgot") {
    const parsed = resetRequestSchema.safeParse(values);
    if (!parsed.success)
      return data(
        {
          intent: "forgot" as const,
          sent: false,
          error: fieldErrors(parsed.error).email ?? "Please enter your email address",
        },
        400,
      );
    try {
      await context.services.accounts.requestPasswordReset(parsed.data.email, meta);
      return { intent: "forgot" as const, sent: true, error: null };
    } catch (e) {
      const { message, status } = messageFor(e, {}, "An error occurred. Please try again later.");
      return data({ intent: "forgot" as const, sent: false, error: message }, status);
    }
  }
  const parsed = signInSchema.safeParse({ ...values, turnstileToken: turnstileTokenOf(values) });
  if (!parsed.success)
    return data(
      {
        intent: "signin" as const,
        fields: fieldErrors(parsed.error),
        error: null,
        email: typedIdentity(values).email,
      },
      400,
    );
  try {
    const { token } = await context.services.accounts.signIn(parsed.data, meta);
    return redirect(safeRedirect(values.redirectTo), {
      headers: { "Set-Cookie": sessionCookie(token, request.url, SESSION_TTL_MS / 1000) },
    });
  } catch (e) {
    const { message, status } = messageFor(e, SIGN_IN_ERRORS);
    return data(
      {
        intent: "signin" as const,
        fields: {} as Record<string, string>,
        error: message,
        email: parsed.data.email,
      },
      status,
    );
  }
}

export default function SignIn() {
  const { redirectTo, email: initialEmail, turnstile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const [params] = useSearchParams();
  // After a failed sign-in without JavaScript the page is rendered anew: keep what the trader typed.
  const [email, setEmail] = useState(actionData?.intent === "signin" ? actionData.email : initialEmail);
  const [target, setTarget] = useState(redirectTo);
  const [edited, markEdited] = useEditedSince(actionData);
  const { clientError, changed, guard } = useTurnstileGuard(markEdited);
  const [forgotOpen, setForgotOpen] = useState(
    params.get("forgot") === "1" || actionData?.intent === "forgot",
  );
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "signin";
  // The forgot-password answer present when the modal was last opened belongs to an earlier opening: a
  // reopened modal starts again from its form (spec 1 s4). Without JavaScript the page opens with the answer.
  const [staleForgot, setStaleForgot] = useState<unknown>(null);
  const forgotResult = actionData?.intent === "forgot" && actionData !== staleForgot ? actionData : null;

  // Spec 1 s4: the return path may come from the router state or the SESSION record in sessionStorage.
  useEffect(() => {
    if (redirectTo) return;
    const state: unknown = location.state;
    const fromState =
      state && typeof state === "object" && "redirectAfterLogin" in state ? state.redirectAfterLogin : null;
    const stored = fromState ?? readStoredRedirect();
    if (stored) setTarget(safeRedirect(stored, ""));
  }, [redirectTo, location.state]);

  const signInData = actionData?.intent === "signin" ? actionData : null;
  const error = clientError ?? (edited ? null : (signInData?.error ?? null));
  const fields: Record<string, string> = edited ? {} : (signInData?.fields ?? {});

  return (
    <div className="auth-card w420">
      <h1>Welcome back!</h1>
      <p className="muted">Sign in to continue building your strategies.</p>
      <Form method="post" id="signin-form" onSubmit={guard} onChange={changed} noValidate={false}>
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirectTo" value={target} />
        <FormError>{error}</FormError>
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} />
        <PasswordField kind="current" error={fields.password} />
        <TurnstileSubmit turnstile={turnstile} resetSignal={actionData} busy={submitting} label="Sign In" />
      </Form>
      <div className="auth-links">
        <span>
          New here?{" "}
          <Link to={target ? `/sign/up?redirectTo=${encodeURIComponent(target)}` : "/sign/up"}>
            Create an account
          </Link>
        </span>
        <button
          type="submit"
          form="signin-form"
          name="forgot"
          value="1"
          formNoValidate
          className="button link"
          onClick={(e) => {
            e.preventDefault();
            setStaleForgot(actionData);
            setForgotOpen(true);
          }}
        >
          Forgot Password?
        </button>
      </div>
      {forgotOpen ? (
        <ForgotPasswordModal
          initialEmail={email || params.get("email") || ""}
          result={forgotResult}
          onClose={() => setForgotOpen(false)}
        />
      ) : null}
    </div>
  );
}
