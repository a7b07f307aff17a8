import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AddonsTable } from "../components/billing/addons-table";
import { billingMessage } from "../components/billing/billing.server";
import { FormError } from "../components/ui/fields";
import { requireUser } from "../utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // An unlimited plan (credits -1) cannot buy add-ons (the service refuses): no way to the shop is shown.
  const canBuy = user.subscription?.credits !== -1;
  try {
    return { rows: await context.services.billing.addons.owned(user.id), error: null, canBuy };
  } catch (e) {
    return { rows: [], error: billingMessage(e, "Failed to load plans.").message, canBuy };
  }
}

export default function AddonsTab() {
  const { rows, error, canBuy } = useLoaderData<typeof loader>();
  return (
    <section aria-label="Add-ons">
      <div className="tab-head">
        <h2>Add-ons</h2>
        {canBuy ? (
          <Link to="/addons" className="button">
            Buy Add-on
          </Link>
        ) : null}
      </div>
      <FormError>{error}</FormError>
      <AddonsTable rows={rows} canBuy={canBuy} />
    </section>
  );
}
