import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import billingCss from "../styles/billing.css?url";
import { requireSubscriber } from "../utils/auth.server";

/** Spec 3 s9: 5 s after a subscription checkout; the meta refresh does it without JavaScript. */
const DELAY_S = 5;

export const meta: MetaFunction = () => [
  { title: "Subscription active · StratForge" },
  { httpEquiv: "refresh", content: `${DELAY_S};url=/` },
];
export const links = () => [{ rel: "stylesheet", href: billingCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSubscriber(request, context);
  return null;
}

/** The checkout's success message; /subscribe itself is closed to subscribers (spec 3 s2). */
export default function SubscribeSuccess() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/"), DELAY_S * 1000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <main className="page billing">
      <div className="card success-card" role="status">
        <h1>Payment successful</h1>
        <p>{`Your subscription is active. You will be redirected to the dashboard in ${DELAY_S} seconds.`}</p>
        <Link to="/" className="button primary">
          Go to Dashboard
        </Link>
      </div>
    </main>
  );
}
