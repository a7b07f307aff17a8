import { describe, expect, it } from "vitest";
import { sentryBrowser } from "./sentry-dsn";

describe("sentryBrowser", () => {
  it("names the Loader Script of the DSN's public key and its ingest origin", () => {
    expect(sentryBrowser("https://0123abcdef4567890123abcdef456789@o4501.ingest.sentry.io/4505")).toEqual({
      loaderUrl: "https://js.sentry-cdn.com/0123abcdef4567890123abcdef456789.min.js",
      ingestOrigin: "https://o4501.ingest.sentry.io",
    });
  });

  it("keeps a regional ingest host", () => {
    expect(sentryBrowser("https://abc12345@o1.ingest.us.sentry.io/1")?.ingestOrigin).toBe(
      "https://o1.ingest.us.sentry.io",
    );
  });

  it.each([
    ["empty", ""],
    ["not a URL", "abc12345 o1.ingest.sentry.io 1"],
    ["no public key", "https://o1.ingest.sentry.io/1"],
    ["a key that is not hex", "https://abc%22%3E%3Cscript@o1.ingest.sentry.io/1"],
    ["a secret key", "https://abc12345:x@o1.ingest.sentry.io/1"],
    ["no project id", "https://abc12345@o1.ingest.sentry.io/"],
    ["plain http", "http://abc12345@o1.ingest.sentry.io/1"],
  ])("loads nothing for a malformed DSN (%s)", (_label, dsn) => {
    expect(sentryBrowser(dsn)).toBeNull();
  });
});
