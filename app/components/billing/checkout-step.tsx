import { Form, Link } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { ApiError, browserApi } from "../../utils/api-client";
import { formatMoney } from "../../utils/format";
import { PendingAccountLink } from "../ui/account-link";
import { SandboxCardFields, SandboxChallenge, TestModeNotice } from "./card-fields";
import { creditsText } from "./plan-price";
import { CardFormLoading, StripeElements, StripePaymentForm } from "./stripe-elements";

export interface CheckoutPlan {
  pid: string;
  name: string;
  credits: number;
  creditsDays: number;
  price: number;
  currency: string;
  billingCycle: string;
}

export interface CheckoutProps {
  plan: CheckoutPlan;
  provider: string;
  isTest: boolean;
  backHref: string;
  marketingUrl: string;
  error: string | null;
  /** The error is SUBSCRIPTION_PENDING: it ends with an Account link (spec 3 s8). */
  pending?: boolean;
  fields: Record<string, string>;
  /** The card as typed, sent back by the action after a refusal (no JavaScript: a new page keeps it). */
  typed?: Record<string, string>;
  /** A 3-D Secure test card answered requires_action: the sandbox's challenge replaces the card form. */
  challenge: { clientSecret: string; paymentId: string } | null;
  busy: boolean;
}

/** The checkout step of /subscribe (spec 3 s2): summary, card, terms, Pay. Plain POST forms. */
export function CheckoutStep(props: CheckoutProps) {
  const { plan, provider, isTest, backHref, error, pending = false, challenge, busy } = props;
  const billed = plan.billingCycle === "yearly" ? "yearly" : "monthly";
  return (
    <div className="checkout">
      <section className="checkout-summary card" aria-label="Order summary">
        <h2>{plan.name}</h2>
        <p>{creditsText(plan.credits, plan.creditsDays)}</p>
        <p className="checkout-price">
          <strong>{formatMoney(plan.price, plan.currency)}</strong>
          {` billed ${billed}`}
        </p>
        {isTest ? <TestModeNotice /> : null}
        <Link to={backHref} className="button link">
          Choose another plan
        </Link>
      </section>
      <section className="checkout-pay card" aria-label="Payment">
        {error ? (
          <div className="form-error" role="alert">
            {error}
            {pending ? <PendingAccountLink /> : null}
          </div>
        ) : null}
        {challenge ? (
          <SandboxChallenge
            hidden={{ pid: plan.pid, clientSecret: challenge.clientSecret, paymentId: challenge.paymentId }}
            busy={busy}
          />
        ) : provider === "sandbox" ? (
          <CardForm {...props} />
        ) : (
          <StripeCheckout plan={plan} marketingUrl={props.marketingUrl} />
        )}
      </section>
    </div>
  );
}

function CardForm({ plan, fields, typed = {}, marketingUrl, busy }: CheckoutProps) {
  return (
    <Form method="post" className="card-form">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="pid" value={plan.pid} />
      <SandboxCardFields fields={fields} typed={typed} />
      <TermsCheck marketingUrl={marketingUrl} checked={typed.terms === "on"} />
      {fields.terms ? <p className="error field">{fields.terms}</p> : null}
      <button type="submit" className="button primary block" disabled={busy}>
        {`Pay ${formatMoney(plan.price, plan.currency)}`}
      </button>
      <p className="muted center">No obligation and cancel anytime.</p>
    </Form>
  );
}

/** Spec 3 s2: the required terms and privacy checkbox of the checkout step. */
function TermsCheck({ marketingUrl, checked = false }: { marketingUrl: string; checked?: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name="terms" required defaultChecked={checked} />
      <span>
        I agree to the{" "}
        <a href={`${marketingUrl}/terms`} target="_blank" rel="noreferrer">
          Terms of Service
        </a>{" "}
        and{" "}
        <a href={`${marketingUrl}/privacy`} target="_blank" rel="noreferrer">
          Privacy Policy
        </a>
      </span>
    </label>
  );
}

interface CheckoutIntent {
  clientSecret: string;
  publicKey: string;
}

/** subscribe/checkout/initiate's answer, checked (never cast). */
function checkoutIntent(d: unknown): CheckoutIntent {
  if (typeof d === "object" && d !== null && "clientSecret" in d && "publicKey" in d) {
    const { clientSecret, publicKey } = d;
    if (typeof clientSecret === "string" && typeof publicKey === "string") return { clientSecret, publicKey };
  }
  throw new ApiError("BAD_RESPONSE", "Unexpected response from server.", "unexpected checkout answer");
}

/** Server messages the checkout shows as they are; anything else is the spec's initiate failure. */
const OWN = new Set(["SUBSCRIPTION_EXISTS", "SUBSCRIPTION_PENDING", "PRODUCT_NOT_FOUND"]);

/**
 * The stripe provider's checkout (spec 3 s2, s4 'Payment flow'): subscribe/checkout/initiate for the client
 * secret, Stripe's Payment Element confirms the card (3-D Secure in Stripe's dialog), then /checkout/complete
 * settles the intent, the page Stripe itself returns to after a redirect-based method.
 */
function StripeCheckout({ plan, marketingUrl }: { plan: CheckoutPlan; marketingUrl: string }) {
  const [intent, setIntent] = useState<CheckoutIntent | null>(null);
  const [error, setError] = useState<{ text: string; pending: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    browserApi()("/api/subscribe/checkout/initiate", { pid: plan.pid }, checkoutIntent)
      .then((answer) => {
        if (live) setIntent(answer);
      })
      .catch((e: unknown) => {
        if (!live) return;
        const own = e instanceof ApiError && (OWN.has(e.errorCode) || e.errorCode === "BAD_RESPONSE");
        setError({
          text: own ? e.userMessage : "Failed to initiate subscription.",
          pending: e instanceof ApiError && e.errorCode === "SUBSCRIPTION_PENDING",
        });
      });
    return () => {
      live = false;
    };
  }, [plan.pid]);
  const complete = useCallback((paymentIntentId: string) => {
    const q = new URLSearchParams({ payment_intent: paymentIntentId, redirect_status: "succeeded" });
    window.location.assign(`/checkout/complete?${q.toString()}`);
  }, []);
  if (error) {
    return (
      <div className="form-error" role="alert">
        {error.text}
        {error.pending ? <PendingAccountLink /> : null}
      </div>
    );
  }
  if (!intent) return <CardFormLoading />;
  return (
    <StripeElements publicKey={intent.publicKey} clientSecret={intent.clientSecret}>
      <StripePaymentForm
        label={`Pay ${formatMoney(plan.price, plan.currency)}`}
        returnUrl="/checkout/complete"
        busy={false}
        onConfirmed={complete}
      >
        <TermsCheck marketingUrl={marketingUrl} />
      </StripePaymentForm>
      <p className="muted center">No obligation and cancel anytime.</p>
    </StripeElements>
  );
}
