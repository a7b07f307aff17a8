import { Link } from "@remix-run/react";
import { HOME_REDIRECT_S } from "./home-redirect";

/** The paid checkout's success message (the route also redirects home after HOME_REDIRECT_S seconds). */
export function PaymentSuccess({ className }: { className?: string }) {
  return (
    <div className={className} role="status">
      <h1>Payment successful</h1>
      <p>{`Your subscription is active. You will be redirected to the dashboard in ${HOME_REDIRECT_S} seconds.`}</p>
      <Link to="/" className="button primary">
        Go to Dashboard
      </Link>
    </div>
  );
}
