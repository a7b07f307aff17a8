import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeElements as StripeElementsApi, StripeError } from "@stripe/stripe-js";
// The pure entry loads nothing until loadStripe is called (docs/toolchain.md "Stripe offline"): js.stripe.com is
// reached only on a screen that mounts a card form while the stripe provider is configured.
import { loadStripe } from "@stripe/stripe-js/pure";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { FormError } from "../ui/fields";
import { PAYMENT_NOT_PROCESSED, PAYMENT_NOT_SUCCEEDED } from "./payment-text";

const loaded = new Map<string, Promise<Stripe | null>>();

function stripeFor(publicKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publicKey);
  if (!promise) {
    promise = loadStripe(publicKey);
    loaded.set(publicKey, promise);
  }
  return promise;
}

/** Spec 3 s5: card and validation errors show their own message; any other the step's fallback. */
export function stripeErrorMessage(error: StripeError | undefined, fallback: string): string {
  if (error && (error.type === "card_error" || error.type === "validation_error") && error.message) {
    return error.message;
  }
  return fallback;
}

/** What stands where the card form will be until Stripe.js has loaded (and without JavaScript). */
export function CardFormLoading() {
  return (
    <p className="muted" role="status">
      <noscript>The secure card form needs JavaScript. </noscript>
      Loading the secure card form...
    </p>
  );
}

/**
 * Stripe Elements for one intent's client secret (a PaymentIntent or a SetupIntent). Stripe.js is loaded
 * after hydration only, so the server (and a browser without JavaScript) renders the notice instead.
 */
export function StripeElements({
  publicKey,
  clientSecret,
  children,
}: {
  publicKey: string;
  clientSecret: string;
  children: ReactNode;
}) {
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  useEffect(() => {
    if (publicKey) setStripe(stripeFor(publicKey));
  }, [publicKey]);
  if (!stripe) return <CardFormLoading />;
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      {children}
    </Elements>
  );
}

/**
 * A Payment Element form's submit: blocks a second submit while Stripe.js confirms and shows the error
 * `confirm` returns (null: it handed the intent over and the page moves on).
 */
function useConfirm(confirm: (stripe: Stripe, elements: StripeElementsApi) => Promise<string | null>) {
  const stripe = useStripe();
  const elements = useElements();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setWorking(true);
    setError(null);
    const failure = await confirm(stripe, elements);
    if (failure) {
      setError(failure);
      setWorking(false);
    }
  }
  return { ready: stripe !== null, working, error, submit };
}

/** Where a redirect-based method comes back (card payments never leave the page). */
const returnTo = (returnUrl: string) => ({ return_url: new URL(returnUrl, window.location.href).toString() });

/**
 * The Payment Element and its Pay button: Stripe.js confirms the PaymentIntent (3-D Secure in its own
 * dialog), then `onConfirmed` hands the intent id to our server, which settles it (payment/confirm).
 */
export function StripePaymentForm({
  label,
  returnUrl,
  busy,
  onConfirmed,
  children,
}: {
  label: string;
  /** Where a redirect-based method comes back; card payments never leave the page. */
  returnUrl: string;
  busy: boolean;
  onConfirmed: (paymentIntentId: string) => void;
  /** Extra fields before the button, e.g. the checkout's required terms checkbox. */
  children?: ReactNode;
}) {
  const s = useConfirm(async (stripe, elements) => {
    const result = await stripe.confirmPayment({
      elements,
      redirect: "if_required",
      confirmParams: returnTo(returnUrl),
    });
    if (result.error) return stripeErrorMessage(result.error, PAYMENT_NOT_PROCESSED);
    const status = result.paymentIntent.status;
    if (status !== "succeeded" && status !== "processing") return PAYMENT_NOT_SUCCEEDED;
    onConfirmed(result.paymentIntent.id);
    return null;
  });
  return (
    <form className="card-form stripe-form" onSubmit={s.submit}>
      <FormError>{s.error}</FormError>
      <PaymentElement />
      {children}
      <button type="submit" className="button primary block" disabled={!s.ready || s.working || busy}>
        {label}
      </button>
    </form>
  );
}

/** The Payment Element for a SetupIntent: saves a card without a charge; `onSaved` gets the payment method. */
export function StripeSetupForm({
  label,
  returnUrl,
  busy,
  failure,
  onSaved,
}: {
  label: string;
  returnUrl: string;
  busy: boolean;
  /** Spec 3 s8 'Payment failed. Please try again.' for anything but a card's own message. */
  failure: string;
  onSaved: (paymentMethodId: string) => void;
}) {
  const s = useConfirm(async (stripe, elements) => {
    const result = await stripe.confirmSetup({
      elements,
      redirect: "if_required",
      confirmParams: returnTo(returnUrl),
    });
    if (result.error) return stripeErrorMessage(result.error, failure);
    const method = result.setupIntent.payment_method;
    const id = typeof method === "string" ? method : (method?.id ?? null);
    if (result.setupIntent.status !== "succeeded" || !id) return failure;
    onSaved(id);
    return null;
  });
  return (
    <form className="card-form stripe-form" onSubmit={s.submit}>
      <FormError>{s.error}</FormError>
      <PaymentElement />
      <button type="submit" className="button primary block" disabled={!s.ready || s.working || busy}>
        {label}
      </button>
    </form>
  );
}

/**
 * A saved card that needs 3-D Secure (the server answered requires_action): Stripe.js shows the bank's
 * challenge, then `onDone` hands the intent back to the server to settle.
 */
export function StripeNextAction({
  publicKey,
  clientSecret,
  onDone,
}: {
  publicKey: string;
  clientSecret: string;
  onDone: (paymentIntentId: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const stripe = await stripeFor(publicKey);
      if (!stripe) {
        if (live) setError(PAYMENT_NOT_PROCESSED);
        return;
      }
      const result = await stripe.handleNextAction({ clientSecret });
      if (!live) return;
      if (result.error) setError(stripeErrorMessage(result.error, PAYMENT_NOT_PROCESSED));
      else if (result.paymentIntent) onDone(result.paymentIntent.id);
      else setError(PAYMENT_NOT_SUCCEEDED);
    })();
    return () => {
      live = false;
    };
  }, [publicKey, clientSecret, onDone]);
  return error ? (
    <div className="form-error" role="alert">
      {error}
    </div>
  ) : (
    <p className="muted" role="status">
      Waiting for your bank to confirm the payment...
    </p>
  );
}
