import type { Config } from "../env";
import { FEEDBACK_NOT_CONFIGURED } from "../forms/messages";
import { AppError } from "../http/errors";
import type { SessionUser } from "./accounts";
import { base64url } from "./crypto";

export { FEEDBACK_NOT_CONFIGURED };

/**
 * Single-sign-on token for the feedback board: an HS256 JWT of the user, signed with the board's private
 * key, as the board's SSO documents. Made on the server so the key never reaches the browser.
 */
export async function createCannyToken(config: Config, user: SessionUser): Promise<string> {
  if (!config.CANNY_PRIVATE_KEY || !config.CANNY_APP_ID) {
    throw new AppError("FEEDBACK_NOT_CONFIGURED", 404, FEEDBACK_NOT_CONFIGURED);
  }
  const enc = new TextEncoder();
  const header = base64url(enc.encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));
  const payload = base64url(
    enc.encode(
      JSON.stringify({ id: user.id, email: user.email, name: user.name, iat: Math.floor(Date.now() / 1000) }),
    ),
  );
  const key = await crypto.subtle.importKey(
    "raw",
    enc.encode(config.CANNY_PRIVATE_KEY),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(`${header}.${payload}`)));
  return `${header}.${payload}.${base64url(sig)}`;
}
