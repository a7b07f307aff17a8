import { crc32, deflateRawSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readFx } from "../worker/market/test-helpers/fx";
import { buildZip } from "../worker/market/test-helpers/zip";
import { describeAnswer, importUrl, parseImportArgs, requestBody, UsageError } from "./data-import";

describe("data:import arguments", () => {
  it("reads the options, the token from ADMIN_TOKEN, and builds the endpoint URL", () => {
    const args = parseImportArgs(
      [
        "--symbol",
        "eurusd",
        "--file",
        "data/20140501_quote.csv.gz",
        "--format",
        "LEAN",
        "--timezone",
        "+02:00",
      ],
      { ADMIN_TOKEN: "secret" },
    );
    expect(args).toEqual({
      symbol: "eurusd",
      file: "data/20140501_quote.csv.gz",
      format: "lean",
      timezone: "+02:00",
      url: "http://127.0.0.1:8787",
      token: "secret",
    });
    expect(importUrl(args)).toBe(
      "http://127.0.0.1:8787/admin/market/import?symbol=eurusd&filename=20140501_quote.csv&format=lean&timezone=%2B02%3A00",
    );
  });

  it("prefers --token and --url, and keeps a deployed worker's path prefix out", () => {
    const args = parseImportArgs(
      ["--symbol", "GBPUSD", "--file", "x.csv", "--url", "https://app.example.com/ignored", "--token", "t1"],
      { ADMIN_TOKEN: "env" },
    );
    expect(args.token).toBe("t1");
    expect(importUrl(args)).toBe("https://app.example.com/admin/market/import?symbol=GBPUSD&filename=x.csv");
  });

  it("explains what is missing or wrong", () => {
    const run =
      (argv: string[], env: Record<string, string> = { ADMIN_TOKEN: "t" }) =>
      () =>
        parseImportArgs(argv, env);
    expect(run(["--file", "x.csv"])).toThrow(/--symbol is required/);
    expect(run(["--symbol", "EURUSD"])).toThrow(/--file is required/);
    expect(run(["--symbol", "EURUSD", "--file", "x.csv"], {})).toThrow(/--token or set ADMIN_TOKEN/);
    expect(run(["--symbol", "EURUSD", "--file", "x.csv", "--format", "xls"])).toThrow(/--format/);
    expect(run(["--symbol", "EURUSD", "--file", "x.csv", "--url", "ftp://x"])).toThrow(/--url/);
    expect(run(["--symbol", "EURUSD", "--file", "x.csv", "--bogus", "1"])).toThrow(UsageError);
  });
});

describe("data:import body and summary", () => {
  it("gzips a plain file and keeps a gzip file as it is", () => {
    const plain = new TextEncoder().encode("time,open,high,low,close\n");
    const sent = requestBody(plain);
    expect(sent.contentType).toBe("application/gzip");
    expect([sent.body[0], sent.body[1]]).toEqual([0x1f, 0x8b]);
    expect(new TextDecoder().decode(gunzipSync(sent.body))).toBe("time,open,high,low,close\n");
    expect(requestBody(sent.body).body).toEqual(sent.body);
  });

  it("sends a Lean day zip as it is, as a zip", () => {
    // Real rows of the Lean sample (shared/data/fx), without the sample's date prefix, zipped as Lean does.
    const rows = readFx("lean_oanda_bidask/eurusd_m1_oanda_bidask_2014-05_2018-04_sample.csv.gz")
      .split("\n")
      .slice(0, 50)
      .map((l) => l.slice("20140501,".length))
      .join("\n");
    const data = new TextEncoder().encode(rows);
    const zip = buildZip(
      [{ name: "20140501_eurusd_minute_quote.csv", data, deflated: deflateRawSync(data) }],
      crc32,
    );
    const sent = requestBody(zip);
    expect(sent.contentType).toBe("application/zip");
    expect(sent.body).toEqual(zip);
  });

  it("prints the months written and the bad rows with their lines", () => {
    const ok = describeAnswer(
      200,
      {
        status: "ok",
        data: {
          symbol: "EURUSD",
          format: "mt5",
          resolution: "M1",
          rows: 44640,
          bars: 44640,
          months: [
            { month: "2024-01", bars: 22320, written: true, replaced: "demo" },
            { month: "2024-02", bars: 22320, written: false, replaced: "import" },
          ],
          monthsWritten: 1,
          demoMonthsReplaced: ["2024-01"],
          changed: true,
        },
      },
      "eurusd.csv",
    );
    expect(ok.ok).toBe(true);
    expect(ok.lines).toEqual([
      "Imported EURUSD from eurusd.csv (mt5, M1): 44,640 rows, 44,640 bars.",
      "  2024-01   22,320 bars  written, replaced demo data",
      "  2024-02   22,320 bars  unchanged (the same data was already stored)",
      "1 of 2 month(s) written; demo data replaced for 2024-01.",
    ]);
    const bad = describeAnswer(
      422,
      {
        status: "error",
        errorCode: "IMPORT_ROWS",
        errorMessage: "x",
        userMessage: "2 bad row(s); nothing was imported.",
        errorCount: 2,
        errors: [
          { line: 3, message: "high 1 is below low 1.2" },
          { line: 0, message: "The file has no data rows." },
        ],
      },
      "f.csv",
    );
    expect(bad).toEqual({
      ok: false,
      lines: [
        "Import refused (422 IMPORT_ROWS): 2 bad row(s); nothing was imported.",
        "  line 3: high 1 is below low 1.2",
        "  file: The file has no data rows.",
      ],
    });
    expect(describeAnswer(502, undefined, "f.csv").lines[0]).toMatch(/HTTP 502/);
  });
});
