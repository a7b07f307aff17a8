/** The Payment Methods tab comes in a later issue; the account guards already apply. */
export default function AccountTab() {
  return (
    <section aria-label="Payment Methods">
      <h2>Payment Methods</h2>
      <div className="placeholder">This screen is being built.</div>
    </section>
  );
}
