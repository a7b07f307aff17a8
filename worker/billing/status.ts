/** Display labels of billing statuses (spec 3 sections 2 and 4). */

/** refunded: paid at the provider, but the ledger could not honour it, so the money went back (issue 11). */
export const INVOICE_STATUSES = ["paid", "open", "draft", "failed", "void", "overdue", "refunded"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const INVOICE_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  paid: "Paid",
  open: "Pending",
  draft: "Draft",
  failed: "Failed",
  void: "Cancelled",
  overdue: "Overdue",
  refunded: "Refunded",
};

export function isInvoiceStatus(value: string): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(value);
}

export function invoiceStatusLabel(status: InvoiceStatus): string {
  return INVOICE_LABELS[status];
}

/** Spec 3 section 2: 'Pay Now' appears for failed, overdue and open invoices. */
export function isInvoicePayable(status: InvoiceStatus): boolean {
  return status === "failed" || status === "overdue" || status === "open";
}

export const ADDON_STATUSES = ["active", "expired", "canceled"] as const;
export type AddonStatus = (typeof ADDON_STATUSES)[number];

const ADDON_LABELS: Readonly<Record<AddonStatus, string>> = {
  active: "Active",
  expired: "Expired",
  canceled: "Canceled",
};

/** Spec 3 section 4: isExpired overrides the stored status to expired. */
export function addonStatus(addon: {
  readonly status: AddonStatus;
  readonly isExpired: boolean;
}): AddonStatus {
  return addon.isExpired ? "expired" : addon.status;
}

export function addonStatusLabel(status: AddonStatus): string {
  return ADDON_LABELS[status];
}
