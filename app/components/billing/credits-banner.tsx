import { Link } from "@remix-run/react";

/**
 * The credits-exhausted banner (spec 3 s2, spec 2 s6), shown where INSUFFICIENT_CREDITS stops an action.
 * `exhausted` is the strategy page's generic banner; `upsell` is the longer variant with the benefits list.
 * Styled by app.css (`.credits-banner`) so any screen can show it without another stylesheet.
 */
export function CreditsBanner({
  free,
  variant = "exhausted",
}: {
  free: boolean;
  variant?: "exhausted" | "upsell";
}) {
  if (variant === "upsell") {
    return (
      <section className="credits-banner upsell" role="alert" aria-label="Credits">
        <h2>{free ? "Unlock Premium Features!" : "Need More Credits?"}</h2>
        {free ? (
          <p>
            Upgrade to <Link to="/account">Premium</Link> or view <Link to="/addons">add-ons</Link>.
          </p>
        ) : (
          <p>
            Get an <Link to="/addons">add-on</Link> or change your plan in{" "}
            <Link to="/account">your account</Link>.
          </p>
        )}
        <ul>
          <li>Unlimited AI strategies</li>
          <li>Advanced backtesting</li>
          <li>Export in multiple formats</li>
          <li>Priority support</li>
        </ul>
      </section>
    );
  }
  return (
    <section className="credits-banner" role="alert" aria-label="Credits">
      {free ? (
        <>
          <div>
            <strong>Credits Exhausted</strong>
            <p>Upgrade to Premium for unlimited access</p>
          </div>
          <div className="credits-banner-actions">
            <Link className="button primary" to="/account">
              Upgrade
            </Link>
            <Link className="button" to="/addons">
              Add-ons
            </Link>
          </div>
        </>
      ) : (
        <>
          <div>
            {/* Spec 3 s2: the paid variant has no 'Credits Exhausted' heading, only this line. */}
            <p>
              <strong>Get more credits to continue building</strong>
            </p>
          </div>
          <div className="credits-banner-actions">
            <Link className="button primary" to="/addons">
              Get Credits
            </Link>
            <Link className="button" to="/account">
              Upgrade
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
