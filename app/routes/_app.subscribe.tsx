import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { billingMessage, SandboxCardError } from "../components/billing/billing.server";
import { CheckoutStep } from "../components/billing/checkout-step";
import { cardErrorFields, readSandboxCard, typedCard } from "../components/billing/payment.server";
import { PlanCard } from "../components/billing/plan-card";
import { CURRENCIES, currencyOf, cycleOf } from "../components/billing/plan-price";
import { PendingAccountLink } from "../components/ui/account-link";
import { useRootData } from "../root";
import billingCss from "../styles/billing.css?url";
import { requireUser } from "../utils/auth.server";
import { readForm } from "../utils/form.server";

export const meta: MetaFunction = () => [{ title: "Choose your plan · StratForge" }];
export const links = () => [{ rel: "stylesheet", href: billingCss }];

/** Plan picker and checkout step (spec 3 s2): everything is in the URL (currency, cycle, pid) or a POST. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const currency = currencyOf(url.searchParams.get("currency"));
  const cycle = cycleOf(url.searchParams.get("cycle"));
  const { billing } = context.services;
  const base = { currency, cycle, provider: billing.provider.name, isTest: billing.provider.isTest };
  let all: Awaited<ReturnType<typeof billing.plans.list>>;
  try {
    all = await billing.plans.list(user.id);
  } catch (e) {
    return { ...base, error: billingMessage(e, "Failed to load plans.").message, plans: [], checkout: null };
  }
  // Plans without a charge exist monthly only, so they show under both cycles. The partner plan is offered
  // through the partner's own sign-up page (/sign/up/switch-markets), not in the public picker.
  const plans = all.filter(
    (p) =>
      p.currency === currency &&
      p.slug !== "sponsor-sm" &&
      (p.priceMinor === 0 ? true : p.billingCycle === cycle),
  );
  const pid = url.searchParams.get("pid");
  const checkout = pid ? (all.find((p) => p.pid === pid && p.priceMinor > 0) ?? null) : null;
  return { ...base, error: null, plans, checkout };
}

interface Answer {
  error: string | null;
  /** SUBSCRIPTION_PENDING: the error shows with an Account link (spec 3 s8). */
  pending: boolean;
  fields: Record<string, string>;
  /** The card as typed (no security code), shown again after a refusal. */
  typed: Record<string, string>;
  challenge: { clientSecret: string; paymentId: string } | null;
}

function answer(partial: Partial<Answer>, status = 400) {
  const body: Answer = { error: null, pending: false, fields: {}, typed: {}, challenge: null, ...partial };
  return data(body, status);
}

/** A thrown service error as the spec's text, or `fallback`; a pending subscription keeps its link. */
function failure(e: unknown, fallback: string, status = 400, typed: Record<string, string> = {}) {
  const { code, message } = billingMessage(e, fallback);
  return answer({ error: message, pending: code === "SUBSCRIPTION_PENDING", typed }, status);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const values = await readForm(request);
  // The foundation's form (and its tests) posted plan=free; it still means the Free plan in USD.
  const intent = values.intent ?? (values.plan ? "start" : "");
  if (intent === "start") return start(context, user, values);
  if (intent === "pay") return pay(context, user.id, values);
  if (intent === "authenticate") return authenticate(context, user.id, values);
  return answer({ error: "Failed to initiate subscription." });
}

async function start(
  context: AppLoadContext,
  user: { id: string; email: string },
  values: Record<string, string>,
) {
  const s = context.services;
  const pid =
    values.pid ||
    (values.plan === "free" ? ((await s.billing.products.planPid("free", "USD", "monthly"))?.pid ?? "") : "");
  try {
    const result = await s.billing.payments.subscribeInitiate(user.id, pid, (product) =>
      s.subscriptions.startZeroPriced(user, product),
    );
    if (result.status === "success") return redirect("/");
    return redirect(`/subscribe?pid=${encodeURIComponent(pid)}`);
  } catch (e) {
    return failure(e, "Failed to initiate subscription.");
  }
}

/**
 * The sandbox checkout in one POST, doing on the server what Stripe.js does in the browser: the card becomes
 * a payment method, the checkout's intent is confirmed with it, and the ledger settles it.
 */
