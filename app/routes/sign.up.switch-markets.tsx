import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { TURNSTILE_MESSAGES } from "../../worker/forms/messages";
import { SignUpFields } from "../components/signup-fields";
import { TurnstileSubmit, useTurnstileGuard } from "../components/turnstile";
import { FormError } from "../components/ui/fields";
import { fieldErrors, messageFor, readForm, typedIdentity } from "../utils/form.server";
import { sponsorForm, withToken } from "../utils/signup.server";
import { useEditedSince } from "../utils/use-edited";
import { clientIp, SESSION_TTL_MS, SWITCH_MARKETS_SPONSOR, sessionCookie } from "../utils/worker.server";

export const meta: MetaFunction = () => [{ title: "Switch Markets traders · StratForge" }];

const PARTNER = "Switch Markets";
/** Spec 1 s9: the success screen sends the trader on after 5000 ms. */
export const SPONSOR_REDIRECT_MS = 5000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return {
    email: url.searchParams.get("email")?.slice(0, 254) ?? "",
    turnstile: {
      siteKey: context.publicConfig.turnstileSiteKey,
      testMode: context.publicConfig.turnstileTestMode,
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const parsed = sponsorForm.safeParse({ ...withToken(values), sponsor: SWITCH_MARKETS_SPONSOR });
  if (!parsed.success)
    return data(
      { ok: false as const, fields: fieldErrors(parsed.error), error: null, typed: typedIdentity(values) },
      400,
    );
  try {
    const meta = { ip: clientIp(request), origin: new URL(request.url).origin };
    const { token } = await context.services.accounts.sponsorSignUp(parsed.data, meta);
    return data(
      { ok: true as const, fields: {}, error: null },
      { headers: { "Set-Cookie": sessionCookie(token, request.url, SESSION_TTL_MS / 1000) } },
    );
  } catch (e) {
    const { message, status } = messageFor(e, {
      EMAIL_ALREADY_EXISTS:
        "You already have an active account with this email. Please contact support to switch to the free plan.",
      // The server's own text for ineligible traders (spec 1 s8).
      SPONSOR_ELIGIBILITY_ERROR: e instanceof Error && "userMessage" in e ? String(e.userMessage) : "",
      ...TURNSTILE_MESSAGES,
    });
    return data({ ok: false as const, fields: {}, error: message, typed: typedIdentity(values) }, status);
  }
}

export default function SponsorSignUp() {
  const { email, turnstile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submitting = navigation.state !== "idle";
  const [edited, markEdited] = useEditedSince(actionData);
  const { clientError, changed, guard } = useTurnstileGuard(markEdited);
  useEffect(() => {
    if (!actionData?.ok) return;
    const timer = setTimeout(() => navigate("/"), SPONSOR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [actionData, navigate]);

  const header = (
    <div className="partner">
      <span>In partnership with</span>
      <span className="partner-logo">SWITCH MARKETS</span>
      <a
        className="button"
        href="https://switchmarkets.example/open-account"
        target="_blank"
        rel="noreferrer"
      >
        Open Account
      </a>
    </div>
  );

  if (actionData?.ok) {
    return (
      <div className="auth-card w580" style={{ textAlign: "center" }}>
        {/* Without JavaScript the browser follows this after the same 5 seconds. */}
        <meta httpEquiv="refresh" content={`${SPONSOR_REDIRECT_MS / 1000};url=/`} />
        {header}
        <div className="success-tick" aria-hidden="true">
          ✓
        </div>
        <h1>Welcome aboard!</h1>
        <p>
          Free access for {PARTNER} funded traders is activated. You will be redirected to your dashboard in 5
          seconds.
        </p>
        <Link to="/" className="button primary">
          Go to Dashboard Now
        </Link>
      </div>
    );
  }

  const error = clientError ?? (edited ? null : actionData?.error);
  return (
    <div className="auth-card w580">
      {header}
      <h1>Free for {PARTNER} funded traders</h1>
      <p className="muted">
        StratForge is free for all funded traders of {PARTNER}. Register with the e-mail of your funded
        account.
      </p>
      <Form method="post" onSubmit={guard} onChange={changed}>
        <FormError>{error}</FormError>
        <SignUpFields
          fields={edited ? {} : (actionData?.fields ?? {})}
          typed={actionData?.ok === false ? actionData.typed : { name: "", email }}
        />
        <TurnstileSubmit turnstile={turnstile} resetSignal={actionData} busy={submitting} label="Register" />
      </Form>
    </div>
  );
}
