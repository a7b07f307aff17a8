import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { HOME_REDIRECT_S, homeRefresh, useHomeRedirect } from "../components/billing/home-redirect";
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
      <div className="card success-card" role="status">
        <h1>Payment successful</h1>
        <p>{`Your subscription is active. You will be redirected to the dashboard in ${HOME_REDIRECT_S} seconds.`}</p>
        <Link to="/" className="button primary">
          Go to Dashboard
        </Link>
      </div>
    </main>
  );
}
