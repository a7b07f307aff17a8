import { Link } from "@remix-run/react";

/**
 * SUBSCRIPTION_PENDING's "Account link" (spec 2 s8, spec 3 s8), placed after the message wherever that error
 * can show, so the user can see the pending payment.
 */
export function PendingAccountLink() {
  return (
    <>
      {" "}
      <Link to="/account">Account</Link>
    </>
  );
}
