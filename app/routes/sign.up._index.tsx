import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SignUpFields } from "../components/signup-fields";
import { TurnstileSubmit, useTurnstileGuard } from "../components/turnstile";
import { getUser } from "../utils/auth.server";
import { fieldErrors, messageFor, readForm, typedIdentity } from "../utils/form.server";
import { safeRedirect } from "../utils/redirect";
import { SIGN_UP_ERRORS, signUpForm, withToken } from "../utils/signup.server";
import { useEditedSince } from "../utils/use-edited";
import { clientIp, SESSION_TTL_MS, sessionCookie } from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Sign up · StratForge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/");
  const url = new URL(request.url);
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    turnstile: {
      siteKey: context.publicConfig.turnstileSiteKey,
      testMode: context.publicConfig.turnstileTestMode,
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const parsed = signUpForm.safeParse(withToken(values));
  if (!parsed.success)
    return data(
      {
        fields: fieldErrors(parsed.error),
        error: null,
        code: "VALIDATION_ERROR",
        typed: typedIdentity(values),
      },
      400,
    );
  try {
    const meta = { ip: clientIp(request), origin: new URL(request.url).origin };
    const { token } = await context.services.accounts.signUp(parsed.data, meta);
    return redirect(safeRedirect(values.redirectTo), {
      headers: { "Set-Cookie": sessionCookie(token, request.url, SESSION_TTL_MS / 1000) },
    });
  } catch (e) {
    const { code, message, status } = messageFor(e, SIGN_UP_ERRORS);
    return data({ fields: {}, error: message, code, typed: typedIdentity(values) }, status);
  }
}

export default function SignUp() {
  const { redirectTo, turnstile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle";
  const [edited, markEdited] = useEditedSince(actionData);
  const { clientError, changed, guard } = useTurnstileGuard(markEdited);
  const error = clientError ?? (edited ? null : actionData?.error);

  return (
    <div className="auth-card w580">
      <h1>Subscribe today</h1>
      <p className="muted">Create your account and build your first strategy in minutes.</p>
      <Form method="post" onSubmit={guard} onChange={changed}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {error ? (
          <div className="form-error" role="alert">
            {error}{" "}
            {actionData?.code === "EMAIL_ALREADY_EXISTS" && !edited ? (
              <Link to="/sign/in">Log In</Link>
            ) : null}
          </div>
        ) : null}
        <SignUpFields fields={edited ? {} : (actionData?.fields ?? {})} typed={actionData?.typed} />
        <TurnstileSubmit
          turnstile={turnstile}
          resetSignal={actionData}
          busy={submitting}
          label="Get Started"
        />
      </Form>
      <div className="auth-links">
        <span>
          Already have an account?{" "}
          <Link to={redirectTo ? `/sign/in?redirectTo=${encodeURIComponent(redirectTo)}` : "/sign/in"}>
            Sign in
          </Link>
        </span>
      </div>
    </div>
  );
}
