/** The HTTP helpers both faces share (the app's entry point into worker/http): errors, cookies, bounded reads. */
export * from "./cookies";
export * from "./envelope";
export * from "./errors";
export * from "./read-limited";
