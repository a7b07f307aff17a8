import { createDb, type Db } from "../db/client";
import { type Config, type Env, readConfig } from "../env";
import { createAccounts } from "./accounts";
import { createHttpMailer, createOutboxMailer, type Mailer } from "./mailer";
import { createAllowlistEligibility } from "./sponsor";
import { createSubscriptions } from "./subscriptions";
import { createTurnstileVerifier } from "./turnstile";

/**
 * The one service layer both faces call (DESIGN D1): Hono handlers and Remix loaders/actions receive this
 * object; nothing else talks to D1, R2 or the providers.
 */
export function createServices(env: Env, options: { now?: () => number } = {}) {
  const config = readConfig(env);
  const db: Db = createDb(env.DB);
  const now = options.now ?? (() => Date.now());
  const newId = () => crypto.randomUUID();
  const mailer: Mailer =
    config.MAIL_PROVIDER === "http" && config.MAIL_HTTP_URL && config.MAIL_HTTP_TOKEN
      ? createHttpMailer(config.MAIL_HTTP_URL, config.MAIL_HTTP_TOKEN, config.MAIL_FROM)
      : createOutboxMailer(db, now, newId);
  const subscriptions = createSubscriptions({ db, now, newId });
  const accounts = createAccounts({
    db,
    now,
    newId,
    mailer,
    turnstile: createTurnstileVerifier(config.TURNSTILE_SECRET_KEY),
    sponsor: createAllowlistEligibility(db),
    subscriptions,
    appName: config.APP_NAME,
    contactTo: config.CONTACT_TO ?? config.SUPPORT_EMAIL,
  });
  return { env, config, db, now, newId, mailer, subscriptions, accounts };
}

export type Services = ReturnType<typeof createServices>;
export type { Config };