async function pay(context: AppLoadContext, userId: string, values: Record<string, string>) {
  const { billing, now } = context.services;
  const typed = { ...typedCard(values), terms: values.terms ? "on" : "" };
  const read = readSandboxCard(values);
  const fields = read.ok ? {} : { ...read.fields };
  if (!values.terms) fields.terms = "Please accept the Terms of Service and Privacy Policy.";
  if (!read.ok || Object.keys(fields).length > 0) return answer({ fields, typed });
  const sandbox = billing.sandbox;
  if (!sandbox) return answer({ error: "Failed to initiate subscription.", typed });

  let started: Awaited<ReturnType<typeof billing.payments.checkoutInitiate>>;
  try {
    started = await billing.payments.checkoutInitiate(userId, values.pid ?? "");
  } catch (e) {
    return failure(e, "Failed to initiate subscription.", 400, typed);
  }
  try {
    const method = await sandbox.createCard(read.card, now());
    const intent = await sandbox.confirmPayment(started.clientSecret, method.id);
    if (!intent) return answer({ error: "Failed to complete subscription.", typed });
    if (intent.status === "requires_action") {
      return answer({ challenge: { clientSecret: started.clientSecret, paymentId: started.paymentId } }, 200);
    }
  } catch (e) {
    if (e instanceof SandboxCardError) {
      // Shown once: next to the number or expiry it is about, else (a decline) above the form.
      const fields = cardErrorFields(e);
      const shownAbove = Object.keys(fields).length === 0;
      return answer({ error: shownAbove ? e.message : null, fields, typed });
    }
    return failure(e, "Failed to complete subscription.", 400, typed);
  }
  return finish(context, userId, started.paymentId, typed);
}

/** The 3-D Secure challenge's Complete or Fail, for an intent of this user only. */
async function authenticate(context: AppLoadContext, userId: string, values: Record<string, string>) {
  const { billing } = context.services;
  const sandbox = billing.sandbox;
  const clientSecret = values.clientSecret ?? "";
  const paymentId = values.paymentId ?? "";
  const outcome = values.outcome === "complete" ? "complete" : "fail";
  if (!sandbox) return answer({ error: "Failed to complete subscription." });
  try {
    const intent = await sandbox.intentBySecret(clientSecret);
    const customerId = await billing.customers.find(userId);
    if (!intent || intent.id !== paymentId || intent.customerId !== customerId) {
      return answer({ error: "Failed to complete subscription." }, 404);
    }
    await sandbox.authenticate(clientSecret, outcome);
  } catch (e) {
    return failure(e, "Failed to complete subscription.");
  }
  return finish(context, userId, paymentId);
}

async function finish(
  context: AppLoadContext,
  userId: string,
  paymentId: string,
  typed: Record<string, string> = {},
) {
  try {
    const outcome = await context.services.billing.payments.checkoutConfirm(userId, paymentId);
    // /subscribe itself sends a subscriber to /account, so the success message has its own page.
    if (outcome.status === "succeeded") return redirect("/subscribe/success");
    if (outcome.status === "processing") {
      return answer(
        { error: "Subscription is pending. Please check your account to proceed.", pending: true },
        202,
      );
    }
    return answer({ error: "Unexpected response from server." }, 500);
  } catch (e) {
    return failure(e, "Failed to complete subscription.", 402, typed);
  }
}

function query(currency: string, cycle: string, pid?: string): string {
  const q = new URLSearchParams({ currency, cycle });
  if (pid) q.set("pid", pid);
  return `/subscribe?${q.toString()}`;
}

export default function Subscribe() {
  const { currency, cycle, plans, checkout, provider, isTest, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const marketingUrl = useRootData()?.config.marketingUrl ?? "";
  const busy = navigation.state !== "idle";
  if (checkout) {
    return (
      <main className="page billing">
        <div className="page-header">
          <h1>Checkout</h1>
        </div>
        <CheckoutStep
          plan={checkout}
          provider={provider}
          isTest={isTest}
          backHref={query(currency, cycle)}
          marketingUrl={marketingUrl}
          error={actionData?.error ?? null}
          pending={actionData?.pending ?? false}
          fields={actionData?.fields ?? {}}
          typed={actionData?.typed ?? {}}
          challenge={actionData?.challenge ?? null}
          busy={busy}
        />
      </main>
    );
  }
  return (
    <main className="page billing">
      <div className="page-header">
        <h1>Choose your plan</h1>
      </div>
      {error || actionData?.error ? (
        <div className="form-error" role="alert">
          {error ?? actionData?.error}
          {!error && actionData?.pending ? <PendingAccountLink /> : null}
        </div>
      ) : null}
      <div className="plan-controls">
        <Form method="get" className="currency-form">
          <input type="hidden" name="cycle" value={cycle} />
          <label>
            Currency{" "}
            <select
              name="currency"
              defaultValue={currency}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button">
            Show prices
          </button>
        </Form>
        <nav className="cycle-toggle" aria-label="Billing cycle">
          <Link
            to={query(currency, "monthly")}
            className={cycle === "monthly" ? "cycle active" : "cycle"}
            aria-current={cycle === "monthly" ? "page" : undefined}
          >
            Monthly
          </Link>
          <Link
            to={query(currency, "yearly")}
            className={cycle === "yearly" ? "cycle active" : "cycle"}
            aria-current={cycle === "yearly" ? "page" : undefined}
          >
            Annual <span className="save">Save 20%</span>
          </Link>
        </nav>
      </div>
      <div className="plans">
        {plans.map((p) => (
          <PlanCard key={p.pid} plan={p} checkoutHref={query(currency, cycle, p.pid)} busy={busy} />
        ))}
      </div>
    </main>
  );
}
