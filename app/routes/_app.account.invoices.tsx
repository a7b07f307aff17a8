import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { billingMessage } from "../components/billing/billing.server";
import { InvoicesTable } from "../components/billing/invoices-table";
import { FormError } from "../components/ui/fields";
import { requireUser } from "../utils/auth.server";

/** user/invoices (spec 3 s7) behind the Invoices tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  try {
    return { rows: await context.services.billing.invoices.list(user.id), error: null };
  } catch (e) {
    return { rows: [], error: billingMessage(e, "Failed to load invoices.").message };
  }
}

export default function InvoicesTab() {
  const { rows, error } = useLoaderData<typeof loader>();
  return (
    <section aria-label="Invoices">
      <div className="tab-head">
        <h2>Invoices</h2>
      </div>
      <FormError>{error}</FormError>
      <InvoicesTable rows={rows} />
    </section>
  );
}
