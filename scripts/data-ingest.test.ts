import { describe, expect, it } from "vitest";
import { ingestUrl, parseIngestArgs, UsageError } from "./data-ingest";

describe("data:ingest arguments", () => {
  it("builds the endpoint with the range and the feed override", () => {
    const args = parseIngestArgs(
      [
        "--symbol",
        "EURUSD",
        "--from",
        "2024-01-01",
        "--to",
        "2024-03-31",
        "--feed",
        "http://127.0.0.1:9/feed",
      ],
      { ADMIN_TOKEN: "t" },
    );
    expect(ingestUrl(args)).toBe(
      "http://127.0.0.1:8787/admin/market/ingest?symbol=EURUSD&from=2024-01-01&to=2024-03-31&feed=http%3A%2F%2F127.0.0.1%3A9%2Ffeed",
    );
  });

  it("refuses a missing token, a bad date and unknown options", () => {
    expect(() =>
      parseIngestArgs(["--symbol", "EURUSD", "--from", "2024-01-01", "--to", "2024-01-02"], {}),
    ).toThrow(/token/);
    expect(() =>
      parseIngestArgs(["--symbol", "EURUSD", "--from", "1/1/24", "--to", "2024-01-02"], { ADMIN_TOKEN: "t" }),
    ).toThrow(UsageError);
    expect(() => parseIngestArgs(["--nope"], {})).toThrow(UsageError);
  });
});
