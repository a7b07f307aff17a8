/**
 * The worker code that route modules use in loaders and actions, re-exported from a `.server` module so the
 * Remix compiler keeps it (zod, drizzle, WebCrypto helpers) out of the browser bundle.
 */

export {
  contactSchema,
  resetFormSchema,
  resetRequestSchema,
  signInSchema,
} from "../../worker/forms";
export {
  clearSessionCookie,
  clientIp,
  sessionCookie,
  sessionToken,
  themeCookie,
} from "../../worker/http";
export { createCannyToken, outbox, SESSION_TTL_MS, SWITCH_MARKETS_SPONSOR } from "../../worker/services";
