import { Form, Link } from "@remix-run/react";
import { formatMoney } from "../../utils/format";
import { creditsText } from "./plan-price";

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
  fields: Record<string, string>;
  /** A 3-D Secure test card answered requires_action: the sandbox's challenge replaces the card form. */
  challenge: { clientSecret: string; paymentId: string } | null;
  busy: boolean;
}

/** The checkout step of /subscribe (spec 3 s2): summary, card, terms, Pay. Plain POST forms. */
export function CheckoutStep(props: CheckoutProps) {
  const { plan, provider, isTest, backHref, error, challenge, busy } = props;
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
        {isTest ? (
          <p className="test-notice" role="note">
            Test mode: no real payment is taken. Use a test card such as 4242 4242 4242 4242.
          </p>
        ) : null}
        <Link to={backHref} className="button link">
          Choose another plan
        </Link>
      </section>
      <section className="checkout-pay card" aria-label="Payment">
        {error ? (
          <div className="form-error" role="alert">
            {error}
          </div>
        ) : null}
        {challenge ? (
          <Challenge plan={plan} challenge={challenge} busy={busy} />
        ) : provider === "sandbox" ? (
          <CardForm {...props} />
        ) : (
          // TODO(stripe): mount Stripe's Payment Element with the publishable key when the stripe provider
          // is configured; until then the screen says so instead of showing a form that cannot pay.
          <p className="form-error" role="alert">
            Card payments with Stripe are not available on this screen yet. Please contact support.
          </p>
        )}
      </section>
    </div>
  );
}

function CardForm({ plan, fields, marketingUrl, busy }: CheckoutProps) {
  return (
    <Form method="post" className="card-form">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="pid" value={plan.pid} />
      <label>
        Card number
        <input
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          required
          aria-invalid={fields.number ? true : undefined}
        />
      </label>
      {fields.number ? <p className="error field">{fields.number}</p> : null}
      <div className="card-row">
        <label>
          Expiry (MM/YY)
          <input name="expiry" autoComplete="cc-exp" placeholder="12/34" required />
        </label>
        <label>
          CVC
          <input name="cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required />
        </label>
      </div>
      {fields.expiry ? <p className="error field">{fields.expiry}</p> : null}
      {fields.cvc ? <p className="error field">{fields.cvc}</p> : null}
      <label>
        Name on card
        <input name="name" autoComplete="cc-name" />
      </label>
      <label className="check">
        <input type="checkbox" name="terms" required />
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
      {fields.terms ? <p className="error field">{fields.terms}</p> : null}
      <button type="submit" className="button primary block" disabled={busy}>
        {`Pay ${formatMoney(plan.price, plan.currency)}`}
      </button>
      <p className="muted center">No obligation and cancel anytime.</p>
    </Form>
  );
}

function Challenge({
  plan,
  challenge,
  busy,
}: {
  plan: CheckoutPlan;
  challenge: { clientSecret: string; paymentId: string };
  busy: boolean;
}) {
  const hidden = (
    <>
      <input type="hidden" name="intent" value="authenticate" />
      <input type="hidden" name="pid" value={plan.pid} />
      <input type="hidden" name="clientSecret" value={challenge.clientSecret} />
      <input type="hidden" name="paymentId" value={challenge.paymentId} />
    </>
  );
  return (
    <div className="challenge">
      <h2>3-D Secure test challenge</h2>
      <p className="muted">
        Your bank asks you to confirm this payment. Choose how the test authentication ends.
      </p>
      <div className="challenge-actions">
        <Form method="post">
          {hidden}
          <input type="hidden" name="outcome" value="complete" />
          <button type="submit" className="button primary" disabled={busy}>
            Complete
          </button>
        </Form>
        <Form method="post">
          {hidden}
          <input type="hidden" name="outcome" value="fail" />
          <button type="submit" className="button danger" disabled={busy}>
            Fail
          </button>
        </Form>
      </div>
    </div>
  );
}
