import type { MetaFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { uiStylesheet } from "../components/ui/styles";
import { Tabs } from "../components/ui/tabs";
import billingCss from "../styles/billing.css?url";

export const meta: MetaFunction = () => [{ title: "Account · StratForge" }];
export const links = () => [uiStylesheet, { rel: "stylesheet", href: billingCss }];

/** Spec 3 s2: each tab is its own route, so the tabs are links and work without JavaScript. */
const TABS = [
  { label: "Subscription", to: "/account", end: true },
  { label: "Add-ons", to: "/account/addons" },
  { label: "Payment Methods", to: "/account/payment-methods" },
  { label: "Invoices", to: "/account/invoices" },
  { label: "Profile", to: "/account/profile" },
];

export default function AccountLayout() {
  return (
    <main className="page billing">
      <div className="page-header">
        <h1>Account</h1>
      </div>
      <Tabs items={TABS} label="Account" />
      <div className="account-panel">
        <Outlet />
      </div>
    </main>
  );
}
