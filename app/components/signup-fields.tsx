import { useRootData } from "../root";
import type { FieldErrors } from "../utils/form.server";
import { EmailField, Field, PasswordField } from "./ui/fields";

/**
 * The fields sign-up and the partner sign-up share (spec 1 s2). `typed` is what the server sent back with a
 * refused submit (or the partner link's e-mail): without JavaScript the page is rendered anew and would
 * otherwise lose it. The password is never sent back.
 */
export function SignUpFields({
  fields,
  typed,
}: {
  fields: FieldErrors;
  typed?: { name: string; email: string };
}) {
  const marketing = useRootData()?.config.marketingUrl ?? "";
  return (
    <>
      <Field id="name" label="Name" error={fields.name}>
        <input
          id="name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={typed?.name}
          aria-invalid={fields.name ? true : undefined}
        />
      </Field>
      <EmailField defaultValue={typed?.email} error={fields.email} />
      <PasswordField kind="new" error={fields.password} />
      <label className="checkbox">
        <input type="checkbox" name="terms" required />
        <span>
          I agree to the{" "}
          <a href={`${marketing}/terms`} target="_blank" rel="noreferrer">
            Terms of Service
          </a>{" "}
          and the{" "}
          <a href={`${marketing}/privacy`} target="_blank" rel="noreferrer">
            Privacy Policy
          </a>
          .
        </span>
      </label>
      {fields.terms ? <p className="error field">{fields.terms}</p> : null}
      <p className="muted small">
        We use your e-mail address to run your account and never sell it. Trading involves risk; backtests do
        not guarantee future results.
      </p>
    </>
  );
}
