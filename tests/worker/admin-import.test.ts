import { SELF } from "cloudflare:test";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildZip } from "../../worker/market/test-helpers/zip";
import { ADMIN_TOKEN, callWithAdmin } from "./built-worker";
import { candle } from "./candle";
import { env, envelope, ORIGIN } from "./helpers";

/*
 * POST /admin/market/import against the BUILT worker. SELF has no ADMIN_TOKEN and must refuse every
 * admin call; imports go through callWithAdmin (built-worker.ts): same bundle, same local R2, only
 * the secret added. Storage is shared within this file: each test uses its own symbol.
 */
const TOKEN = ADMIN_TOKEN;
const call = callWithAdmin;

const outcome = z.object({
  symbol: z.string(),
  format: z.string(),
  resolution: z.string(),
  rows: z.number(),
  bars: z.number(),
  months: z.array(
    z.object({
      month: z.string(),
      bars: z.number(),
      written: z.boolean(),
      replaced: z.enum(["demo", "import", "none"]),
    }),
  ),
  monthsWritten: z.number(),
  demoMonthsReplaced: z.array(z.string()),
  changed: z.boolean(),
});

const rejection = z.object({
  status: z.literal("error"),
  errorCode: z.literal("IMPORT_ROWS"),
  errorMessage: z.string(),
  userMessage: z.string(),
  rows: z.number(),
  errorCount: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});

function importPath(q: Record<string, string>): string {
  return `/admin/market/import?${new URLSearchParams(q)}`;
}

async function importFile(q: Record<string, string>, body: BodyInit, token = TOKEN) {
  const res = await call(importPath(q), {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" },
    body,
  });
  return { res, json: await res.json() };
}

async function imported(q: Record<string, string>, body: BodyInit) {
  const { res, json } = await importFile(q, body);
  const parsed = envelope.parse(json);
  if (res.status !== 200 || parsed.status !== "ok") throw new Error(`import failed: ${JSON.stringify(json)}`);
  return outcome.parse(parsed.data);
}

async function datafeed(q: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
  const res = await call(`/datafeed/candles/?${params}`);
  const text = await res.text();
  return { res, text, bars: res.status === 200 ? z.array(candle).parse(JSON.parse(text)) : [] };
}

/** A generic CSV of `n` M1 bars from `startIso`, prices walking up by one point per bar. */
function minuteCsv(startIso: string, n: number, base = 1.1): string {
  const start = Date.parse(startIso);
  const lines = ["time,open,high,low,close,volume"];
  for (let i = 0; i < n; i++) {
    const t = new Date(start + i * 60_000).toISOString();
    const o = (base + i * 0.00001).toFixed(5);
    const c = (base + (i + 1) * 0.00001).toFixed(5);
    const h = (base + (i + 3) * 0.00001).toFixed(5);
    const l = (base - 0.00002 + i * 0.00001).toFixed(5);
    lines.push(`${t},${o},${h},${l},${c},${10 + i}`);
  }
  return `${lines.join("\n")}\n`;
}

