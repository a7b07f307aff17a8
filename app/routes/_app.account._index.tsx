import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { billingMessage } from "../components/billing/billing.server";
import { CreditBar } from "../components/billing/credit-bar";
import { CreditsBanner } from "../components/billing/credits-banner";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { FormError } from "../components/ui/fields";
import { IntentButton } from "../components/ui/intent-button";
import { useUrlFlag } from "../components/ui/url-flag";
import { requireUser } from "../utils/auth.server";
import { readForm } from "../utils/form.server";
import { formatDate, formatMoney } from "../utils/format";

/** Display names of the partners a sponsored plan can carry (spec 3 s2 'In partnership with'). */
const PARTNERS: Record<string, string> = { "switch-markets": "SWITCH MARKETS" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  try {
    const sub = await context.services.subscriptions.current(user.id);
    return { sub, error: null };
  } catch (e) {
    return { sub: null, error: billingMessage(e, "Failed to load subscription details.").message };
  }
}

/** Cancel, revert and the sponsor re-check: POST then redirect back, so a reload never repeats one. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  const plans = context.services.billing.plans;
  const fallback =
    values.intent === "cancel"
      ? "Failed to cancel subscription."
      : values.intent === "revert"
        ? "Failed to revert cancelled subscription."
        : "Eligibility check failed. Please ensure you meet the sponsor requirements.";
  try {
    if (values.intent === "cancel") await plans.cancel(user.id);
    else if (values.intent === "revert") await plans.revert(user.id);
    else if (values.intent === "sponsor") {
      await plans.retrySponsor(user.id, user.email, values.userProductId ?? "");
    } else return data({ error: fallback, intent: values.intent ?? "" }, 400);
  } catch (e) {
    return data({ error: billingMessage(e, fallback).message, intent: values.intent ?? "" }, 400);
  }
  return redirect("/account");
}

export default function SubscriptionTab() {
  const { sub, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const confirm = useUrlFlag("cancel");
  const busy = navigation.state !== "idle";
  const failed = error ?? (actionData?.intent !== "cancel" ? actionData?.error : null);
  if (!sub) {
    return (
      <div className="form-error" role="alert">
        {error ?? "Failed to load subscription details."}
      </div>
    );
  }
  const unlimited = sub.credits === -1;
  const isFree = sub.slug === "free";
  // Spec 3 s5: Free cannot cancel, and a scheduled cancellation is reverted, not repeated. Neither the button
  // nor the dialog (opened by ?cancel=1, e.g. a link or an old tab) is offered to whom the server refuses.
  const canCancel = !isFree && !sub.cancelationRequested;
  const used = sub.creditsUsage + sub.addonCreditsUsage;
  const total = sub.credits + sub.addonCreditsTotal;
  // Spec 3 s2 upsell variant: shown here once every credit of the period (and of the add-ons) is used.
  const exhausted = !unlimited && sub.state !== 2 && used >= total;
  const partner = sub.sponsor ? (PARTNERS[sub.sponsor] ?? sub.sponsor) : null;
  const cycle = sub.billingCycle === "yearly" ? "Yearly" : "Monthly";
  return (
    <section aria-label="Subscription" className="subscription-tab">
      <FormError>{failed}</FormError>
      {sub.status === "pending" ? (
        <p className="notice" role="status">
          Subscription is pending. Please check your account to proceed.
        </p>
      ) : null}
      <CreditBar unlimited={unlimited} used={used} total={total} />
      {exhausted ? <CreditsBanner free={isFree} variant="upsell" /> : null}
      {sub.cancelationRequested ? (
        <div className="notice cancel-notice" role="status">
          <p>
            Your subscription is scheduled to be canceled on {formatDate(sub.expiresAt)}
            {sub.action ? `; you will then move to the ${sub.action.targetProductName} plan` : ""}.
          </p>
          <IntentButton intent="revert" className="button primary" disabled={busy}>
            Revert Cancelation
          </IntentButton>
        </div>
      ) : sub.action ? (
        <div className="notice" role="status">
          <p>
            Your plan changes to {sub.action.targetProductName} on {formatDate(sub.expiresAt)}.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="revert" />
            <button type="submit" className="button" disabled={busy}>
              Keep {sub.name}
            </button>
          </Form>
        </div>
      ) : null}
      <div className="card plan-card current-plan">
        <div className="plan-card-head">
          <div>
            <p className="muted">Current plan</p>
            <h2>{sub.name}</h2>
          </div>
          <div className="price">
            {formatMoney(sub.amount, sub.currency)}
            <span className="per"> / {sub.billingCycle === "yearly" ? "year" : "month"}</span>
          </div>
        </div>
        {partner ? (
          <p className="partner">
            <span>In partnership with</span> <span className="partner-logo">{partner}</span>
          </p>
        ) : null}
        <dl className="facts">
          <dt>Billing cycle</dt>
          <dd>{cycle}</dd>
          <dt>{isFree ? "Credits renew at" : "Renews at"}</dt>
          <dd>{formatDate(sub.expiresAt)}</dd>
        </dl>
        {sub.state === 2 ? (
          <IntentButton
            intent="sponsor"
            fields={{ userProductId: sub.userProductId }}
            formClassName="sponsor-check"
            disabled={busy}
            lead={
              <p className="muted">
                Your partner eligibility needs to be verified before credits are granted.
              </p>
            }
          >
            Check eligibility
          </IntentButton>
        ) : null}
        <div className="plan-actions">
          <Link to="/subscription/change" className="button primary">
            Upgrade Plan
          </Link>
          {canCancel ? (
            <Link to={confirm.openHref("1")} className="button danger" preventScrollReset>
              Cancel Subscription
            </Link>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={confirm.value === "1" && canCancel}
        title="Are you sure you want to cancel your subscription?"
        description={`You keep your plan until ${formatDate(sub.expiresAt)}.`}
        cancelLabel="No"
        confirmLabel="Yes"
        cancelHref={confirm.closeHref}
        fields={{ intent: "cancel" }}
        error={actionData?.intent === "cancel" ? actionData.error : null}
      />
    </section>
  );
}
