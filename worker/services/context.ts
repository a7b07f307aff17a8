import { createDb, type Db } from "../db/client";
import { type Config, type Env, readConfig } from "../env";
import { createAccounts } from "./accounts";
import { createAssistant } from "./assistant";
import { createBilling } from "./billing";
import { createHttpMailer, createOutboxMailer, type Mailer } from "./mailer";
import { createMarketData } from "./market-data";
import { hubSessionSockets } from "./session-sockets";
import { createAllowlistEligibility } from "./sponsor";
import { createStrategies } from "./strategies";
import { hubEvents } from "./strategies/events";
import { durableOptimiser, durableRunner } from "./strategies/runner";
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
  const sponsor = createAllowlistEligibility(db);
  const billing = createBilling({
    db,
    d1: env.DB,
    config,
    sponsor,
    now,
    newId,
  });
  const subscriptions = createSubscriptions({
    db,
    d1: env.DB,
    now,
    newId,
    products: billing.products,
    credits: billing.credits,
    sponsor,
  });
  const accounts = createAccounts({
    db,
    now,
    newId,
    mailer,
    turnstile: createTurnstileVerifier(config.TURNSTILE_SECRET_KEY, fetch, config.TURNSTILE_VERIFY_URL),
    sponsor,
    subscriptions,
    sockets: hubSessionSockets(env.USER_HUB),
    appName: config.APP_NAME,
    contactTo: config.CONTACT_TO ?? config.SUPPORT_EMAIL,
  });
  const market = createMarketData(env.BUCKET, options.now);
  return {
    env,
    config,
    db,
    now,
    newId,
    mailer,
    subscriptions,
    accounts,
    billing,
    credits: billing.credits,
    sponsor,
    // Candle store over R2; the isolate's shared store unless a test clock is given.
    market,
    strategies: createStrategies({
      db,
      d1: env.DB,
      bucket: env.BUCKET,
      now,
      credits: billing.credits,
      events: hubEvents(env.USER_HUB),
      assistant: createAssistant(config, env.AI),
      runner: durableRunner(env.BACKTEST_RUNNER),
      market,
      optimiser: durableOptimiser(env.OPTIMISE_COORDINATOR),
      optimiseWorkers: config.OPTIMISE_WORKERS,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
export type { Config };
