import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { ContactModal } from "../components/contact-modal";
import { MyStrategiesView } from "../components/strategies/my-strategies";
import { TopBar } from "../components/top-bar";
import { uiStylesheet } from "../components/ui/styles";
import { useUrlFlag } from "../components/ui/url-flag";
import { requireUser } from "../utils/auth.server";

// The table kit's styles come with the shell, so the My Strategies spinner below is styled on any page.
export const links = () => [uiStylesheet];

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
  const location = useLocation();
  const navigate = useNavigate();
  const [contactOpen, setContactOpen] = useState(false);
  const navigation = useNavigation();
  // Spec 2 s2: 'A spinner shows while loading' My Strategies. On a client navigation from another page the
  // list's route is not mounted until its loader answers, so the shell draws the table with its spinner.
  const listLoading =
    navigation.state === "loading" && navigation.location.pathname === "/" && location.pathname !== "/";
  // Without JavaScript (or from a shared link) `?contact=1|sent` opens the modal. Closing it then takes the flag
  // off the URL; until that navigation lands, the key of the page it was closed on keeps it shut at once.
  const contact = useUrlFlag("contact");
  const [contactClosedOn, setContactClosedOn] = useState<string | null>(null);
  const contactFromUrl =
    (contact.value === "1" || contact.value === "sent") && contactClosedOn !== location.key;
  const showContact = contactOpen || contactFromUrl;
  const closeContact = useCallback(() => {
    setContactOpen(false);
    if (!contactFromUrl) return;
    setContactClosedOn(location.key);
    navigate(contact.closeHref, { replace: true, preventScrollReset: true });
  }, [contactFromUrl, location.key, navigate, contact.closeHref]);
  return (
    <>
      <TopBar user={user} roadmapUrl={roadmapUrl} onContact={() => setContactOpen(true)} />
      {listLoading ? <MyStrategiesView rows={[]} loading /> : <Outlet />}
      {showContact ? (
        <ContactModal
          returnTo={contact.closeHref}
          closeHref={contact.closeHref}
          initiallySent={contact.value === "sent"}
          onClose={closeContact}
        />
      ) : null}
    </>
  );
}
