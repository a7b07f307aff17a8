import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ContactModal } from "../components/contact-modal";
import { TopBar } from "../components/top-bar";
import { requireUser } from "../utils/auth.server";

/**
 * The signed-in shell and its guards (spec 1 s2, spec 3 s6): no session goes to /sign/up remembering the path;
 * a session without a subscription goes to /subscribe; one with a subscription cannot open /subscribe.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const path = new URL(request.url).pathname;
  const onSubscribe = path === "/subscribe" || path === "/subscribe/";
  // The return from a Stripe checkout comes before the subscription exists: that page settles it.
  const onCheckoutReturn = path === "/checkout/complete" || path === "/checkout/complete/";
  if (onSubscribe && user.subscription) throw redirect("/account");
  if (!onSubscribe && !onCheckoutReturn && !user.subscription) throw redirect("/subscribe");
  return {
    user: { name: user.name, email: user.email, internal: user.internal },
    roadmapUrl: context.publicConfig.roadmapUrl,
  };
}

export default function AppShell() {
  const { user, roadmapUrl } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const location = useLocation();
  const [contactOpen, setContactOpen] = useState(false);
  const contactParam = params.get("contact");
  const showContact = contactOpen || contactParam === "1" || contactParam === "sent";
  return (
    <>
      <TopBar user={user} roadmapUrl={roadmapUrl} onContact={() => setContactOpen(true)} />
      <Outlet />
      {showContact ? (
        <ContactModal
          returnTo={location.pathname}
          initiallySent={contactParam === "sent"}
          onClose={() => setContactOpen(false)}
        />
      ) : null}
    </>
  );
}
