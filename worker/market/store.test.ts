import { describe, expect, it } from "vitest";
import { aggregate } from "./aggregate";
import { barsFromRows, concatBars, toRows } from "./bars";
import { LruCache } from "./cache";
import { getSymbol } from "./catalogue";
import { chunkKey, manifestKey, monthsInRange } from "./chunks";
import { demoMonth } from "./demo";
import { PeriodError } from "./errors";
import { importBars } from "./importers";
import { type CachedMonth, CandleStore, ImportRowsError, MemoryBlobStore } from "./store";
import { readFx } from "./test-helpers/fx";

const T = (s: string) => Date.parse(s);
const NOW = T("2024-06-15T12:34:56Z");
const make = (blobs = new MemoryBlobStore()) => ({
  blobs,
  store: new CandleStore({ blobs, now: () => NOW }),
});

describe("CandleStore", () => {
  it("generates demo M1 on first read, stores it, and says it is demo", async () => {
    const { blobs, store } = make();
    const a = await store.candles("eurusd", "H1", T("2024-01-08T00:00:00Z"), T("2024-01-09T00:00:00Z"));
    expect(a.demo).toBe(true);
    expect(a.symbol).toBe("EURUSD");
    expect(a.bars.length).toBe(24);
    expect(new Date(a.bars.time[0]).toISOString()).toBe("2024-01-08T00:00:00.000Z");
    expect(blobs.objects.has(chunkKey("EURUSD", "M1", "2024-01"))).toBe(true);
    // A fresh store over the same blobs reads the stored chunk and gets the same bars.
    const again = await new CandleStore({ blobs, now: () => NOW }).candles(
      "EURUSD",
      "H1",
      T("2024-01-08T00:00:00Z"),
      T("2024-01-09T00:00:00Z"),
    );
    expect(toRows(again.bars)).toEqual(toRows(a.bars));
  });

  it("never serves demo bars past the present minute and does not store the current month", async () => {
    const { blobs, store } = make();
    const a = await store.candles("EURUSD", "M1", T("2024-06-14T00:00:00Z"), T("2024-07-01T00:00:00Z"));
    expect(a.bars.time[a.bars.length - 1]).toBeLessThan(NOW);
    expect(blobs.objects.has(chunkKey("EURUSD", "M1", "2024-06"))).toBe(false);
    const future = await store.candles("EURUSD", "H1", T("2025-01-01T00:00:00Z"), T("2025-02-01T00:00:00Z"));
    expect(future.bars.length).toBe(0);
  });

  it("assembles any range of any period across months (W1 straddling two chunks)", async () => {
    const { store } = make();
    const s = getSymbol("GBPUSD");
    const w = await store.candles("GBPUSD", "W1", T("2024-01-01T00:00:00Z"), T("2024-04-01T00:00:00Z"));
    const m1 = concatBars([
      demoMonth(s, "2023-12"),
      demoMonth(s, "2024-01"),
      demoMonth(s, "2024-02"),
      demoMonth(s, "2024-03"),
    ]);
    const want = aggregate(m1, "M1", "W1");
    const from = want.time.findIndex((t) => t >= T("2024-01-01T00:00:00Z"));
    expect(toRows(w.bars)).toEqual(toRows(want).slice(from));
    const mn = await store.candles("GBPUSD", "MN1", T("2024-01-01T00:00:00Z"), T("2024-04-01T00:00:00Z"));
    expect(mn.bars.length).toBe(3);
    const part = await store.candles("GBPUSD", "H4", T("2024-01-31T21:00:00Z"), T("2024-02-01T05:00:00Z"));
    expect(part.bars.length).toBe(3); // 20:00 (holds 21:00), 00:00 and 04:00
    expect(part.sources.map((x) => x.month)).toEqual(["2024-01", "2024-02"]);
  });

  it("replaces demo months with imported data and refuses finer periods", async () => {
    const { blobs, store } = make();
    const symbol = getSymbol("EURUSD");
    const result = importBars(readFx("snowguru_d1_h4/EURUSD_H4.csv.gz"), { symbol });
    const summary = await store.import(symbol, result);
    expect(summary.period).toBe("H4");
    expect(summary.months.length).toBeGreaterThan(190);
    expect(blobs.objects.has(chunkKey("EURUSD", "H4", "2020-03"))).toBe(true);
    const d = await store.candles("EURUSD", "D1", T("2020-03-02T00:00:00Z"), T("2020-03-07T00:00:00Z"));
    expect(d.demo).toBe(false);
    expect(d.bars.length).toBe(5);
    const ref = importBars(readFx("snowguru_d1_h4/EURUSD_D1.csv"), { symbol });
    const i = ref.bars.time.indexOf(T("2020-03-02T00:00:00Z"));
    expect(d.bars.close[0]).toBe(ref.bars.close[i]);
    await expect(
      store.candles("EURUSD", "H1", T("2020-03-02T00:00:00Z"), T("2020-03-03T00:00:00Z")),
    ).rejects.toThrow(PeriodError);
    await expect(
      store.candles("EURUSD", "H1", T("2020-03-02T00:00:00Z"), T("2020-03-03T00:00:00Z")),
    ).rejects.toThrow(/H1 is finer than the EURUSD data of 2020-03 \(H4\)/);
    // Months the file does not cover stay demo.
    expect(
      (await store.candles("EURUSD", "H1", T("2024-01-02T00:00:00Z"), T("2024-01-03T00:00:00Z"))).demo,
    ).toBe(true);
  });

  it("re-importing the same file changes nothing", async () => {
    const { blobs, store } = make();
    const symbol = getSymbol("EURUSD");
    const text = readFx("lean_oanda_bidask/eurusd_m1_oanda_bidask_2014-05_2018-04_sample.csv.gz");
    const first = await store.import(symbol, importBars(text, { symbol }));
    expect(first.months.map((m) => [m.month, m.changed])).toEqual([
      ["2014-05", true],
      ["2018-04", true],
    ]);
    const snapshot = new Map([...blobs.objects].map(([k, v]) => [k, Buffer.from(v).toString("base64")]));
    const second = await store.import(symbol, importBars(text, { symbol }));
    expect(second.changed).toBe(false);
    expect(new Map([...blobs.objects].map(([k, v]) => [k, Buffer.from(v).toString("base64")]))).toEqual(
      snapshot,
    );
    const m1 = await store.candles("EURUSD", "M1", T("2014-05-01T00:00:00Z"), T("2014-05-01T00:05:00Z"));
    expect(m1.demo).toBe(false);
    expect(m1.bars.open[0]).toBe(1.38676);
  });

  it("a later import of another part of a month keeps the earlier part", async () => {
    const { store } = make();
    const symbol = getSymbol("EURUSD");
    const row = (t: string, p: number) => `${t},${p},${p},${p},${p}`;
    const a = importBars(
      ["time,open,high,low,close", row("2024-01-02 10:00", 1.1), row("2024-01-02 10:01", 1.2)].join("\n"),
      { symbol },
    );
    const b = importBars(["time,open,high,low,close", row("2024-01-03 10:00", 1.3)].join("\n"), { symbol });
    await store.import(symbol, a);
    await store.import(symbol, b);
    const got = await store.candles("EURUSD", "M1", T("2024-01-01T00:00:00Z"), T("2024-02-01T00:00:00Z"));
    expect(Array.from(got.bars.close)).toEqual([1.1, 1.2, 1.3]);
    expect(got.demo).toBe(false);
  });

  it("an import starts from the stored manifest, not a stale isolate copy (two isolates)", async () => {
    const blobs = new MemoryBlobStore();
    const a = new CandleStore({ blobs, now: () => NOW });
    const b = new CandleStore({ blobs, now: () => NOW });
    const symbol = getSymbol("EURUSD");
    const file = (day: string) =>
      importBars(`time,open,high,low,close\n${day} 10:00,1.1,1.1,1.1,1.1\n`, { symbol });
    await a.manifest("EURUSD"); // isolate A caches the empty manifest
    await b.import(symbol, file("2024-01-02"));
    await a.import(symbol, file("2024-02-02"));
    const fresh = new CandleStore({ blobs, now: () => NOW });
    expect(Object.keys((await fresh.manifest("EURUSD")).months).sort()).toEqual(["2024-01", "2024-02"]);
  });

  it("writes nothing when the import has a bad row", async () => {
    const { blobs, store } = make();
    const symbol = getSymbol("EURUSD");
    const text =
      "time,open,high,low,close\n2024-01-02 10:00,1.1,1.2,1.0,1.1\n2024-01-02 10:01,1.1,1.0,1.2,1.1\n2024-02-02 10:01,1.1,1.2,1.0,1.1\n";
    const result = importBars(text, { symbol });
    await expect(store.import(symbol, result)).rejects.toThrow(ImportRowsError);
    await expect(store.import(symbol, result)).rejects.toThrow(
      /1 bad row\(s\), nothing was written\. line 3: high 1 is below low 1.2/,
    );
    expect(blobs.objects.size).toBe(0);
    expect(blobs.objects.has(manifestKey("EURUSD"))).toBe(false);
  });

  it("serves repeated reads from the isolate cache", async () => {
    const blobs = new MemoryBlobStore();
    let gets = 0;
    const counting = {
      ...blobs,
      get: async (k: string) => {
        gets++;
        return blobs.get(k);
      },
      put: blobs.put.bind(blobs),
      delete: blobs.delete.bind(blobs),
    };
    const cache = new LruCache<CachedMonth>();
    const store = new CandleStore({ blobs: counting, cache, now: () => NOW });
    await store.candles("USDJPY", "H1", T("2024-02-01T00:00:00Z"), T("2024-03-01T00:00:00Z"));
    const after = gets;
    await store.candles("USDJPY", "M15", T("2024-02-05T00:00:00Z"), T("2024-02-10T00:00:00Z"));
    expect(gets).toBe(after);
    expect(cache.size).toBe(1);
  });

  it("keeps generated demo months packed: a year of M1 fits a cache that held four months decoded (issue 11)", async () => {
    // 56 bytes a bar decoded: 8 MB held about four months of M1. Packed, a year stays cached, and a second
    // read (the backtest runner's second pass) answers the same bars without generating them again.
    const cache = new LruCache<CachedMonth>(8 * 1024 * 1024);
    const store = new CandleStore({
      blobs: new MemoryBlobStore(),
      cache,
      now: () => NOW,
      persistDemo: false,
    });
    const months = monthsInRange(T("2023-01-01T00:00:00Z"), T("2024-01-01T00:00:00Z"));
    const first = [];
    for (const m of months) first.push(await store.month(getSymbol("EURUSD"), m));
    expect(cache.size).toBe(12);
    for (const [i, m] of months.entries()) {
      const again = await store.month(getSymbol("EURUSD"), m);
      expect(again?.bars.close).toEqual(first[i]?.bars.close);
      expect(again?.bars.high).toEqual(demoMonth(getSymbol("EURUSD"), m).high);
    }
  });

  it("answers a month at its own period with the month's bars (the runner's fast path)", async () => {
    const store = new CandleStore({ blobs: new MemoryBlobStore(), now: () => NOW, persistDemo: false });
    const from = T("2024-02-05T10:00:00Z");
    const to = T("2024-02-20T00:00:00Z");
    const a = await store.candles("EURUSD", "M1", from, to);
    const all = demoMonth(getSymbol("EURUSD"), "2024-02");
    const i = all.time.indexOf(from);
    expect(a.bars.length).toBe(all.time.indexOf(to) - i);
    expect(a.bars.time[0]).toBe(from);
    expect(Array.from(a.bars.low)).toEqual(Array.from(all.low.subarray(i, i + a.bars.length)));
    expect(a.demo).toBe(true);
  });

  it("with a pause, generates a demo month in pieces and pauses between them (issue 11)", async () => {
    let pauses = 0;
    const store = new CandleStore({
      blobs: new MemoryBlobStore(),
      now: () => NOW,
      persistDemo: false,
      pause: async () => {
        pauses++;
      },
    });
    const from = T("2024-02-01T00:00:00Z");
    const to = T("2024-03-01T00:00:00Z");
    const a = await store.candles("EURUSD", "M1", from, to);
    const all = demoMonth(getSymbol("EURUSD"), "2024-02");
    expect(pauses).toBeGreaterThan(10);
    expect(Array.from(a.bars.close)).toEqual(Array.from(all.close));
    expect(Array.from(a.bars.spread)).toEqual(Array.from(all.spread));
    const cached = pauses;
    await store.candles("EURUSD", "M1", from, to); // cached: nothing generated, nothing paused
    expect(pauses).toBe(cached);
  });

  it("with a pause, a generation cut off mid-month (its context died) does not hold up other callers", async () => {
    let calls = 0;
    const store = new CandleStore({
      blobs: new MemoryBlobStore(),
      now: () => NOW,
      persistDemo: false,
      // The first caller's pauses never end, as when the Durable Object driving it is reset.
      pause: () => (calls++ === 0 ? new Promise<void>(() => {}) : Promise.resolve()),
    });
    const from = T("2024-02-01T00:00:00Z");
    const to = T("2024-03-01T00:00:00Z");
    void store.candles("EURUSD", "M1", from, to);
    const b = await store.candles("EURUSD", "M1", from, to);
    expect(Array.from(b.bars.close)).toEqual(Array.from(demoMonth(getSymbol("EURUSD"), "2024-02").close));
  });

  it("evicts least recently used months past its byte budget", () => {
    const c = new LruCache<number>(100);
    c.set("a", 1, 40);
    c.set("b", 2, 40);
    c.get("a");
    c.set("c", 3, 40);
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBe(1);
    expect(c.usedBytes).toBe(80);
  });

  it("refuses empty and huge ranges", async () => {
    const { store } = make();
    await expect(store.candles("EURUSD", "H1", 10, 10)).rejects.toThrow(/start before its end/);
    await expect(
      store.candles("EURUSD", "D1", T("1990-01-01T00:00:00Z"), T("2024-01-01T00:00:00Z")),
    ).rejects.toThrow(/at most 240/);
    await expect(store.candles("XXXYYY", "D1", 0, 1)).rejects.toThrow(/Unknown symbol/);
  });

  it("a failing month leaves no unhandled rejection behind from the months read ahead", async () => {
    const { store, blobs } = make();
    // Four imported months listed in the manifest whose chunks are all missing: every read fails.
    const months = ["2019-01", "2019-02", "2019-03", "2019-04"];
    const manifest = {
      version: 1,
      months: Object.fromEntries(months.map((m) => [m, { period: "M1", bars: 1, rev: "x" }])),
    };
    await blobs.put(manifestKey("EURUSD"), new TextEncoder().encode(JSON.stringify(manifest)));
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on("unhandledRejection", onUnhandled);
    try {
      await expect(
        store.candles("EURUSD", "H1", T("2019-01-01T00:00:00Z"), T("2019-05-01T00:00:00Z")),
      ).rejects.toThrow(/EURUSD 2019-01: imported M1 data is listed but missing/);
      // Unhandled rejections are reported after the microtask queue drains.
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it("keeps imported bars exactly (round trip through the store)", async () => {
    const { store } = make();
    const symbol = getSymbol("USDJPY");
    const bars = barsFromRows([
      {
        time: T("2013-02-01T00:00:00Z"),
        open: 91.717,
        high: 91.72,
        low: 91.655,
        close: 91.655,
        volume: 3,
        spread: 16,
      },
    ]);
    await store.import(symbol, {
      format: "generic",
      bars,
      resolution: "M1",
      errors: [],
      errorCount: 0,
      rows: 1,
    });
    const got = await store.candles("USDJPY", "M1", T("2013-02-01T00:00:00Z"), T("2013-02-01T00:01:00Z"));
    expect(toRows(got.bars)).toEqual(toRows(bars));
  });
});
