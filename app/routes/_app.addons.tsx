import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { billingMessage } from "../components/billing/billing.server";
import { PendingAccountLink } from "../components/ui/account-link";
import billingCss from "../styles/billing.css?url";
import { requireUser } from "../utils/auth.server";
import { formatMoney } from "../utils/format";

export const meta: MetaFunction = () => [{ title: "Buy Add-on · StratForge" }];
export const links = () => [{ rel: "stylesheet", href: billingCss }];

/** Refusals with their own text: no subscription, a pending one, an unlimited plan (nothing to add to). */
const KNOWN = new Set([
  "USER_HAS_NO_ACTIVE_SUBSCRIPTION",
  "SUBSCRIPTION_PENDING",
  "UNLIMITED_PLAN_NO_ADDONS",
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  try {
    return { packs: await context.services.billing.addons.list(user.id), error: null, code: null };
  } catch (e) {
    // Spec 3 s8: no subscription and a pending one have their own texts; anything else is a list failure.
    const { code, message } = billingMessage(e, "Failed to load plans.");
    const known = KNOWN.has(code);
    return { packs: [], error: known ? message : "Failed to load plans.", code };
  }
}

/** Spec 3 s2 'Buy Add-on': one card per pack in the subscription's currency, Buy goes to the payment page. */
export default function Addons() {
  const { packs, error, code } = useLoaderData<typeof loader>();
  return (
    <main className="page billing">
      <div className="page-header">
        <h1>Buy Add-on</h1>
      </div>
      {error ? (
        <div className="form-error" role="alert">
          {error}
          {code === "SUBSCRIPTION_PENDING" ? <PendingAccountLink /> : null}
        </div>
      ) : null}
      <div className="plans">
        {packs.map((p) => (
          <div className="plan addon" key={p.pid} data-addon={p.pid}>
            <h2>{p.name}</h2>
            <p className="plan-credits">{`${p.credits.toLocaleString("en-US")} credits`}</p>
            <p className="muted">{`Valid for ${p.creditsDays} days`}</p>
            <div className="price">{formatMoney(p.price, p.currency)}</div>
            <Link to={`/payment?type=addon&id=${encodeURIComponent(p.pid)}`} className="button primary block">
              Buy
            </Link>
          </div>
        ))}
      </div>
    </main>
  );
}
