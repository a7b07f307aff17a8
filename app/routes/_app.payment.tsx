import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useSubmit,
} from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { SandboxCardFields, SandboxChallenge } from "../components/billing/card-fields";
import { OrderSummary } from "../components/billing/order-summary";
import {
  cardErrorFields,
  initiateFailure,
  payFailure,
  paymentTypeOf,
  readSandboxCard,
  SandboxCardError,
  typedCard,
} from "../components/billing/payment.server";
import {
  NEEDS_JAVASCRIPT,
  NO_PRODUCT,
  PAYMENT_DONE,
  PAYMENT_NOT_PROCESSED,
  PAYMENT_PROCESSING,
  PAYMENT_REDIRECT_S,
  PAYMENT_TITLES,
  type PaymentType,
  PRODUCT_NOT_FOUND,
} from "../components/billing/payment-text";
import { cardLabel, type SavedCard } from "../components/billing/saved-card";
import { StripeElements, StripeNextAction, StripePaymentForm } from "../components/billing/stripe-elements";
import { PendingAccountLink } from "../components/ui/account-link";
import { FormError } from "../components/ui/fields";
import billingCss from "../styles/billing.css?url";
import { requireUser } from "../utils/auth.server";
import { readForm } from "../utils/form.server";
import { formatMoney } from "../utils/format";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => {
  const title = d ? PAYMENT_TITLES[d.type] : "Payment";
  const tags: { title?: string; httpEquiv?: string; content?: string }[] = [
    { title: `${title} · StratForge` },
  ];
  // Spec 3 s9: 3 s after a payment; the refresh does it without JavaScript.
  if (d?.view === "paid")
    tags.push({ httpEquiv: "refresh", content: `${PAYMENT_REDIRECT_S};url=${d.doneTo}` });
  return tags;
};
export const links = () => [{ rel: "stylesheet", href: billingCss }];

type Services = AppLoadContext["services"];

/** The page's own URL for a purchase; `paid` marks the success state after a POST (redirect, then GET). */
function paymentHref(type: PaymentType, id: string, extra: Record<string, string> = {}): string {
  return `/payment?${new URLSearchParams({ type, id, ...extra }).toString()}`;
}

interface Target {
  type: PaymentType;
  id: string;
}

/** type and id from the query (spec 3 s2 /payment?type=&id=); type defaults to addon (spec 3 s5). */
function targetOf(url: URL): { target: Target | null; error: string | null; status: number } {
  const id = (url.searchParams.get("id") ?? "").trim();
  const type = paymentTypeOf(url.searchParams.get("type"));
  if (!id) return { target: null, error: NO_PRODUCT, status: 400 };
  if (!type || id.length > 200) return { target: null, error: PRODUCT_NOT_FOUND, status: 404 };
  return { target: { type, id }, error: null, status: 200 };
}

