/**
 * The worker code that route modules use in loaders and actions, re-exported from a `.server` module so the
 * Remix compiler keeps it (zod, drizzle, WebCrypto helpers) out of the browser bundle.
 */
export { outbox } from "../../worker/db/schema";
export {
  contactSchema,
  resetFormSchema,
  resetRequestSchema,
  signInSchema,
} from "../../worker/forms/auth";
export {
  clearSessionCookie,
  clientIp,
  sessionCookie,
  sessionToken,
  themeCookie,
} from "../../worker/http/cookies";
export { SESSION_TTL_MS } from "../../worker/services/accounts";
export { createCannyToken } from "../../worker/services/canny";
export { SWITCH_MARKETS_SPONSOR } from "../../worker/services/sponsor";
