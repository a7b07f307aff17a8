import type { ChangeEvent, ReactNode } from "react";

/**
 * The form pieces every page repeats: a form-level error, a labelled field with its message, and the account
 * inputs (email, password) whose limits must match the worker's schemas (worker/forms) on every form that
 * takes them. Plain HTML, so the forms work without JavaScript.
 */

/** A form's error above its fields (announced by screen readers); nothing when there is none. */
export function FormError({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <div className="form-error" role="alert">
      {children}
    </div>
  );
}

export function Field(props: {
  id: string;
  label: ReactNode;
  /** The server's message for this field, shown under it (its id is `${id}-error`, see `described`). */
  error?: string | null;
  /** The label is for screen readers only (the placeholder says it on screen). */
  hideLabel?: boolean;
  /** A line under the input saying what the value means. */
  hint?: ReactNode;
  /** The message is announced as it appears (forms whose answer re-renders them in place). */
  announce?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id} className={props.hideLabel ? "sr-only" : undefined}>
        {props.label}
      </label>
      {props.children}
      {props.hint ? (
        <span className="muted small" id={`${props.id}-hint`}>
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span className="error" id={`${props.id}-error`} role={props.announce ? "alert" : undefined}>
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

/** aria attributes tying an input to its field's message. */
export function described(id: string, error?: string | null) {
  return error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}

/** Either the browser keeps the value (defaultValue) or the page does (value and onChange). */
type Value =
  | { defaultValue?: string }
  | { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void };

/** The account email: 254 characters at most (RFC 5321), as the sign-up and sign-in schemas allow. */
export function EmailField({
  id = "email",
  label = "Email",
  error,
  required = true,
  ...value
}: { id?: string; label?: string; error?: string | null; required?: boolean } & Value) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required={required}
        maxLength={254}
        aria-invalid={error ? true : undefined}
        {...value}
      />
    </Field>
  );
}

/**
 * A password input: 256 characters at most; a new password (sign-up, reset) is at least 8 and tells the
 * password manager to offer one, the current one (sign-in) asks it to fill in.
 */
export function PasswordField(props: {
  id?: string;
  label?: string;
  error?: string | null;
  kind: "new" | "current";
  /** Sign-up leaves the length to the server's message; the reset form asks the browser to check it too. */
  minLength?: number;
}) {
  const id = props.id ?? "password";
  return (
    <Field id={id} label={props.label ?? "Password"} error={props.error}>
      <input
        id={id}
        name={id}
        type="password"
        autoComplete={props.kind === "new" ? "new-password" : "current-password"}
        required
        minLength={props.minLength}
        maxLength={256}
        aria-invalid={props.error ? true : undefined}
      />
    </Field>
  );
}