/**
 * payment/initiate behind the page (spec 3 s7): the order summary, the saved cards and, for the stripe
 * provider, the public key and client secret of the intent that Stripe Elements confirms.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const { target, error, status } = targetOf(url);
  const type = paymentTypeOf(url.searchParams.get("type")) ?? "addon";
  if (!target) return data({ view: "error" as const, type, error: error ?? NO_PRODUCT, code: null }, status);
  const { billing } = context.services;

  const paid = url.searchParams.get("paid");
  if (paid) {
    const invoice = await billing.invoices.get(user.id, paid).catch(() => null);
    if (invoice?.status === "paid") {
      const done = PAYMENT_DONE[target.type];
      return { view: "paid" as const, type: target.type, doneTo: done.to, message: done.message };
    }
  }

  // The return from a redirect-based method of Stripe's Payment Element (cards never leave the page).
  let returned: string | null = null;
  const intentId = url.searchParams.get("payment_intent");
  if (intentId) {
    try {
      const outcome = await billing.payments.confirm(user.id, target.type, target.id, {
        paymentIntentId: intentId,
      });
      if (outcome.status === "succeeded") {
        throw redirect(paymentHref(target.type, target.id, { paid: outcome.invoiceId }));
      }
      returned = outcome.status === "processing" ? PAYMENT_PROCESSING : PAYMENT_NOT_PROCESSED;
    } catch (e) {
      if (e instanceof Response) throw e;
      returned = payFailure(e).message;
    }
  }

  try {
    const init = await billing.payments.initiate(user.id, target.type, target.id);
    // Paid at the provider already (the page reloaded before our confirm ran): settle it, never charge twice.
    if (init.paymentStatus === "succeeded" && init.paymentIntentId) {
      const outcome = await billing.payments.confirm(user.id, target.type, target.id, {
        paymentIntentId: init.paymentIntentId,
      });
      if (outcome.status === "succeeded") {
        throw redirect(paymentHref(target.type, target.id, { paid: outcome.invoiceId }));
      }
    }
    const stripe =
      init.provider === "stripe" && init.stripePublicKey && init.clientSecret
        ? { publicKey: init.stripePublicKey, clientSecret: init.clientSecret }
        : null;
    return {
      view: "pay" as const,
      type: target.type,
      id: target.id,
      product: init.product,
      methods: init.paymentMethods satisfies SavedCard[],
      provider: init.provider,
      isTest: init.isTest,
      stripe,
      returned,
      processing: init.paymentStatus === "processing",
      // The attempt this page shows: a saved-card payment posts it back, so the form sent twice pays once.
      attempt: init.paymentIntentId,
    };
  } catch (e) {
    if (e instanceof Response) throw e;
    const f = initiateFailure(e);
    return data({ view: "error" as const, type: target.type, error: f.message, code: f.code }, f.status);
  }
}

interface Answer {
  error: string | null;
  notice: string | null;
  fields: Record<string, string>;
  /** The new card as typed (no security code), shown again after a refusal. */
  typed: Record<string, string>;
  /** Sandbox 3-D Secure: the challenge replaces the form. */
  challenge: { clientSecret: string; paymentIntentId: string } | null;
  /** Stripe 3-D Secure on a saved card: Stripe.js finishes it in the browser. */
  nextAction: { clientSecret: string } | null;
}

function answer(partial: Partial<Answer>, status = 400) {
  const body: Answer = {
    error: null,
    notice: null,
    fields: {},
    typed: {},
    challenge: null,
    nextAction: null,
    ...partial,
  };
  return data(body, status);
}

