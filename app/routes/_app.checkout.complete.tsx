import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { billingMessage } from "../components/billing/billing.server";
import { homeRefresh, useHomeRedirect } from "../components/billing/home-redirect";
import { PaymentSuccess } from "../components/billing/payment-success";
import billingCss from "../styles/billing.css?url";
import { requireUser } from "../utils/auth.server";

/** While the provider is still settling, the page looks again this often (without JavaScript too). */
const RECHECK_S = 3;

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: "Checkout · StratForge" },
  ...(d?.state === "processing" ? [{ httpEquiv: "refresh", content: String(RECHECK_S) }] : []),
  // Spec 3 s2: success goes to / after 5 s, as the sandbox's /subscribe/success does.
  ...(d?.state === "success" ? [homeRefresh] : []),
];
export const links = () => [{ rel: "stylesheet", href: billingCss }];

const FAILED = "We could not complete your subscription. Please try again.";

/**
 * The return page of a Stripe checkout (spec 3 s2 'Checkout complete', s5): reads payment_intent and
 * redirect_status, and settles the intent (subscribe/checkout/confirm) for the signed-in user.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const paymentIntent = (url.searchParams.get("payment_intent") ?? "").trim();
  const redirectStatus = url.searchParams.get("redirect_status");
  if (!paymentIntent || redirectStatus !== "succeeded") {
    return data({ state: "error" as const, message: FAILED }, 400);
  }
  try {
    const outcome = await context.services.billing.payments.checkoutConfirm(user.id, paymentIntent);
    if (outcome.status === "succeeded") return { state: "success" as const, message: null };
    if (outcome.status === "processing") return { state: "processing" as const, message: null };
    return data({ state: "error" as const, message: FAILED }, 402);
  } catch (e) {
    const { code, message } = billingMessage(e, FAILED);
    const shown = code === "PAYMENT_NOT_FOUND" ? FAILED : message;
    return data({ state: "error" as const, message: shown }, 400);
  }
}

export default function CheckoutComplete() {
  const { state, message } = useLoaderData<typeof loader>();
  useHomeRedirect(state === "success");
  return (
    <main className="page billing">
      <div className="card success-card checkout-complete">
        {state === "processing" ? (
          <div role="status">
            <h1>Processing Payment...</h1>
            <p className="muted">
              Your bank is still confirming the payment. This page updates by itself in a few seconds.
            </p>
          </div>
        ) : state === "success" ? (
          <PaymentSuccess />
        ) : (
          <div>
            <h1>Payment not completed</h1>
            <div className="form-error" role="alert">
              {message}
            </div>
            <Link to="/subscribe" className="button primary">
              Go to Checkout
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}
