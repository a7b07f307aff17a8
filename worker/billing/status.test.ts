import { describe, expect, it } from "vitest";
import {
  addonStatus,
  addonStatusLabel,
  INVOICE_STATUSES,
  invoiceStatusLabel,
  isInvoicePayable,
} from "./status";

describe("invoice statuses (spec 3 section 4)", () => {
  it("labels every status", () => {
    expect(INVOICE_STATUSES.map(invoiceStatusLabel)).toEqual([
      "Paid",
      "Pending",
      "Draft",
      "Failed",
      "Cancelled",
      "Overdue",
      "Refunded",
    ]);
  });

  it("offers Pay Now for failed, overdue and open only", () => {
    expect(INVOICE_STATUSES.filter(isInvoicePayable)).toEqual(["open", "failed", "overdue"]);
  });
});

describe("add-on status", () => {
  it("isExpired overrides the stored status", () => {
    expect(addonStatus({ status: "active", isExpired: true })).toBe("expired");
    expect(addonStatus({ status: "canceled", isExpired: true })).toBe("expired");
    expect(addonStatus({ status: "canceled", isExpired: false })).toBe("canceled");
    expect(addonStatus({ status: "active", isExpired: false })).toBe("active");
  });

  it("labels", () => {
    expect(addonStatusLabel("active")).toBe("Active");
    expect(addonStatusLabel("expired")).toBe("Expired");
    expect(addonStatusLabel("canceled")).toBe("Canceled");
  });
});
