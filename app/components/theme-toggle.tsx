import { Form } from "@remix-run/react";

/** A plain form, so switching the theme works without JavaScript; the server stores it in a cookie. */
export function ThemeToggle({
  theme,
  returnTo,
  className,
}: {
  theme: "light" | "dark";
  returnTo: string;
  className?: string;
}) {
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Form method="post" action="/theme" className={className}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="button link">
        {next === "dark" ? "Dark theme" : "Light theme"}
      </button>
    </Form>
  );
}
