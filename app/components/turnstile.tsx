import { useEffect, useRef } from "react";
import { TURNSTILE_DUMMY_TOKEN } from "../../worker/security/turnstile-keys";
import { useNonce } from "../utils/nonce";

/**
 * The bot check (DESIGN D3). With Cloudflare's test keys the form carries the documented dummy token, so it
 * submits without JavaScript and offline. With real keys the widget (created after 100 ms, spec 1 s7) adds its
 * own `cf-turnstile-response` field; an expired widget clears it.
 */
export function Turnstile({ siteKey, testMode }: { siteKey: string; testMode: boolean }) {
  const nonce = useNonce();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (testMode || !ref.current) return;
    const el = ref.current;
    const timer = setTimeout(() => {
      if (document.querySelector("script[data-turnstile]")) return;
      const s = document.createElement("script");
      s.src = "https://challenges.cloudflare.com/turnstile/v0/api.js";
      s.async = true;
      s.defer = true;
      s.nonce = nonce;
      s.dataset.turnstile = "1";
      el.appendChild(s);
    }, 100);
    return () => clearTimeout(timer);
  }, [testMode, nonce]);
  if (testMode) return <input type="hidden" name="cf-turnstile-response" value={TURNSTILE_DUMMY_TOKEN} />;
  return (
    <div
      ref={ref}
      className="cf-turnstile turnstile"
      data-sitekey={siteKey}
      data-theme="auto"
      data-expired-callback="turnstileExpired"
    />
  );
}

/** Client-side rule of spec 1 s5: without a token no call is made and TURNSTILE_REQUIRED is shown. */
export function hasTurnstileToken(form: HTMLFormElement): boolean {
  const field = form.elements.namedItem("cf-turnstile-response");
  return field instanceof HTMLInputElement && field.value.length > 0;
}
