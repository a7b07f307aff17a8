/**
 * The form schemas and texts both faces validate with (the app's entry point into worker/forms). Client code
 * that only needs texts imports `worker/forms/messages`, which holds no zod.
 */
export * from "./auth";
export * from "./billing";
export * from "./messages";
