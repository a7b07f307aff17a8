import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ADMIN_TOKEN, callWithAdmin } from "./built-worker";
import { ORIGIN } from "./helpers";

// The public datafeed of the built worker (spec 2 section 7), on embedded demo data: nothing imported.
const candle = z
  .object({ time: z.number(), open: z.number(), high: z.number(), low: z.number(), close: z.number() })
  .strict();
const candles = z.array(candle);
const detailBody = z.object({ detail: z.string() });

function url(q: Record<string, string | number>, path = "/datafeed/candles/"): string {
  const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
  return `${ORIGIN}${path}?${params}`;
}

async function get(q: Record<string, string | number>, init?: RequestInit) {
  const res = await SELF.fetch(url(q), init);
  return { res, text: await res.text() };
}

async function errorOf(q: Record<string, string | number>) {
  const { res, text } = await get(q);
  return { status: res.status, detail: detailBody.parse(JSON.parse(text)).detail, res };
}

const JAN_2024 = { start_timestamp: 1704067200, end_timestamp: 1706745600 };

describe("GET /datafeed/candles/", () => {
  it("answers January 2024 hourly EURUSD bars without any import, labelled demo", async () => {
    const { res, text } = await get({ symbol: "EURUSD", timeframe: "H1", ...JAN_2024 });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("x-data-source")).toBe("demo");
    // end_timestamp is inclusive: the bar opening at 2024-02-01 00:00 belongs to the answer.
    expect(res.headers.get("x-data-demo-months")).toBe("2024-01, 2024-02");
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{16}"$/);
    const bars = candles.parse(JSON.parse(text));
    // 23 weekdays of 24 hours, give or take the Sunday-evening open and the Friday close.
    expect(bars.length).toBeGreaterThan(500);
    expect(bars.length).toBeLessThan(600);
    for (let i = 0; i < bars.length; i++) {
      const b = bars[i];
      expect(b.time % 3600).toBe(0);
      expect(b.time).toBeGreaterThanOrEqual(JAN_2024.start_timestamp);
      expect(b.time).toBeLessThanOrEqual(JAN_2024.end_timestamp);
      if (i > 0) expect(b.time).toBeGreaterThan(bars[i - 1].time);
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
      expect(b.open).toBeGreaterThan(0.9);
      expect(b.open).toBeLessThan(1.3);
    }
    // No bars on a Saturday (2024-01-06).
    const saturday = Date.UTC(2024, 0, 6) / 1000;
    expect(bars.some((b) => b.time >= saturday && b.time < saturday + 86400)).toBe(false);
  });

  it("reads the timeframe case-insensitively and the path with or without its trailing slash", async () => {
    const q = { symbol: "eurusd", start_timestamp: 1704153600, end_timestamp: 1704412799 };
    const upper = await get({ ...q, timeframe: "M15" });
    const lower = await get({ ...q, timeframe: "m15" });
    const bare = await SELF.fetch(url({ ...q, timeframe: "m15" }, "/datafeed/candles"));
    expect(upper.res.status).toBe(200);
    expect(lower.text).toBe(upper.text);
    expect(await bare.text()).toBe(upper.text);
    expect(candles.parse(JSON.parse(upper.text)).length).toBe(3 * 96);
  });

  it("builds every period from the same M1: a D1 candle spans its hours", async () => {
    const q = { symbol: "GBPJPY", start_timestamp: 1709510400, end_timestamp: 1709596799 }; // Mon 2024-03-04
    const hours = candles.parse(JSON.parse((await get({ ...q, timeframe: "h1" })).text));
    const days = candles.parse(JSON.parse((await get({ ...q, timeframe: "D1" })).text));
    expect(hours).toHaveLength(24);
    expect(days).toEqual([
      {
        time: 1709510400,
        open: hours[0].open,
        high: Math.max(...hours.map((h) => h.high)),
        low: Math.min(...hours.map((h) => h.low)),
        close: hours[23].close,
      },
    ]);
  });

  it("gives a 14-day M1 window (the chart's first load) and revalidates it with its ETag", async () => {
    const q = { symbol: "AUDUSD", timeframe: "m1", start_timestamp: 1717200000, end_timestamp: 1718495999 };
    const first = await get(q);
    expect(first.res.status).toBe(200);
    const bars = candles.parse(JSON.parse(first.text));
    expect(bars.length).toBeGreaterThan(9 * 1400);
    const etag = first.res.headers.get("etag") ?? "";
    const again = await SELF.fetch(url(q), { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("x-data-source")).toBe("demo");
    const weak = await SELF.fetch(url(q), { headers: { "If-None-Match": `W/${etag}` } });
    expect(weak.status).toBe(304);
    const other = await SELF.fetch(url({ ...q, end_timestamp: 1718495940 }), {
      headers: { "If-None-Match": etag },
    });
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("makes a past range revalidate, so an import is seen at once instead of a cached day later", async () => {
    // Through the built worker with an admin token, so that the import and the reads share an isolate.
    const q = { symbol: "NZDUSD", timeframe: "H1", start_timestamp: 1546819200, end_timestamp: 1546826400 };
    const first = await callWithAdmin(url(q).slice(ORIGIN.length));
    expect(first.status).toBe(200);
    // no-cache: the browser keeps the answer but asks again each time, with the ETag.
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    expect(first.headers.get("x-data-source")).toBe("demo");
    const etag = first.headers.get("etag") ?? "";
    const unchanged = await callWithAdmin(url(q).slice(ORIGIN.length), {
      headers: { "If-None-Match": etag },
    });
    expect(unchanged.status).toBe(304);

    const csv =
      "time,open,high,low,close\n2019-01-07T00:00:00Z,0.671,0.672,0.67,0.6715\n2019-01-07T01:00:00Z,0.6715,0.673,0.671,0.672\n";
    const imported = await callWithAdmin("/admin/market/import?symbol=NZDUSD", {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      body: csv,
    });
    expect(imported.status).toBe(200);

    const after = await callWithAdmin(url(q).slice(ORIGIN.length), { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(after.headers.get("x-data-source")).toBe("imported");
    expect(candles.parse(await after.json())).toEqual([
      { time: 1546819200, open: 0.671, high: 0.672, low: 0.67, close: 0.6715 },
      { time: 1546822800, open: 0.6715, high: 0.673, low: 0.671, close: 0.672 },
    ]);
  });

  it("answers an empty array for a weekend or a future range", async () => {
    const weekend = await get({
      symbol: "EURUSD",
      timeframe: "H1",
      start_timestamp: 1704499200,
      end_timestamp: 1704585599,
    });
    expect(weekend.res.status).toBe(200);
    expect(JSON.parse(weekend.text)).toEqual([]);
    const future = Math.floor(Date.UTC(new Date().getUTCFullYear() + 2, 0, 1) / 1000);
    const later = await get({
      symbol: "EURUSD",
      timeframe: "H1",
      start_timestamp: future,
      end_timestamp: future + 86400,
    });
    expect(later.res.status).toBe(200);
    expect(JSON.parse(later.text)).toEqual([]);
    expect(later.res.headers.get("x-data-source")).toBe("none");
    expect(later.res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("never runs demo data past the present, and caches the current month briefly", async () => {
    const now = Math.floor(Date.now() / 1000);
    const { res, text } = await get({
      symbol: "USDCHF",
      timeframe: "M1",
      start_timestamp: now - 3 * 86400,
      end_timestamp: now + 86400,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const bars = candles.parse(JSON.parse(text));
    for (const b of bars) expect(b.time).toBeLessThanOrEqual(now);
  });
});

describe("datafeed errors carry a detail, with 400 or 404", () => {
  const base = { symbol: "EURUSD", timeframe: "H1", ...JAN_2024 };

  it("names every missing parameter", async () => {
    const none = await errorOf({});
    expect(none.status).toBe(400);
    expect(none.detail).toBe(
      "Missing required parameters: symbol, timeframe, start_timestamp, end_timestamp.",
    );
    const some = await errorOf({ symbol: "EURUSD", start_timestamp: 1704067200, end_timestamp: "" });
    expect(some.status).toBe(400);
    expect(some.detail).toBe("Missing required parameters: timeframe, end_timestamp.");
    expect(some.res.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses an unknown symbol with 404", async () => {
    const e = await errorOf({ ...base, symbol: "XXXYYY" });
    expect(e.status).toBe(404);
    expect(e.detail).toMatch(/Unknown symbol "XXXYYY"/);
  });

  it("refuses an unknown timeframe", async () => {
    const e = await errorOf({ ...base, timeframe: "H5" });
    expect(e.status).toBe(400);
    expect(e.detail).toMatch(/Unknown period "H5"/);
  });

  it("refuses timestamps that are not epoch seconds", async () => {
    const e = await errorOf({ ...base, start_timestamp: "2024-01-01" });
    expect(e.status).toBe(400);
    expect(e.detail).toMatch(/start_timestamp must be epoch seconds/);
    expect((await errorOf({ ...base, end_timestamp: -5 })).status).toBe(400);
  });

  it("refuses an end before the start", async () => {
    const e = await errorOf({ ...base, start_timestamp: 1706745600, end_timestamp: 1704067200 });
    expect(e.status).toBe(400);
    expect(e.detail).toBe("end_timestamp is before start_timestamp.");
  });

  it("refuses a range over the documented limit of 100000 candles", async () => {
    const e = await errorOf({
      ...base,
      timeframe: "M1",
      start_timestamp: 1577836800,
      end_timestamp: 1704067200,
    });
    expect(e.status).toBe(400);
    expect(e.detail).toMatch(/more than 100000 M1 candles/);
    // A range needing more than 240 months is refused by the store, still as a 400.
    const wide = await errorOf({ ...base, timeframe: "MN1", start_timestamp: 0, end_timestamp: 1704067200 });
    expect(wide.status).toBe(400);
    expect(wide.detail).toMatch(/at most 240/);
  });
});
