import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/** Spec 3 s2 and s9: a successful subscription checkout goes to / after 5 seconds. */
export const HOME_REDIRECT_S = 5;

/** The meta refresh that does it without JavaScript. */
export const homeRefresh = { httpEquiv: "refresh", content: `${HOME_REDIRECT_S};url=/` } as const;

/** The same with JavaScript, as a client navigation (no full reload) while `enabled`. */
export function useHomeRedirect(enabled = true) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => navigate("/"), HOME_REDIRECT_S * 1000);
    return () => clearTimeout(timer);
  }, [navigate, enabled]);
}
