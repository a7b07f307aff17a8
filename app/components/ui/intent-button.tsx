import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A one-button POST form: the route's action reads `intent` and the hidden `fields` it acts on, so the
 * button works without JavaScript. `lead` stands in the form before the button (a line that explains it).
 */
export function IntentButton({
  intent,
  fields = {},
  className = "button",
  formClassName,
  disabled,
  preventScrollReset,
  lead,
  children,
}: {
  intent: string;
  fields?: Readonly<Record<string, string | number>>;
  className?: string;
  formClassName?: string;
  disabled?: boolean;
  preventScrollReset?: boolean;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={formClassName} preventScrollReset={preventScrollReset}>
      {lead}
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} disabled={disabled}>
        {children}
      </button>
    </Form>
  );
}