/**
 * Pay with a saved card, a new sandbox card (the card form in one POST, doing on the server what Stripe.js
 * does in the browser), the sandbox's 3-D Secure answer, or settle an intent the browser confirmed with
 * Stripe.js. All of them end in payment/confirm (spec 3 s7) and, on success, a redirect to the success state.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const { target, error, status } = targetOf(new URL(request.url));
  if (!target) return answer({ error }, status);
  const values = await readForm(request);
  const s = context.services;
  if (values.intent === "pay") return pay(s, user.id, target, values);
  if (values.intent === "authenticate") return authenticate(s, user.id, target, values);
  if (values.intent === "confirm" && values.paymentIntentId) {
    const paymentIntentId = values.paymentIntentId;
    return settle(s, target, () =>
      s.billing.payments.confirm(user.id, target.type, target.id, { paymentIntentId }),
    );
  }
  return answer({ error: PAYMENT_NOT_PROCESSED });
}

type Outcome = Awaited<ReturnType<Services["billing"]["payments"]["confirm"]>>;

async function settle(s: Services, target: Target, run: () => Promise<Outcome>) {
  try {
    const outcome = await run();
    if (outcome.status === "succeeded") {
      return redirect(paymentHref(target.type, target.id, { paid: outcome.invoiceId }));
    }
    if (outcome.status === "requires_action") {
      if (s.billing.sandbox) {
        return answer(
          {
            challenge: { clientSecret: outcome.clientSecret, paymentIntentId: outcome.paymentIntentId },
          },
          200,
        );
      }
      return answer({ nextAction: { clientSecret: outcome.clientSecret } }, 200);
    }
    return answer({ notice: PAYMENT_PROCESSING }, 202);
  } catch (e) {
    const f = payFailure(e);
    return answer({ error: f.message }, f.status);
  }
}

async function pay(s: Services, userId: string, target: Target, values: Record<string, string>) {
  const { billing } = s;
  const choice = values.paymentMethodId || "new";
  if (choice !== "new") {
    const attempt = values.attempt ?? "";
    return settle(s, target, () =>
      billing.payments.confirm(
        userId,
        target.type,
        target.id,
        attempt && choice !== "none"
          ? { paymentIntentId: attempt, paymentMethodId: choice }
          : { paymentMethodId: choice },
      ),
    );
  }
  const sandbox = billing.sandbox;
  if (!sandbox) return answer({ error: NEEDS_JAVASCRIPT });
  const typed = typedCard(values);
  const card = readSandboxCard(values);
  if (!card.ok) return answer({ fields: card.fields, typed });

  let started: Awaited<ReturnType<typeof billing.payments.initiate>>;
  try {
    started = await billing.payments.initiate(userId, target.type, target.id);
  } catch (e) {
    const f = initiateFailure(e);
    return answer({ error: f.message, typed }, f.status);
  }
  const { clientSecret, paymentIntentId } = started;
  if (!clientSecret || !paymentIntentId) {
    // Nothing to charge (an upgrade worth 0 today): the server fulfils it without a card.
    return settle(s, target, () =>
      billing.payments.confirm(userId, target.type, target.id, { paymentMethodId: "none" }),
    );
  }
  try {
    const method = await sandbox.createCard(card.card, s.now());
    const intent = await sandbox.confirmPayment(clientSecret, method.id);
    if (!intent) return answer({ error: PAYMENT_NOT_PROCESSED, typed });
    if (intent.status === "requires_action") {
      return answer({ challenge: { clientSecret, paymentIntentId: intent.id } }, 200);
    }
  } catch (e) {
    const f = payFailure(e);
    // Shown once: next to the number or expiry it is about, else above the form.
    const fields = e instanceof SandboxCardError ? cardErrorFields(e) : {};
    const shownAbove = Object.keys(fields).length === 0;
    return answer({ error: shownAbove ? f.message : null, fields, typed }, f.status);
  }
  // A decline is settled too: the invoice is marked failed and the card's own message comes back.
  return settle(s, target, () =>
    billing.payments.confirm(userId, target.type, target.id, { paymentIntentId }),
  );
}

/** The sandbox challenge's Complete or Fail, for an intent of this user only. */
async function authenticate(s: Services, userId: string, target: Target, values: Record<string, string>) {
  const sandbox = s.billing.sandbox;
  const clientSecret = values.clientSecret ?? "";
  const outcome = values.outcome === "complete" ? "complete" : "fail";
  if (!sandbox) return answer({ error: PAYMENT_NOT_PROCESSED });
  try {
    const intent = await sandbox.intentBySecret(clientSecret);
    const customerId = await s.billing.customers.find(userId);
    if (!intent || intent.id !== values.paymentIntentId || intent.customerId !== customerId) {
      return answer({ error: PAYMENT_NOT_PROCESSED }, 404);
    }
    await sandbox.authenticate(clientSecret, outcome);
    const paymentIntentId = intent.id;
    return settle(s, target, () =>
      s.billing.payments.confirm(userId, target.type, target.id, { paymentIntentId }),
    );
  } catch (e) {
    const f = payFailure(e);
    return answer({ error: f.message }, f.status);
  }
}

export default function Payment() {
  const d = useLoaderData<typeof loader>();
  const title = PAYMENT_TITLES[d.type];
  if (d.view === "paid") return <Paid title={title} to={d.doneTo} message={d.message} />;
  if (d.view === "error") {
    return (
      <main className="page billing">
        <div className="page-header">
          <h1>{title}</h1>
        </div>
        <div className="form-error" role="alert">
          {d.error}
          {d.code === "SUBSCRIPTION_PENDING" ? <PendingAccountLink /> : null}
        </div>
        <p>
          <Link
            to={
              d.type === "invoice"
                ? "/account/invoices"
                : d.type === "upgrade"
                  ? "/subscription/change"
                  : "/addons"
            }
          >
            Back
          </Link>
        </p>
      </main>
    );
  }
  return <PayView />;
}

