import { Link } from "@remix-run/react";
import { formatMoney } from "../../utils/format";
import { IntentButton } from "../ui/intent-button";
import { creditsText, monthlyFigure } from "./plan-price";

export interface PlanCardPlan {
  pid: string;
  slug: string;
  name: string;
  tagline: string;
  features: readonly string[];
  credits: number;
  creditsDays: number;
  price: number;
  currency: string;
  billingCycle: string;
}

/**
 * One plan of the picker (spec 3 s2). A plan without a charge starts with a POST (no checkout); a paid one
 * links to the checkout step, so both work without JavaScript.
 */
export function PlanCard({
  plan,
  checkoutHref,
  busy,
}: {
  plan: PlanCardPlan;
  checkoutHref: string;
  busy: boolean;
}) {
  const yearly = plan.billingCycle === "yearly";
  return (
    <div className="plan" data-plan={plan.slug}>
      <h2>{plan.name}</h2>
      <p className="muted">{plan.tagline}</p>
      <p className="plan-credits">{creditsText(plan.credits, plan.creditsDays)}</p>
      <div className="price">
        {monthlyFigure(plan.price, plan.currency, plan.billingCycle)}
        <span className="per"> / month</span>
      </div>
      {yearly ? (
        <p className="muted billed">{`Billed at ${formatMoney(plan.price, plan.currency)} yearly`}</p>
      ) : null}
      <ul>
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {/* One credit is one generated expert advisor (DESIGN D5), so credits read as builds. */}
      <p className="muted usage">
        {plan.credits === -1
          ? "Build as many strategies as you need"
          : `About ${plan.credits} strategy builds`}
      </p>
      {plan.price === 0 ? (
        <IntentButton
          intent="start"
          fields={{ pid: plan.pid }}
          className="button primary block"
          disabled={busy}
        >
          Get Started
        </IntentButton>
      ) : (
        <Link to={checkoutHref} className="button primary block">
          Get Started
        </Link>
      )}
    </div>
  );
}
