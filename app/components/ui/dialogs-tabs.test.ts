import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";
import { renderAt } from "./render-at.test-helper";
import { StatusBadge } from "./status-badge";
import { Tabs } from "./tabs";

describe("ConfirmDialog (server render)", () => {
  const props = {
    title: "Are you sure you want to delete this strategy?",
    description: "This action can not be undone",
    cancelHref: "/list?page=2",
    fields: { intent: "delete", id: "12" },
  };
  it("renders an accessible dialog with a POST form and a Cancel link", async () => {
    const html = await renderAt(
      "/list?page=2&confirm=delete-12",
      createElement(ConfirmDialog, { ...props, open: true }),
    );
    expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="([^"]+)"/);
    const id = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<h2 id="${id}">Are you sure you want to delete this strategy?</h2>`);
    expect(html).toMatch(/<form method="post"/);
    expect(html).toContain('<input type="hidden" name="intent" value="delete"/>');
    expect(html).toContain('<input type="hidden" name="id" value="12"/>');
    expect(html).toMatch(/<a[^>]*href="\/list\?page=2"[^>]*>Cancel<\/a>/);
    expect(html).toMatch(/<button type="submit" class="button danger">Confirm<\/button>/);
    expect(html).toContain("This action can not be undone");
  });
  it("takes other labels (No / Yes) and renders nothing when closed", async () => {
    const yes = await renderAt(
      "/account",
      createElement(ConfirmDialog, {
        ...props,
        open: true,
        cancelLabel: "No",
        confirmLabel: "Yes",
        tone: "primary",
      }),
    );
    expect(yes).toMatch(/>No<\/a>/);
    expect(yes).toMatch(/class="button primary">Yes<\/button>/);
    const closed = await renderAt("/list", createElement(ConfirmDialog, { ...props, open: false }));
    expect(closed).not.toContain("dialog");
  });
  it("shows an action error as an alert", async () => {
    const html = await renderAt(
      "/list",
      createElement(ConfirmDialog, { ...props, open: true, error: "Could not delete" }),
    );
    expect(html).toMatch(/role="alert">Could not delete/);
  });
});

describe("Tabs (server render)", () => {
  const items = [
    { label: "Subscription", to: "/account", end: true },
    { label: "Invoices", to: "/account/invoices" },
    { label: "Soon", disabled: true },
  ];
  it("marks the current route, renders disabled tabs as aria-disabled spans", async () => {
    const html = await renderAt("/account/invoices", createElement(Tabs, { items, label: "Account" }));
    expect(html).toMatch(/<nav aria-label="Account" class="tabs">/);
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/account\/invoices"|<a[^>]*href="\/account\/invoices"[^>]*aria-current="page"/,
    );
    expect(html).not.toMatch(/<a[^>]*href="\/account"[^>]*aria-current/);
    expect(html).toContain('<span class="tab" aria-disabled="true">Soon</span>');
  });
  it("lets search-param tabs say which is active", async () => {
    const html = await renderAt(
      "/r?tab=deals",
      createElement(Tabs, {
        label: "Results",
        items: [
          { label: "Orders", to: "/r?tab=orders", active: false },
          { label: "Deals", to: "/r?tab=deals", active: true },
        ],
      }),
    );
    expect(html).toMatch(/class="tab active" aria-current="page"[^>]*href="\/r\?tab=deals"/);
  });
});

describe("StatusBadge", () => {
  it("styles the three states differently and shows '-' without a backtest", async () => {
    const html = await renderAt(
      "/",
      createElement(
        "div",
        null,
        [100, 200, 7, null].map((code) => createElement(StatusBadge, { key: String(code), code })),
      ),
    );
    expect(html).toContain('<span class="status-badge status-completed">Completed</span>');
    expect(html).toContain('<span class="status-badge status-error">Error</span>');
    expect(html).toContain('<span class="status-badge status-processing">Processing</span>');
    expect(html).toContain('<span class="muted">-</span>');
  });
});
