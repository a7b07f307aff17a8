/** What the app may use of worker/security: Turnstile's test keys (the request checks stay in the worker). */
export * from "./turnstile-keys";
