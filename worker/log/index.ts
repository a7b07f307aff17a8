export { createLogger, errorFields, type LogFields, type Logger, log, logLine } from "./logger";
export { sentryEnabled, withDurableObjectErrorReporting, withErrorReporting } from "./sentry";
