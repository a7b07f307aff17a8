import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { homeRefresh, useHomeRedirect } from "../components/billing/home-redirect";
import { PaymentSuccess } from "../components/billing/payment-success";
import billingCss from "../styles/billing.css?url";
import { requireSubscriber } from "../utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Subscription active · StratForge" }, homeRefresh];
export const links = () => [{ rel: "stylesheet", href: billingCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSubscriber(request, context);
  return null;
}

/** The checkout's success message; /subscribe itself is closed to subscribers (spec 3 s2). */
export default function SubscribeSuccess() {
  useHomeRedirect();
  return (
    <main className="page billing">
      <PaymentSuccess className="card success-card" />
    </main>
  );
}