async function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function deflateRaw(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function storedKeys(symbol: string): Promise<Map<string, string>> {
  const listed = await env.BUCKET.list({ prefix: `candles/${symbol}/` });
  return new Map(listed.objects.map((o) => [o.key, o.etag]));
}

describe("admin token", () => {
  it("refuses every admin call when no ADMIN_TOKEN is configured (the deployed test worker)", async () => {
    const res = await SELF.fetch(`${ORIGIN}${importPath({ symbol: "EURUSD" })}`, {
      method: "POST",
      headers: { Authorization: "Bearer anything" },
      body: minuteCsv("2019-01-07T00:00:00Z", 3),
    });
    expect(res.status).toBe(403);
    const body = envelope.parse(await res.json());
    expect(body).toMatchObject({ status: "error", errorCode: "ADMIN_DISABLED" });
    expect(body.status === "error" && body.userMessage).toMatch(/ADMIN_TOKEN/);
  });

  it("refuses a missing or wrong token with 401 and writes nothing", async () => {
    const noAuth = await call(importPath({ symbol: "NZDCAD" }), {
      method: "POST",
      body: minuteCsv("2019-01-07T00:00:00Z", 3),
    });
    expect(noAuth.status).toBe(401);
    expect(noAuth.headers.get("www-authenticate")).toContain("Bearer");
    expect(envelope.parse(await noAuth.json())).toMatchObject({ errorCode: "ADMIN_UNAUTHORIZED" });
    const wrong = await importFile({ symbol: "NZDCAD" }, minuteCsv("2019-01-07T00:00:00Z", 3), `${TOKEN}x`);
    expect(wrong.res.status).toBe(401);
    expect((await storedKeys("NZDCAD")).size).toBe(0);
  });
});

describe("POST /admin/market/import", () => {
  it("imports a CSV, replaces the demo month it covers, and the datafeed serves it", async () => {
    const csv = minuteCsv("2019-03-04T09:00:00Z", 120);
    const before = await datafeed({
      symbol: "EURGBP",
      timeframe: "M1",
      start_timestamp: 1551690000,
      end_timestamp: 1551697199,
    });
    expect(before.res.headers.get("x-data-source")).toBe("demo");

    const out = await imported({ symbol: "eurgbp" }, csv);
    expect(out).toEqual({
      symbol: "EURGBP",
      format: "generic",
      resolution: "M1",
      rows: 120,
      bars: 120,
      months: [{ month: "2019-03", bars: 120, written: true, replaced: "demo" }],
      monthsWritten: 1,
      demoMonthsReplaced: ["2019-03"],
      changed: true,
    });

    const after = await datafeed({
      symbol: "EURGBP",
      timeframe: "M1",
      start_timestamp: 1551690000,
      end_timestamp: 1551697199,
    });
    expect(after.res.status).toBe(200);
    expect(after.res.headers.get("x-data-source")).toBe("imported");
    expect(after.res.headers.get("x-data-demo-months")).toBeNull();
    expect(after.res.headers.get("etag")).not.toBe(before.res.headers.get("etag"));
    expect(after.bars).toHaveLength(120);
    expect(after.bars[0]).toEqual({
      time: 1551690000,
      open: 1.1,
      high: 1.10003,
      low: 1.09998,
      close: 1.10001,
    });
    // The rest of the imported month is the file's data only: no demo bars around it.
    const day = await datafeed({
      symbol: "EURGBP",
      timeframe: "H1",
      start_timestamp: 1551657600,
      end_timestamp: 1551743999,
    });
    expect(day.bars.map((b) => b.time)).toEqual([1551690000, 1551693600]);
    expect(day.bars[0]).toMatchObject({ open: 1.1, close: 1.1006 });
  });

  it("re-importing the same file (here gzipped) changes nothing", async () => {
    const csv = minuteCsv("2019-04-30T23:30:00Z", 60, 1.3);
    const first = await imported({ symbol: "GBPUSD" }, csv);
    expect(first.months.map((m) => [m.month, m.bars, m.replaced])).toEqual([
      ["2019-04", 30, "demo"],
      ["2019-05", 30, "demo"],
    ]);
    const objects = await storedKeys("GBPUSD");
    expect([...objects.keys()].sort()).toEqual([
      "candles/GBPUSD/M1/2019-04.bin",
      "candles/GBPUSD/M1/2019-05.bin",
      "candles/GBPUSD/manifest.json",
    ]);
    const again = await imported({ symbol: "GBPUSD" }, await gzip(csv));
    expect(again.changed).toBe(false);
    expect(again.monthsWritten).toBe(0);
    expect(again.demoMonthsReplaced).toEqual([]);
    expect(again.months.every((m) => !m.written && m.replaced === "import")).toBe(true);
    expect(await storedKeys("GBPUSD")).toEqual(objects);
  });

  it("reports every bad row with its line number and writes nothing", async () => {
    const csv = [
      "time,open,high,low,close",
      "2019-06-03T10:00:00Z,1.1,1.2,1.0,1.15",
      "2019-06-03T10:01:00Z,1.1,1.0,1.2,1.15",
      "2019-06-03T10:02:00Z,abc,1.2,1.0,1.15",
      "2019-06-03T10:03:00Z,1.1,1.2,1.0,1.15",
      "2019-06-03T10:03:00Z,1.1,1.2,1.0,1.15",
    ].join("\n");
    const { res, json } = await importFile({ symbol: "AUDNZD" }, csv);
    expect(res.status).toBe(422);
    const body = rejection.parse(json);
    expect(body.rows).toBe(5);
    expect(body.errorCount).toBe(3);
    expect(body.errors.map((e) => e.line)).toEqual([3, 4, 6]);
    expect(body.errors[0].message).toMatch(/high 1 is below low 1.2/);
    expect(body.errors[2].message).toMatch(/repeats/);
    expect(body.userMessage).toMatch(/nothing was imported/);
    expect((await storedKeys("AUDNZD")).size).toBe(0);
    const feed = await datafeed({
      symbol: "AUDNZD",
      timeframe: "H1",
      start_timestamp: 1559556000,
      end_timestamp: 1559559599,
    });
    expect(feed.res.headers.get("x-data-source")).toBe("demo");
  });

  it("keeps the imported resolution: an H1 file cannot answer M1, and demo months still say so", async () => {
    const lines = ["time,open,high,low,close"];
    for (let h = 0; h < 24; h++)
      lines.push(`2019-07-01T${String(h).padStart(2, "0")}:00:00Z,1.5,1.6,1.4,1.55`);
    const out = await imported({ symbol: "EURAUD", timezone: "UTC" }, lines.join("\n"));
    expect(out.resolution).toBe("H1");
    const m1 = await datafeed({
      symbol: "EURAUD",
      timeframe: "M1",
      start_timestamp: 1561939200,
      end_timestamp: 1561942799,
    });
    expect(m1.res.status).toBe(400);
    expect(JSON.parse(m1.text).detail).toMatch(/finer than/);
    const d1 = await datafeed({
      symbol: "EURAUD",
      timeframe: "D1",
      start_timestamp: 1561939200,
      end_timestamp: 1561939200,
    });
    expect(d1.bars).toEqual([{ time: 1561939200, open: 1.5, high: 1.6, low: 1.4, close: 1.55 }]);
    // June is still demo: an answer mixing both says demo and names the demo month.
    const mixed = await datafeed({
      symbol: "EURAUD",
      timeframe: "D1",
      start_timestamp: 1561507200,
      end_timestamp: 1561939200,
    });
    expect(mixed.res.headers.get("x-data-source")).toBe("demo");
    expect(mixed.res.headers.get("x-data-demo-months")).toBe("2019-06");
  });

  it("refuses an hourly file forced to M1 instead of storing hours as minutes", async () => {
    const lines = ["time,open,high,low,close"];
    for (let h = 0; h < 6; h++) lines.push(`2019-07-02T0${h}:00:00Z,1.5,1.6,1.4,1.55`);
    const { res, json } = await importFile({ symbol: "NZDCHF", resolution: "m1" }, lines.join("\n"));
    expect(res.status).toBe(422);
    const body = rejection.parse(json);
    expect(body.errors).toEqual([
      {
        line: 3,
        message: expect.stringMatching(/forced resolution M1 does not fit the file.*one H1 apart/),
      },
    ]);
    expect((await storedKeys("NZDCHF")).size).toBe(0);
  });

  it("applies the file's time zone", async () => {
    const csv =
      "time,open,high,low,close\n2019-08-05 12:00,1.2,1.3,1.1,1.25\n2019-08-05 12:01,1.2,1.3,1.1,1.25\n";
    await imported({ symbol: "USDCAD", timezone: "+02:00" }, csv);
    const feed = await datafeed({
      symbol: "USDCAD",
      timeframe: "M1",
      start_timestamp: 1564999200,
      end_timestamp: 1564999260,
    });
    expect(feed.bars.map((b) => b.time)).toEqual([1564999200, 1564999260]); // 10:00 and 10:01 UTC
  });

  it("imports a Lean minute day zip as Lean ships it, also when the client gzipped the zip", async () => {
    // The first rows of Lean's EURUSD 2014-05-01 minute file (shared/data/fx Lean sample, date prefix off).
    const rows = [
      "0,1.38676,1.38686,1.38669,1.38686,0,1.38686,1.38697,1.38680,1.38697,0",
      "60000,1.38688,1.38688,1.38685,1.38685,0,1.38700,1.38700,1.38696,1.38698,0",
    ].join("\r\n");
    const data = new TextEncoder().encode(rows);
    const zip = buildZip(
      [{ name: "20140501_eurusd_minute_quote.csv", data, deflated: await deflateRaw(data) }],
      crc32,
    );
    // The CLI names the day zip; the worker reads the day from the CSV inside it.
    const out = await imported({ symbol: "EURUSD", filename: "20140501_quote.zip" }, zip);
    expect(out).toMatchObject({ format: "lean", resolution: "M1", rows: 2, bars: 2 });
    expect(out.months.map((m) => m.month)).toEqual(["2014-05"]);
    const feed = await datafeed({
      symbol: "EURUSD",
      timeframe: "M1",
      start_timestamp: 1398902400,
      end_timestamp: 1398902460,
    });
    expect(feed.bars).toEqual([
      { time: 1398902400, open: 1.38676, high: 1.38686, low: 1.38669, close: 1.38686 },
      { time: 1398902460, open: 1.38688, high: 1.38688, low: 1.38685, close: 1.38685 },
    ]);
    const gzipped = new Uint8Array(
      await new Response(new Blob([zip]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer(),
    );
    const again = await imported({ symbol: "EURUSD" }, gzipped);
    expect(again).toMatchObject({ bars: 2, changed: false });
  });

  it("refuses a zip holding several files, or a damaged one, writing nothing", async () => {
    const data = new TextEncoder().encode(minuteCsv("2019-10-07T00:00:00Z", 2));
    const two = buildZip(
      [
        { name: "a.csv", data },
        { name: "b.csv", data },
      ],
      crc32,
    );
    const several = await importFile({ symbol: "NZDJPY" }, two);
    expect(several.res.status).toBe(400);
    expect(envelope.parse(several.json)).toMatchObject({ errorCode: "IMPORT_FORMAT" });
    expect(JSON.stringify(several.json)).toMatch(/holds 2 files \(a.csv, b.csv\)/);
    const one = buildZip([{ name: "a.csv", data }], crc32);
    one[40] ^= 0xff; // a byte of the stored file: its CRC-32 no longer matches
    const damaged = await importFile({ symbol: "NZDJPY" }, one);
    expect(damaged.res.status).toBe(400);
    expect(JSON.stringify(damaged.json)).toMatch(/damaged/);
    expect((await storedKeys("NZDJPY")).size).toBe(0);
  });

  it("refuses bad parameters and unreadable files with the envelope", async () => {
    const csv = minuteCsv("2019-09-02T00:00:00Z", 2);
    const unknown = await importFile({ symbol: "ABCXYZ" }, csv);
    expect(unknown.res.status).toBe(400);
    expect(envelope.parse(unknown.json)).toMatchObject({ errorCode: "UNKNOWN_SYMBOL" });
    const missing = await importFile({}, csv);
    expect(missing.res.status).toBe(400);
    expect(envelope.parse(missing.json)).toMatchObject({ errorCode: "VALIDATION_ERROR", field: "symbol" });
    const format = await importFile({ symbol: "CHFJPY", format: "excel" }, csv);
    expect(format.res.status).toBe(400);
    expect(envelope.parse(format.json)).toMatchObject({ errorCode: "VALIDATION_ERROR", field: "format" });
    const zone = await importFile({ symbol: "CHFJPY", timezone: "Mars/Olympus" }, csv);
    expect(zone.res.status).toBe(400);
    expect(envelope.parse(zone.json)).toMatchObject({ errorCode: "IMPORT_FORMAT" });
    const garbage = await importFile({ symbol: "CHFJPY" }, "hello world\nthis is not prices\n");
    expect(garbage.res.status).toBe(400);
    expect(envelope.parse(garbage.json)).toMatchObject({ errorCode: "IMPORT_FORMAT" });
    const empty = await importFile({ symbol: "CHFJPY" }, "");
    expect(empty.res.status).toBe(400);
    expect((await storedKeys("CHFJPY")).size).toBe(0);
  });
});
