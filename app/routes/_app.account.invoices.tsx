/** The Invoices tab comes in a later issue; the account guards already apply. */
export default function AccountTab() {
  return (
    <section aria-label="Invoices">
      <h2>Invoices</h2>
      <div className="placeholder">This screen is being built.</div>
    </section>
  );
}
