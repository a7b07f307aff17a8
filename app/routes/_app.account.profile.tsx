import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "../utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return { name: user.name, email: user.email, internal: user.internal };
}

/** Spec 3 s2 Profile tab: name and email; internal users also see the VPN note (our wording). */
export default function ProfileTab() {
  const { name, email, internal } = useLoaderData<typeof loader>();
  return (
    <section aria-label="Profile" className="card profile">
      <dl className="facts">
        <dt>Name</dt>
        <dd>{name}</dd>
        <dt>Email</dt>
        <dd>{email}</dd>
      </dl>
      {internal ? (
        <p className="vpn-note" role="note">
          You are signed in as an internal user. Internal tools are reachable only over the company VPN
          connection.
        </p>
      ) : null}
    </section>
  );
}
