import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { billingMessage } from "../components/billing/billing.server";
import { creditsText, cycleOf } from "../components/billing/plan-price";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { FormError } from "../components/ui/fields";
import { uiStylesheet } from "../components/ui/styles";
import { useUrlFlag } from "../components/ui/url-flag";
import billingCss from "../styles/billing.css?url";
import { requireUser } from "../utils/auth.server";
import { readForm } from "../utils/form.server";
import { formatDate, formatMoney } from "../utils/format";

export const meta: MetaFunction = () => [{ title: "Change plan · StratForge" }];
export const links = () => [uiStylesheet, { rel: "stylesheet", href: billingCss }];

/**
 * subscription/change/list (spec 3 s2 'Change plan', s7): the paid plans of one cycle in the subscription's
 * currency, sorted by price, each with its action. A pending cancellation blocks the page (CANCELATION_PENDING).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const s = context.services;
  const url = new URL(request.url);
  try {
    const sub = await s.subscriptions.current(user.id);
    const list = await s.billing.plans.changeList(user.id);
    const asked = url.searchParams.get("cycle");
    // Without the toggle only the current cycle's plans are offered (Free counts as monthly).
    const cycle = list.showBillingToggle && asked ? cycleOf(asked) : cycleOf(list.billingCycle);
    return {
      blocked: null,
      error: null,
      cycle,
      showToggle: list.showBillingToggle,
      currentPid: list.currentPid,
      plans: list.products.filter((p) => p.billingCycle === cycle),
      current: sub
        ? { name: sub.name, credits: sub.credits, expiresAt: sub.expiresAt, action: sub.action }
        : null,
    };
  } catch (e) {
    const { code, message } = billingMessage(e, "Failed to load subscription plans.");
    return {
      blocked: code === "CANCELATION_PENDING" ? message : null,
      error: code === "CANCELATION_PENDING" ? null : message,
      cycle: "monthly" as const,
      showToggle: false,
      currentPid: "",
      plans: [],
      current: null,
    };
  }
}

/** subscription/downgrade: scheduled for the end of the period, then back to the account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  if (values.intent !== "downgrade" || !values.pid) {
    return data({ error: "Failed to downgrade subscription." }, 400);
  }
  try {
    await context.services.billing.plans.downgrade(user.id, values.pid);
  } catch (e) {
    const { code, message } = billingMessage(e, "Failed to downgrade subscription.");
    const shown =
      code === "PRODUCT_CHANGE_NOT_ALLOWED"
        ? "This plan change is not allowed due to currency or billing cycle restrictions."
        : message;
    return data({ error: shown }, 400);
  }
  return redirect("/account");
}

/** Spec 3 s2: the downgrade dialog notes that the credits are reduced, from the end of the period. */
function downgradeText(
  target: { name: string; credits: number },
  current: { credits: number; expiresAt: string } | null,
  cycle: string,
): string {
  const amount = (n: number) => (n === -1 ? "unlimited" : n.toLocaleString("en-US"));
  const when = current ? ` (${formatDate(current.expiresAt)})` : "";
  const from =
    current && current.credits !== target.credits
      ? ` from ${amount(current.credits)} to ${amount(target.credits)}`
      : "";
  return (
    `Switch to ${target.name} at the end of your current billing period${when}. ` +
    `Your ${cycle === "yearly" ? "yearly" : "monthly"} credits will be reduced${from}. ` +
    "Until then you keep your current plan."
  );
}

function cycleHref(cycle: string): string {
  return `/subscription/change?cycle=${cycle}`;
}

export default function ChangePlan() {
  const { blocked, error, cycle, showToggle, currentPid, plans, current } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const downgrade = useUrlFlag("downgrade");
  const target = plans.find((p) => p.pid === downgrade.value && p.action === "downgrade") ?? null;
  const per = cycle === "yearly" ? "year" : "month";
  return (
    <main className="page billing change-plan">
      <div className="page-header">
        <h1>Change plan</h1>
      </div>
      {blocked ? (
        <div className="notice cancel-notice" role="alert">
          <p>{blocked}</p>
          <Link to="/account" className="button primary">
            Go to Account
          </Link>
        </div>
      ) : null}
      <FormError>{error}</FormError>
      {current?.action ? (
        <p className="notice" role="status">
          {`Your plan changes to ${current.action.targetProductName} on ${formatDate(current.expiresAt)}.`}
        </p>
      ) : null}
      {showToggle ? (
        <div className="plan-controls">
          <nav className="cycle-toggle" aria-label="Billing cycle">
            <Link
              to={cycleHref("monthly")}
              className={cycle === "monthly" ? "cycle active" : "cycle"}
              aria-current={cycle === "monthly" ? "page" : undefined}
              replace
            >
              Monthly
            </Link>
            <Link
              to={cycleHref("yearly")}
              className={cycle === "yearly" ? "cycle active" : "cycle"}
              aria-current={cycle === "yearly" ? "page" : undefined}
              replace
            >
              Annual <span className="save">Save 20%</span>
            </Link>
          </nav>
        </div>
      ) : null}
      <div className="plans">
        {plans.map((p) => (
          <div className="plan" key={p.pid} data-plan={p.slug}>
            <h2>{p.name}</h2>
            <p className="muted">{p.tagline}</p>
            <p className="plan-credits">{creditsText(p.credits, p.creditsDays)}</p>
            <div className="price">
              {formatMoney(p.price, p.currency)}
              <span className="per">{` / ${per}`}</span>
            </div>
            {p.pid === currentPid || p.action === "current" ? (
              <button type="button" className="button block" disabled>
                Current Plan
              </button>
            ) : p.action === "upgrade" ? (
              <Link
                to={`/payment?type=upgrade&id=${encodeURIComponent(p.pid)}`}
                className="button primary block"
              >
                Upgrade
              </Link>
            ) : (
              <Link to={downgrade.openHref(p.pid)} className="button block" preventScrollReset>
                Downgrade
              </Link>
            )}
          </div>
        ))}
      </div>
      <ConfirmDialog
        open={target !== null}
        title="Confirm Downgrade"
        description={target ? downgradeText(target, current, cycle) : undefined}
        cancelLabel="Cancel"
        confirmLabel="Confirm Downgrade"
        tone="primary"
        cancelHref={downgrade.closeHref}
        fields={{ intent: "downgrade", pid: target?.pid ?? "" }}
        error={actionData?.error ?? null}
      />
    </main>
  );
}