function Paid({ title, to, message }: { title: string; to: string; message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), PAYMENT_REDIRECT_S * 1000);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <main className="page billing">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <div className="card success-card" role="status">
        <h2>Payment successful</h2>
        <p>{`${message} You will be redirected in ${PAYMENT_REDIRECT_S} seconds.`}</p>
        <Link to={to} className="button primary">
          Continue
        </Link>
      </div>
    </main>
  );
}

function PayView() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state !== "idle";
  const methods = d.view === "pay" ? d.methods : [];
  const preferred = methods.find((m) => m.is_default) ?? methods[0];
  // After a refused new card the page comes back with 'Use a new card' still chosen (a new page without
  // JavaScript would otherwise show the saved card again and hide the message).
  const [choice, setChoice] = useState(a?.typed.number !== undefined ? "new" : (preferred?.id ?? "new"));
  const confirmIntent = useCallback(
    (paymentIntentId: string) => submit({ intent: "confirm", paymentIntentId }, { method: "post" }),
    [submit],
  );
  if (d.view !== "pay") return null;
  const { product, stripe, provider } = d;
  const payLabel = `Pay ${formatMoney(product.price, product.currency)}`;
  const error = a?.error ?? d.returned;
  const stripeNew = provider === "stripe" && choice === "new";
  return (
    <main className="page billing">
      <div className="page-header">
        <h1>{PAYMENT_TITLES[d.type]}</h1>
      </div>
      <div className="checkout">
        <OrderSummary product={product} isTest={d.isTest} />
        <section className="checkout-pay card" aria-label="Payment">
          <FormError>{error}</FormError>
          {a?.notice && !d.processing ? (
            <p className="notice" role="status">
              {a.notice}
            </p>
          ) : null}
          {d.processing ? (
            <div className="notice" role="status">
              <p>{PAYMENT_PROCESSING}</p>
              <Link to={PAYMENT_DONE[d.type].to}>Back to your account</Link>
            </div>
          ) : a?.challenge ? (
            <SandboxChallenge
              hidden={{
                clientSecret: a.challenge.clientSecret,
                paymentIntentId: a.challenge.paymentIntentId,
              }}
              busy={busy}
            />
          ) : a?.nextAction && stripe ? (
            <StripeNextAction
              publicKey={stripe.publicKey}
              clientSecret={a.nextAction.clientSecret}
              onDone={confirmIntent}
            />
          ) : (
            <>
              <Form method="post" className="card-form pay-form">
                <input type="hidden" name="intent" value="pay" />
                {d.attempt ? <input type="hidden" name="attempt" value={d.attempt} /> : null}
                {product.price === 0 ? (
                  <input type="hidden" name="paymentMethodId" value="none" />
                ) : methods.length > 0 ? (
                  <label>
                    Payment method
                    <select
                      name="paymentMethodId"
                      value={choice}
                      onChange={(e) => setChoice(e.currentTarget.value)}
                    >
                      {methods.map((m) => (
                        <option key={m.id} value={m.id}>
                          {cardLabel(m)}
                        </option>
                      ))}
                      <option value="new">Use a new card</option>
                    </select>
                  </label>
                ) : (
                  <input type="hidden" name="paymentMethodId" value="new" />
                )}
                {provider === "sandbox" && product.price > 0 ? (
                  // Shown only while 'Use a new card' is chosen (CSS :has, so it works without JavaScript).
                  <fieldset className="new-card">
                    <legend>New card</legend>
                    <SandboxCardFields fields={a?.fields ?? {}} typed={a?.typed ?? {}} required={false} />
                  </fieldset>
                ) : null}
                {stripeNew ? null : (
                  <button type="submit" className="button primary block" disabled={busy}>
                    {payLabel}
                  </button>
                )}
              </Form>
              {stripeNew && stripe ? (
                <StripeElements publicKey={stripe.publicKey} clientSecret={stripe.clientSecret}>
                  <StripePaymentForm
                    label={payLabel}
                    returnUrl={paymentHref(d.type, d.id)}
                    busy={busy}
                    onConfirmed={confirmIntent}
                  />
                </StripeElements>
              ) : null}
            </>
          )}
        </section>
      </div>
    </main>
  );
}
