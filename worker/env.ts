import { z } from "zod";
import type { BacktestRunner } from "./hubs/backtest-runner";
import type { OptimiseCoordinator } from "./hubs/optimise-coordinator";
import type { OptimiseWorker } from "./hubs/optimise-worker";
import type { UserHub } from "./hubs/user-hub";
import { DEFAULT_FEED_URL } from "./market/feed/mapping";
import { sentryBrowser } from "./security/sentry-dsn";
import {
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TEST_SECRETS,
  TURNSTILE_TEST_SITE_KEY,
} from "./security/turnstile-keys";

/**
 * Bindings and variables the worker receives (DESIGN D13). What wrangler.toml declares comes from the generated
 * worker-configuration.d.ts (`npm run types`); the Durable Object namespaces are narrowed to their classes (the
 * generator cannot see them: wrangler's main is the built bundle). Secrets and optional variables that
 * wrangler.toml does not name (README "Configuration") are declared here: each is optional, and `readConfig`
 * validates them once with their defaults. No index signature: a binding nobody declared is a type error.
 */
export interface Env
  extends Omit<WranglerEnv, "USER_HUB" | "BACKTEST_RUNNER" | "OPTIMISE_COORDINATOR" | "OPTIMISE_WORKER"> {
  USER_HUB: DurableObjectNamespace<UserHub>;
  BACKTEST_RUNNER: DurableObjectNamespace<BacktestRunner>;
  OPTIMISE_COORDINATOR: DurableObjectNamespace<OptimiseCoordinator>;
  OPTIMISE_WORKER: DurableObjectNamespace<OptimiseWorker>;
  /** Workers AI, for ASSISTANT_PROVIDER=workers-ai (an `[ai]` binding added at deployment). */
  AI?: Ai;
  APP_ENV?: string;
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  TURNSTILE_VERIFY_URL?: string;
  MAIL_PROVIDER?: string;
  MAIL_HTTP_URL?: string;
  MAIL_HTTP_TOKEN?: string;
  CONTACT_TO?: string;
  CANNY_APP_ID?: string;
  CANNY_PRIVATE_KEY?: string;
  CANNY_BOARD_TOKEN?: string;
  ANALYTICS_SCRIPT_URL?: string;
  ANALYTICS_SITE_ID?: string;
  SEGMENT_WRITE_KEY?: string;
  SENTRY_DSN?: string;
  ADMIN_TOKEN?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: string;
  STRIPE_API_PROTOCOL?: string;
  ASSISTANT_PROVIDER?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL?: string;
  WORKERS_AI_MODEL?: string;
}

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * Typed configuration, validated once per isolate (DESIGN D10). Every variable has an embedded default so
 * that `npm start` runs offline; README "Configuration" documents each one.
 */
const configSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
  APP_NAME: z.string().default("StratForge"),
  TURNSTILE_SITE_KEY: z.string().default("1x00000000000000000000AA"),
  // No default here: outside production the always-passing test secret is filled in below; in production a
  // missing secret fails every check closed (worker/services/turnstile.ts), never passes.
  TURNSTILE_SECRET_KEY: optionalString,
  // Tests only: a local fake siteverify endpoint instead of Cloudflare's.
  TURNSTILE_VERIFY_URL: z.url().optional(),
  MAIL_FROM: z.string().default("StratForge <no-reply@stratforge.local>"),
  MAIL_PROVIDER: z.enum(["outbox", "http"]).default("outbox"),
  MAIL_HTTP_URL: optionalString,
  MAIL_HTTP_TOKEN: optionalString,
  CONTACT_TO: optionalString,
  SUPPORT_EMAIL: z.string().default("support@stratforge.example"),
  MARKETING_URL: z.string().default("https://stratforge.example"),
  ROADMAP_URL: z.string().default("https://feedback.stratforge.example/roadmap"),
  CANNY_APP_ID: optionalString,
  CANNY_PRIVATE_KEY: optionalString,
  CANNY_BOARD_TOKEN: optionalString,
  ANALYTICS_SCRIPT_URL: optionalString,
  ANALYTICS_SITE_ID: optionalString,
  SEGMENT_WRITE_KEY: optionalString,
  SENTRY_DSN: optionalString,
  ADMIN_TOKEN: optionalString,
  // Billing (DESIGN D8). Without STRIPE_SECRET_KEY the embedded sandbox provider takes payments.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Tests only: point the Stripe SDK at a local Stripe-compatible fake instead of api.stripe.com.
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  // The strategy assistant (DESIGN D4): the embedded interpreter unless an LLM provider is configured.
  ASSISTANT_PROVIDER: z.enum(["interpreter", "workers-ai", "openai"]).default("interpreter"),
  OPENAI_BASE_URL: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: optionalString,
  WORKERS_AI_MODEL: z.string().default("@cf/meta/llama-3.1-8b-instruct"),
  // Real prices (issue 18): the base of the tick datafeed's hour files, and its per-request timeout.
  MARKET_FEED_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_FEED_URL),
  MARKET_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  // Optimisations (issue 17): worker Durable Objects per optimisation; 1 = the coordinator runs every slice.
  OPTIMISE_WORKERS: z.coerce.number().int().min(1).max(32).default(4),
});

export type Config = z.infer<typeof configSchema>;

const cache = new WeakMap<object, Config>();

/**
 * Development and test runs (APP_ENV set by `npm start`, the browser tests' server and vitest) get Cloudflare's
 * always-passing Turnstile test secret when none is set, so they work offline. A deployment without APP_ENV
 * is production: no such default.
 */
export function withDevDefaults(config: Config): Config {
  if (config.APP_ENV === "production" || config.TURNSTILE_SECRET_KEY) return config;
  return { ...config, TURNSTILE_SECRET_KEY: TURNSTILE_TEST_SECRETS.pass };
}

export function readConfig(env: Env): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const config = withDevDefaults(configSchema.parse(env));
  cache.set(env, config);
  return config;
}

export { TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_SECRETS, TURNSTILE_TEST_SITE_KEY };

export function usesTurnstileTestKeys(config: Config): boolean {
  return Object.values(TURNSTILE_TEST_SECRETS).some((k) => k === config.TURNSTILE_SECRET_KEY);
}

/** Values safe to send to the browser. Secrets never leave the worker. */
export function publicConfig(config: Config) {
  return {
    appName: config.APP_NAME,
    turnstileSiteKey: config.TURNSTILE_SITE_KEY,
    turnstileTestMode: usesTurnstileTestKeys(config),
    marketingUrl: config.MARKETING_URL,
    roadmapUrl: config.ROADMAP_URL,
    feedbackConfigured: Boolean(config.CANNY_APP_ID && config.CANNY_PRIVATE_KEY && config.CANNY_BOARD_TOKEN),
    cannyAppId: config.CANNY_APP_ID ?? null,
    cannyBoardToken: config.CANNY_BOARD_TOKEN ?? null,
    analyticsScriptUrl: config.ANALYTICS_SCRIPT_URL ?? null,
    analyticsSiteId: config.ANALYTICS_SITE_ID ?? null,
    segmentWriteKey: config.SEGMENT_WRITE_KEY ?? null,
    // Null for a malformed DSN: nothing is loaded and the CSP names no Sentry origin.
    sentry: sentryBrowser(config.SENTRY_DSN),
    // The stripe payment provider is on: pages with a card form load Stripe.js (CSP below).
    stripeConfigured: Boolean(config.STRIPE_SECRET_KEY),
    devTools: config.APP_ENV !== "production",
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
