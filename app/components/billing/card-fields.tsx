import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { readExpiry } from "./card-expiry";

/** A card field's refusal under the fields; `alert` announces one that appears while typing (the expiry check). */
function FieldError({
  id,
  message,
  alert = false,
}: {
  id: string;
  message: string | null | undefined;
  alert?: boolean;
}) {
  if (!message) return null;
  return (
    <p className="error field" id={id} role={alert ? "alert" : undefined}>
      {message}
    </p>
  );
}

/**
 * The sandbox provider's card form pieces (DESIGN D8), shared by the subscribe checkout, the payment page and
 * the add-card dialog: plain inputs posted to a Remix action, so they work without JavaScript. `typed` is
 * what the action sent back after a refusal, so the fields keep what was typed.
 */
export function SandboxCardFields({
  fields,
  typed = {},
  required = true,
}: {
  fields: Record<string, string>;
  typed?: Record<string, string>;
  /** Off where the fields may be hidden (a saved card chosen): the server checks them either way. */
  required?: boolean;
}) {
  const id = useId();
  const expiry = useExpiryCheck(fields.expiry ?? null);
  // A refused field is marked invalid and points at its message below.
  const described = (name: string, message: string | null | undefined) => ({
    "aria-invalid": message ? true : undefined,
    "aria-describedby": message ? `${id}-${name}` : undefined,
  });
  return (
    <>
      <label>
        Card number
        <input
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
          defaultValue={typed.number}
          required={required}
          {...described("number", fields.number)}
        />
      </label>
      <FieldError id={`${id}-number`} message={fields.number} />
      <div className="card-row">
        <label>
          Expiry (MM/YY)
          <input
            ref={expiry.ref}
            name="expiry"
            autoComplete="cc-exp"
            placeholder="12/34"
            maxLength={7}
            defaultValue={typed.expiry}
            required={required}
            {...described("expiry", expiry.message)}
            onBlur={expiry.onBlur}
            onInput={expiry.onInput}
          />
        </label>
        <label>
          CVC
          <input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            required={required}
            {...described("cvc", fields.cvc)}
          />
        </label>
      </div>
      <FieldError id={`${id}-expiry`} message={expiry.message} alert />
      <FieldError id={`${id}-cvc`} message={fields.cvc} />
      <label>
        Name on card
        <input name="name" autoComplete="cc-name" maxLength={100} defaultValue={typed.name} />
      </label>
    </>
  );
}

/** What is wrong with the expiry as typed, if the field is on screen and filled in (or required). */
function problem(input: HTMLInputElement): string | null {
  if (input.getClientRects().length === 0) return null;
  if (input.value.trim() === "" && !input.required) return null;
  const read = readExpiry(input.value, new Date());
  return read.ok ? null : read.message;
}

/**
 * The expiry checked in the browser: on leaving the field and before the form is sent, a wrong month or year
 * shows its message next to the field and the form is not sent (the action checks it again). The server's
 * message shows until the field is edited. Hidden fields (a saved card chosen on the payment page) are not
 * checked, and without JavaScript the server's message is the one shown.
 */
function useExpiryCheck(serverMessage: string | null) {
  const ref = useRef<HTMLInputElement>(null);
  // What the browser found since the last answer; null: the server's message (if any) is the one shown.
  const [local, setLocal] = useState<{ message: string | null } | null>(null);

  useEffect(() => {
    const input = ref.current;
    const form = input?.form;
    if (!input || !form) return;
    // A listener on the form itself runs before Remix's (React's, on the root), which skips a prevented submit.
    function onSubmit(e: SubmitEvent) {
      if (!input) return;
      const message = problem(input);
      if (!message) {
        // Sent: whatever the server answers about the expiry is what shows next.
        setLocal(null);
        return;
      }
      e.preventDefault();
      setLocal({ message });
      input.focus();
    }
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);

  return {
    ref,
    message: local ? local.message : serverMessage,
    onBlur: (e: { currentTarget: HTMLInputElement }) => {
      if (e.currentTarget.value.trim() !== "") setLocal({ message: problem(e.currentTarget) });
    },
    onInput: (e: { currentTarget: HTMLInputElement }) => {
      // Once shown, the message follows the typing; it disappears as soon as the expiry is right.
      const input = e.currentTarget;
      setLocal((shown) => (shown?.message ? { message: problem(input) } : { message: null }));
    },
  };
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
