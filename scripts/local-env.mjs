// Environment for every local wrangler call: no metrics and no calls to Cloudflare's API, so it runs offline.
export const localEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: process.env.CI ?? "true",
};
