import { invoiceStatusLabel, isInvoiceStatus } from "../../../worker/billing/status";
import type { PaymentPreview } from "../../../worker/services";
import { formatLocalDate, formatMoney } from "../../utils/format";
import { TestModeNotice } from "./card-fields";

/**
 * The payment preview product of payment/initiate (spec 3 s3), as the loader sends it: the service's preview
 * (its one declaration) without the minor amount and the invoice id, which the page does not show.
 */
export type PaymentPreviewView = Omit<PaymentPreview, "priceMinor" | "invoiceId">;

const CYCLES: Record<string, string> = { onetime: "One-time", monthly: "Monthly", yearly: "Yearly" };
const PER: Record<string, string> = { monthly: " / month", yearly: " / year" };

export function statusText(status: string): string {
  return isInvoiceStatus(status) ? invoiceStatusLabel(status) : status;
}

function creditsValue(credits: number | null): string {
  if (credits === null) return "-";
  return credits === -1 ? "Unlimited" : credits.toLocaleString("en-US");
}

/**
 * Spec 3 s2 order summary: an invoice shows its number, due date and status; an add-on or an upgrade its
 * credits, validity (add-on), type, billing cycle, pro-rata days remaining, regular price, pay today and the
 * next billing date (upgrade).
 */
export function OrderSummary({ product, isTest }: { product: PaymentPreviewView; isTest: boolean }) {
  const p = product;
  const pay = formatMoney(p.price, p.currency);
  return (
    <section className="checkout-summary card order-summary" aria-label="Order summary">
      <h2>{p.name}</h2>
      {p.type === "invoice" ? (
        <dl className="facts">
          <dt>Invoice #</dt>
          <dd>{p.invoiceNumber}</dd>
          <dt>Due date</dt>
          <dd>{formatLocalDate(p.dueDate)}</dd>
          <dt>Status</dt>
          <dd>
            <span className={`invoice-status status-${p.status}`}>{statusText(p.status)}</span>
          </dd>
          <dt>Amount due</dt>
          <dd className="pay-today">{pay}</dd>
        </dl>
      ) : (
        <dl className="facts">
          <dt>Credits</dt>
          <dd>{creditsValue(p.credits)}</dd>
          {p.type === "addon" && p.creditsDays !== null ? (
            <>
              <dt>Valid for</dt>
              <dd>{`${p.creditsDays} days`}</dd>
            </>
          ) : null}
          <dt>Type</dt>
          <dd>{p.type === "addon" ? "Add-on" : "Plan upgrade"}</dd>
          <dt>Billing cycle</dt>
          <dd>{CYCLES[p.billingCycle ?? ""] ?? p.billingCycle ?? "-"}</dd>
          {p.isProrata && p.daysRemaining !== null ? (
            <>
              <dt>Pro-rata</dt>
              <dd className="prorata">{`${p.daysRemaining} ${p.daysRemaining === 1 ? "day" : "days"} remaining`}</dd>
            </>
          ) : null}
          {p.regularPrice !== null ? (
            <>
              <dt>Regular price</dt>
              <dd className="regular-price">
                {formatMoney(p.regularPrice, p.currency)}
                {PER[p.billingCycle ?? ""] ?? ""}
              </dd>
            </>
          ) : null}
          <dt>Pay today</dt>
          <dd className="pay-today">
            <strong>{pay}</strong>
          </dd>
          {p.nextBillingDate ? (
            <>
              <dt>Next billing date</dt>
              <dd>{formatLocalDate(p.nextBillingDate)}</dd>
            </>
          ) : null}
        </dl>
      )}
      {p.isProrata ? (
        <p className="muted">
          You pay the difference for the days left in your current billing period; the regular price applies
          from the next billing date.
        </p>
      ) : null}
      {isTest ? <TestModeNotice /> : null}
    </section>
  );
}
