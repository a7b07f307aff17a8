import { Form } from "@remix-run/react";

/**
 * The sandbox provider's card form pieces (DESIGN D8), shared by the subscribe checkout, the payment page and
 * the add-card dialog: plain inputs posted to a Remix action, so they work without JavaScript.
 */
export function SandboxCardFields({
  fields,
  required = true,
}: {
  fields: Record<string, string>;
  /** Off where the fields may be hidden (a saved card chosen): the server checks them either way. */
  required?: boolean;
}) {
  return (
    <>
      <label>
        Card number
        <input
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          required={required}
          aria-invalid={fields.number ? true : undefined}
        />
      </label>
      {fields.number ? <p className="error field">{fields.number}</p> : null}
      <div className="card-row">
        <label>
          Expiry (MM/YY)
          <input
            name="expiry"
            autoComplete="cc-exp"
            placeholder="12/34"
            required={required}
            aria-invalid={fields.expiry ? true : undefined}
          />
        </label>
        <label>
          CVC
          <input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required={required}
            aria-invalid={fields.cvc ? true : undefined}
          />
        </label>
      </div>
      {fields.expiry ? <p className="error field">{fields.expiry}</p> : null}
      {fields.cvc ? <p className="error field">{fields.cvc}</p> : null}
      <label>
        Name on card
        <input name="name" autoComplete="cc-name" />
      </label>
    </>
  );
}

/** Spec 3 s5 test-payment notice, with the sandbox's test cards. */
export function TestModeNotice() {
  return (
    <p className="test-notice" role="note">
      Test mode: no real payment is taken. Use a test card such as 4242 4242 4242 4242.
    </p>
  );
}

/**
 * The sandbox's 3-D Secure challenge (a test card answered requires_action): Complete or Fail, each a plain
 * POST with the intent's client secret and whatever the action needs to find the purchase again.
 */
export function SandboxChallenge({ hidden, busy }: { hidden: Record<string, string>; busy: boolean }) {
  const inputs = (
    <>
      <input type="hidden" name="intent" value="authenticate" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  return (
    <div className="challenge">
      <h2>3-D Secure test challenge</h2>
      <p className="muted">
        Your bank asks you to confirm this payment. Choose how the test authentication ends.
      </p>
      <div className="challenge-actions">
        <Form method="post">
          {inputs}
          <input type="hidden" name="outcome" value="complete" />
          <button type="submit" className="button primary" disabled={busy}>
            Complete
          </button>
        </Form>
        <Form method="post">
          {inputs}
          <input type="hidden" name="outcome" value="fail" />
          <button type="submit" className="button danger" disabled={busy}>
            Fail
          </button>
        </Form>
      </div>
    </div>
  );
}
