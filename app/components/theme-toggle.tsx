import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";

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
  // Without a stored choice the head script may have applied the system scheme the server could not see.
  const [shown, setShown] = useState(theme);
  useEffect(() => {
    const applied = document.documentElement.dataset.theme;
    setShown(applied === "dark" || applied === "light" ? applied : theme);
  }, [theme]);
  const next = shown === "dark" ? "light" : "dark";
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
