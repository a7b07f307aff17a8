import { type FormEvent, useEffect, useRef, useState } from "react";
import { TURNSTILE_MESSAGES } from "../../worker/forms/messages";
import { TURNSTILE_DUMMY_TOKEN } from "../../worker/security";
import { useNonce } from "../utils/nonce";

/** Explicit rendering: the script loads once per page and each sign page renders (and removes) its widget. */
const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
const TOKEN_FIELD = "cf-turnstile-response";

interface RenderOptions {
  sitekey: string;
  theme: "auto";
  "expired-callback": () => void;
  "error-callback": () => void;
}

/** The part of Cloudflare's documented client API (window.turnstile) this page uses. */
interface TurnstileApi {
  render(el: HTMLElement, options: RenderOptions): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

function hasMethods(v: object, names: string[]): boolean {
  return names.every((n) => n in v && typeof Reflect.get(v, n) === "function");
}

function loadedApi(): TurnstileApi | null {
  const api: unknown = Reflect.get(window, "turnstile");
  if (typeof api !== "object" || api === null || !hasMethods(api, ["render", "reset", "remove"])) return null;
  return {
    render: (el, options) => {
      const id: unknown = Reflect.apply(Reflect.get(api, "render"), api, [el, options]);
      return typeof id === "string" ? id : undefined;
    },
    reset: (id) => Reflect.apply(Reflect.get(api, "reset"), api, [id]),
    remove: (id) => Reflect.apply(Reflect.get(api, "remove"), api, [id]),
  };
}

let loading: Promise<TurnstileApi> | null = null;

/** Loads api.js once; navigating between sign pages reuses it instead of adding the script again. */
function loadTurnstile(nonce: string): Promise<TurnstileApi> {
  const ready = loadedApi();
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;
  loading = new Promise<TurnstileApi>((resolve, reject) => {
    const s = document.createElement("script");
    s.src = SCRIPT_URL;
    s.async = true;
    if (nonce) s.nonce = nonce;
    s.onload = () => {
      const api = loadedApi();
      if (api) resolve(api);
      else reject(new Error("Turnstile did not load"));
    };
    s.onerror = () => reject(new Error("Turnstile did not load"));
    document.head.appendChild(s);
  }).catch((error: unknown) => {
    // A later page may try again (e.g. after a network blip).
    loading = null;
    throw error;
  });
  return loading;
}

/** Spec 1 s5: an expired (or failed) widget leaves no token, so the form asks for the verification again. */
function clearToken(el: HTMLElement) {
  for (const input of el.querySelectorAll<HTMLInputElement>(`input[name="${TOKEN_FIELD}"]`)) input.value = "";
}

/**
 * The bot check (DESIGN D3). With Cloudflare's test keys the form carries the documented dummy token, so it
 * submits without JavaScript and offline. With real keys the widget (created after 100 ms, spec 1 s7) adds its
 * own `cf-turnstile-response` field; expiry clears it, and `resetSignal` (the route's action data) changing
 * after a refused submit resets the widget, because a token is single-use.
 */
export function Turnstile({
  siteKey,
  testMode,
  resetSignal,
}: {
  siteKey: string;
  testMode: boolean;
  resetSignal?: unknown;
}) {
  const nonce = useNonce();
  const ref = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: TurnstileApi; id: string } | null>(null);
  useEffect(() => {
    if (testMode || !ref.current) return;
    const el = ref.current;
    let cancelled = false;
    const timer = setTimeout(() => {
      loadTurnstile(nonce)
        .then((api) => {
          if (cancelled) return;
          const id = api.render(el, {
            sitekey: siteKey,
            theme: "auto",
            "expired-callback": () => clearToken(el),
            "error-callback": () => clearToken(el),
          });
          if (id) widget.current = { api, id };
        })
        .catch(() => {
          // Blocked or offline: no token, so submitting shows TURNSTILE_REQUIRED.
        });
    }, 100);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = null;
    };
  }, [testMode, siteKey, nonce]);
  useEffect(() => {
    if (!resetSignal || !widget.current || !ref.current) return;
    clearToken(ref.current);
    widget.current.api.reset(widget.current.id);
  }, [resetSignal]);
  if (testMode) return <input type="hidden" name={TOKEN_FIELD} value={TURNSTILE_DUMMY_TOKEN} />;
  return <div ref={ref} className="turnstile" />;
}

/** Client-side rule of spec 1 s5: without a token no call is made and TURNSTILE_REQUIRED is shown. */
export function hasTurnstileToken(form: HTMLFormElement): boolean {
  const field = form.elements.namedItem(TOKEN_FIELD);
  return field instanceof HTMLInputElement && field.value.length > 0;
}

/**
 * The sign forms' use of that rule: `guard` is the form's onSubmit (with JavaScript, a submit without a token is
 * stopped and TURNSTILE_REQUIRED shown), `clientError` the message, and `changed` the form's onChange: it clears
 * the message and tells `onEdit` (the page's "edited since the last answer").
 */
export function useTurnstileGuard(onEdit: () => void) {
  const [clientError, setClientError] = useState<string | null>(null);
  function guard(event: FormEvent<HTMLFormElement>) {
    if (!hasTurnstileToken(event.currentTarget)) {
      event.preventDefault();
      setClientError(TURNSTILE_MESSAGES.TURNSTILE_REQUIRED);
    }
  }
  function changed() {
    onEdit();
    setClientError(null);
  }
  return { clientError, changed, guard };
}

/**
 * The end of each sign form: the Turnstile widget, then the submit button, disabled with a spinner while the
 * form is submitting.
 */
export function TurnstileSubmit({
  turnstile,
  resetSignal,
  busy,
  label,
}: {
  turnstile: { siteKey: string; testMode: boolean };
  resetSignal: unknown;
  busy: boolean;
  label: string;
}) {
  return (
    <>
      <Turnstile siteKey={turnstile.siteKey} testMode={turnstile.testMode} resetSignal={resetSignal} />
      <button type="submit" className="button primary block" disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {label}
      </button>
    </>
  );
}
